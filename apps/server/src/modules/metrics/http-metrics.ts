import type { FastifyInstance } from 'fastify';
import type { PrometheusMetrics } from './prometheus.js';

/** The route label of a request no route matched (a 404): never its URL, which is unbounded. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every answered request by its route's pattern (`/v2/signups/:signupId`), so ids and
 * tokens never become labels and the series stay bounded. One histogram observation per
 * request, read from Fastify's own timer: nothing is serialised on the request path.
 */
export function registerHttpMetrics(
  app: FastifyInstance,
  observe: PrometheusMetrics['observeRequest'],
): void {
  app.addHook('onResponse', (request, reply, done) => {
    observe(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}
