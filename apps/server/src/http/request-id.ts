import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a request id comes in on (from a proxy) and goes out on. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming id is kept only when it is a short token of safe characters (a proxy's or a load
 * balancer's id: hex, a UUID): it goes into every log line and answer, so nothing a client could
 * use to forge log lines or inflate them is echoed.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$/;

/** Fastify's `genReqId`: the proxy's id when it is safe, a new UUID otherwise. */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Every answer names its request (`X-Request-Id`), so a person reporting a problem, or the
 * browser's error reporting, can hand over the id that finds the request's log lines.
 */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
