import type { FastifyBaseLogger } from 'fastify';

/** Runs a Redis command, or its in-memory stand-in while Redis fails. */
export type RedisGuard = <T>(run: () => Promise<T>, otherwise: () => Promise<T>) => Promise<T>;

/**
 * A guard for counters kept in Redis: while Redis fails, each call answers from this instance's
 * memory instead of failing, and the outage is logged once (`<what>: Redis unavailable`), not
 * once per call.
 */
export function redisFallback(log: FastifyBaseLogger, what: string): RedisGuard {
  let isDown = false;
  return async (run, otherwise) => {
    try {
      const result = await run();
      isDown = false;
      return result;
    } catch (err) {
      if (!isDown) {
        const { name, message } = err as Error;
        log.error({ err: { name, message } }, `${what}: Redis unavailable`);
      }
      isDown = true;
      return otherwise();
    }
  };
}
