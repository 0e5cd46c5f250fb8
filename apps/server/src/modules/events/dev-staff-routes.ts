import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { ProblemSchema } from '../../http/schemas.js';
import { StaffError, setStaff } from '../staff/staff.js';

/**
 * POST /v2/dev/staff `{ username }`: grants the staff role, as `npm run staff -- --grant` does, so
 * the browser test of the funnel report can read it. Registered only outside production (with
 * the dev mailbox); production has the command line only.
 */
export const devStaffRoutes: FastifyPluginAsyncZod<{ db: Executor }> = async (app, opts) => {
  app.post(
    '/staff',
    {
      schema: {
        tags: ['development'],
        summary: 'Grant the staff role to a username (not in production)',
        body: z.object({ username: z.string().min(1).max(100) }),
        response: {
          200: z.object({ userId: z.string(), username: z.string(), isStaff: z.boolean() }),
          404: ProblemSchema,
        },
      },
    },
    async (request) => {
      try {
        return await setStaff(opts.db, request.body.username, true);
      } catch (err) {
        if (err instanceof StaffError) throw new AppError('NOT_FOUND');
        throw err;
      }
    },
  );
};
