import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { RouteRateLimit } from '../../http/per-minute.js';
import { errorResponses } from '../../http/schemas.js';
import { findUserById } from '../account/repo.js';
import type { SessionAuth } from '../session/session-auth.js';
import { FunnelReportSchema, funnelReport, parseSince } from './report.js';
import { EventsAcceptedSchema, EventsBatchSchema } from './schemas.js';
import type { EventsService } from './service.js';

export type EventsRoutesOptions = {
  service: EventsService;
  db: Executor;
  auth: SessionAuth;
  now: () => Date;
  /** POST /events per client IP. */
  eventsRateLimit: RouteRateLimit;
};

const DEFAULT_SINCE = '7d';

/** Analytics events from the browser, and the staff-only funnel report; registered under /v2. */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, opts) => {
  const { service, auth, db } = opts;

  app.post(
    '/events',
    {
      config: { rateLimit: opts.eventsRateLimit },
      schema: {
        tags: ['analytics'],
        summary: 'Analytics events (Segment batch shape), stored and forwarded',
        description:
          'Body `{ batch: [{ type: track|page|identify, event?, name?, properties?, traits?, ' +
          'anonymousId, userId?, timestamp, messageId, context?: { page: { path } } }], sentAt? }` ' +
          '(1–100 events, JSON only: `navigator.sendBeacon` sends a Blob of type ' +
          'application/json). 202: stored (a messageId already stored is skipped), forwarded to ' +
          'Segment when configured. Identifying property keys (email, password, token, card…) ' +
          'are dropped. 422 for a batch that does not fit; 429 per client IP.',
        body: EventsBatchSchema,
        response: {
          202: EventsAcceptedSchema,
          ...errorResponses(422, 429),
        },
      },
    },
    async (request, reply) => {
      const answer = await service.ingest(request.body);
      return reply.status(202).send(answer);
    },
  );

  app.get(
    '/admin/funnel',
    {
      onRequest: auth.requireSession,
      preValidation: async (request) => {
        const user = await findUserById(db, auth.sessionOf(request).userId);
        if (!user?.isStaff) throw new AppError('STAFF_REQUIRED');
      },
      schema: {
        tags: ['analytics'],
        summary: 'The Parent A funnel report (staff only)',
        description:
          '`since`: the window, `30m`, `24h`, `7d` (default), `2w` (at most a year). Per step: ' +
          'distinct visitors (anonymousId) that reached it and every earlier step, the ' +
          'conversion to the next; the same per arm of each experiment with exposures in the ' +
          'window. 401 SESSION_REQUIRED; 403 STAFF_REQUIRED.',
        querystring: z.object({
          since: z
            .string()
            .max(10)
            .refine((value) => parseSince(value) !== null, { message: 'e.g. 7d, 24h, 30m, 2w' })
            .optional(),
        }),
        response: {
          200: FunnelReportSchema,
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const windowMs = parseSince(request.query.since ?? DEFAULT_SINCE) ?? 0;
      return funnelReport(db, { windowMs, until: opts.now() });
    },
  );
};
