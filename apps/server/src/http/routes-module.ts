import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';

/** A module plugin's name and the plugins it needs registered first (decision 039). */
export type ModulePluginMeta = { name: string; dependencies: string[] };

/**
 * The plugin of a module that only serves routes: `options` builds the routes' options (their
 * prefix, the module's service, its rate limits) from the instance and its config, once the
 * dependencies are registered.
 */
export function routesModule<Options extends FastifyPluginOptions>(
  meta: ModulePluginMeta,
  routes: FastifyPluginAsync<Options>,
  options: (
    app: FastifyInstance,
    config: FastifyInstance['config'],
  ) => Options & { prefix: string },
) {
  return fp(async (app) => {
    await app.register(routes, options(app, app.config));
  }, meta);
}
