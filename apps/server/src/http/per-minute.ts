/** A route's rate limit: `max` calls per client IP in a minute. */
export function perMinute(max: number): { max: number; timeWindow: string } {
  return { max, timeWindow: '1 minute' };
}
