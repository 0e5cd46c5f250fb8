import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { bearerTokenMatches } from './bearer-token.js';
import type { PrometheusMetrics } from './prometheus.js';

export type MetricsServer = { port: number; close(): Promise<void> };

/**
 * /metrics on a port of its own (METRICS_PORT, on METRICS_HOST: the loopback address unless
 * set), for a scraper on the machine or its private network; the app's port then serves none.
 * A plain node:http server: it answers GET /metrics and nothing else, with the token check when
 * METRICS_TOKEN is set too.
 */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  token: string | undefined;
  scrape: PrometheusMetrics['scrape'];
  contentType: string;
  log: FastifyBaseLogger;
}): Promise<MetricsServer> {
  const { token, scrape, contentType, log } = options;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token !== undefined && !bearerTokenMatches(request.headers.authorization, token)) {
      response
        .writeHead(401, {
          'content-type': 'text/plain',
          'www-authenticate': 'Bearer realm="metrics"',
        })
        .end('Unauthorized\n');
      return;
    }
    scrape().then(
      (text) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        log.error({ err }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
