import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LogLevel } from '../../config.js';
import { sendProblem } from '../../http/error-handler.js';
import { ProblemSchema } from '../../http/schemas.js';

export type HealthRoutesOptions = {
  /** Resolves when the database answers. */
  ping: () => Promise<void>;
  /** Log level of these routes (probes are frequent: warnings only, see logger.atLeast). */
  logLevel: LogLevel;
};

const HealthSchema = z.object({ status: z.literal('ok') });
const READY_TIMEOUT_MS = 2000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (
  app,
  { ping, logLevel },
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
        summary: 'Readiness: the database answers',
        response: { 200: HealthSchema, 503: ProblemSchema },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(ping(), READY_TIMEOUT_MS);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return sendProblem(reply, 'SERVICE_UNAVAILABLE');
      }
    },
  );
};
