/** A route's rate limit, as @fastify/rate-limit reads it from the route config. */
export type RouteRateLimit = { max: number; timeWindow: string };

/** A route's rate limit: `max` calls per client IP in a minute. */
export function perMinute(max: number): RouteRateLimit {
  return { max, timeWindow: '1 minute' };
}
