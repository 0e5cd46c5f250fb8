import { routesModule } from '../../http/routes-module.js';
import { createCoParentTextService } from './coparent-text.js';
import { accountHomeRoutes } from './routes.js';
import { createAccountHomeService } from './service.js';

/** The account area's home page, and the co-parent's invitation text sent again from it. */
export const accountHomePlugin = routesModule(
  { name: 'account-home', dependencies: ['core', 'adapters', 'session'] },
  accountHomeRoutes,
  (app, config) => {
    const coParentText = createCoParentTextService({
      db: app.database.db,
      smsSender: app.smsSender,
      log: app.log,
      now: app.now,
      invites: { publicUrl: config.publicUrl, inviteTtlDays: config.checkout.inviteTtlDays },
    });
    return {
      prefix: '/v2',
      service: createAccountHomeService({ db: app.database.db, now: app.now, coParentText }),
      coParentText,
      auth: app.sessionAuth,
    };
  },
);
