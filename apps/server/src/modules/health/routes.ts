import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LogLevel } from '../../config.js';
import { sendProblem } from '../../http/error-handler.js';
import { ProblemSchema } from '../../http/schemas.js';

export type HealthRoutesOptions = {
  /** Resolves when the database answers. */
  ping: () => Promise<void>;
  /** Resolves when the configured Redis (REDIS_URL) answers; unset without one. */
  pingRedis?: (() => Promise<unknown>) | undefined;
  /** Log level of these routes (probes are frequent: warnings only, see logger.atLeast). */
  logLevel: LogLevel;
};

const HealthSchema = z.object({ status: z.literal('ok') });
const READY_TIMEOUT_MS = 2000;

function withTimeout(promise: Promise<unknown>, ms: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { ping, pingRedis, logLevel },
) => {
  app.get(
    '/healthz',
    {
      logLevel,
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: HealthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      logLevel,
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database and, when configured, Redis answer',
        response: { 200: HealthSchema, 503: ProblemSchema },
      },
    },
    async (request, reply) => {
      // Both at once: a probe waits for the slower one, never for the sum.
      const checks = [
        { name: 'database', check: ping },
        ...(pingRedis ? [{ name: 'redis', check: pingRedis }] : []),
      ];
      const results = await Promise.allSettled(
        checks.map(({ check }) => withTimeout(check(), READY_TIMEOUT_MS)),
      );
      const failed = checks.flatMap(({ name }, index) => {
        const result = results[index];
        return result?.status === 'rejected' ? [{ name, err: result.reason as unknown }] : [];
      });
      if (failed.length === 0) return { status: 'ok' as const };
      for (const { name, err } of failed) {
        request.log.warn({ err, dependency: name }, `readiness check failed: ${name}`);
      }
      return sendProblem(reply, 'SERVICE_UNAVAILABLE');
    },
  );
};
