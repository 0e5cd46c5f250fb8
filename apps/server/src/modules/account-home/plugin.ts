import { routesModule } from '../../http/routes-module.js';
import { createNewLinkRequests } from '../invite/new-link.js';
import { createCoParentStatusService } from './coparent-status.js';
import { createCoParentTextService } from './coparent-text.js';
import { accountHomeRoutes } from './routes.js';
import { createAccountHomeService } from './service.js';

/** The account area's home page, and the co-parent's invitation sent again from it (text or email). */
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
    const newLinks = createNewLinkRequests({
      db: app.database.db,
      mailer: app.mailer,
      log: app.log,
      now: app.now,
      publicUrl: config.publicUrl,
      settings: {
        inviteTtlDays: config.checkout.inviteTtlDays,
        requestsPerHour: config.invite.requestsPerHour,
        requestIntervalSeconds: config.invite.requestIntervalSeconds,
      },
      metrics: app.counters,
    });
    const coParentStatus = createCoParentStatusService({ db: app.database.db, newLinks });
    return {
      prefix: '/v2',
      service: createAccountHomeService({
        db: app.database.db,
        now: app.now,
        coParentText,
        coParentStatus,
      }),
      coParentText,
      coParentStatus,
      auth: app.sessionAuth,
    };
  },
);
