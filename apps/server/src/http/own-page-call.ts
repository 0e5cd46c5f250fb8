import type { FastifyRequest } from 'fastify';

/**
 * A call the app's own page made: the browser says so (Sec-Fetch-Site), or, for one that does not
 * send that header, its Origin names this host. An API client sends neither.
 */
export function isOwnPageCall(request: Pick<FastifyRequest, 'headers' | 'host'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
