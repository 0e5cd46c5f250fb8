import fp from 'fastify-plugin';
import { flagRoutes } from './routes.js';
import { createFlagService, type FlagService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The feature flags and experiments of the flag file. */
    flags: FlagService;
  }
}

/** Feature flags and experiments (OFREP): a bad flag file stops the start-up here. */
export const flagsPlugin = fp(
  async (app) => {
    const service = await createFlagService({ file: app.config.flags.file, log: app.log });
    app.addHook('onClose', () => service.close());
    app.decorate('flags', service);
    await app.register(flagRoutes, { service });
  },
  { name: 'flags', dependencies: ['core'] },
);
