import type { FastifyPluginAsync } from 'fastify';
import type { LogLevel } from '../../config.js';
import { sendProblem } from '../../http/error-handler.js';
import { bearerTokenMatches } from './bearer-token.js';
import type { PrometheusMetrics } from './prometheus.js';

export type MetricsRoutesOptions = {
  scrape: PrometheusMetrics['scrape'];
  contentType: string;
  /** METRICS_TOKEN: required as `Authorization: Bearer <token>` when set. */
  token: string | undefined;
  /** Scrapes are frequent: warnings only (see logger.atLeast). */
  logLevel: LogLevel;
};

/**
 * GET /metrics on the app's port, in the Prometheus text format. Kept out of the OpenAPI
 * document: it is for the operator's scraper, not for the API's clients.
 */
export const metricsRoutes: FastifyPluginAsync<MetricsRoutesOptions> = async (
  app,
  { scrape, contentType, token, logLevel },
) => {
  app.get('/metrics', { logLevel, schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined && !bearerTokenMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return sendProblem(reply, 'UNAUTHORIZED');
    }
    reply.header('cache-control', 'no-store').type(contentType);
    return scrape();
  });
};
