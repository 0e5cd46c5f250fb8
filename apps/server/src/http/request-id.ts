import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

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

/** The request being served, for log lines written through the app's logger (services). */
type RequestScope = { id: string; log: FastifyBaseLogger };
const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * The `reqId` a log line needs: the current request's id, unless the line is written through that
 * request's own logger (`request.log`), which already binds it.
 */
export function requestIdForLogLine(logger: unknown): { reqId?: string } {
  const scope = requestScope.getStore();
  return scope && logger !== scope.log ? { reqId: scope.id } : {};
}

/**
 * Every answer names its request (`X-Request-Id`), so a person reporting a problem, or the
 * browser's error reporting, can hand over the id that finds the request's log lines. The rest of
 * the request runs in its scope, so what the services log through the app's logger (and the
 * deliveries they start) carries the id too.
 */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    requestScope.run({ id: request.id, log: request.log }, done);
  });
}
