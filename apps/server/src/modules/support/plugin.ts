import { perMinute } from '../../http/per-minute.js';
import { routesModule } from '../../http/routes-module.js';
import { supportRoutes } from './routes.js';
import { createSupportChatService } from './service.js';

/** Support chat: the Zendesk messaging token, for visitors and logged-in accounts. */
export const supportPlugin = routesModule(
  { name: 'support', dependencies: ['core', 'session'] },
  supportRoutes,
  (app, config) => ({
    prefix: '/pub/v1',
    service: createSupportChatService({
      db: app.database.db,
      now: app.now,
      zendesk: config.supportChat.zendesk,
    }),
    auth: app.sessionAuth,
    tokenRateLimit: perMinute(config.supportChat.tokenPerMinute),
  }),
);
