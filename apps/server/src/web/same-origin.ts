import type { FastifyRequest } from 'fastify';

/**
 * A form post this site's own page sent: the browser says so (Sec-Fetch-Site), or, for one that
 * does not send that header, its Origin names this host (as the request reached it, or behind a
 * proxy as the client asked for it). A post with neither (a client that is not a browser) is
 * taken: it cannot carry a visitor's cookies against their will.
 */
export function isSameOriginPost(request: Pick<FastifyRequest, 'headers' | 'host'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}
