import fp from 'fastify-plugin';
import { perMinute } from '../../http/per-minute.js';
import { eventsRoutes } from './routes.js';
import { createEventsService, type EventsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics events, and the exposures of the experiments the server decides. */
    events: EventsService;
  }
}

/** Analytics: POST /v2/events and the staff-only funnel report. */
export const eventsPlugin = fp(
  async (app) => {
    const db = app.database.db;
    const service = createEventsService({
      db,
      forwarder: app.eventForwarder,
      log: app.log,
      flags: app.flags,
    });
    app.decorate('events', service);
    await app.register(eventsRoutes, {
      prefix: '/v2',
      service,
      db,
      auth: app.sessionAuth,
      now: app.now,
      eventsRateLimit: perMinute(app.config.rateLimit.eventsPerMinute),
    });
  },
  { name: 'events', dependencies: ['core', 'adapters', 'flags', 'session'] },
);
