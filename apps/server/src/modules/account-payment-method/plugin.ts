import { perMinute } from '../../http/per-minute.js';
import { routesModule } from '../../http/routes-module.js';
import { accountPaymentMethodRoutes } from './routes.js';
import { createAccountPaymentMethodService } from './service.js';

/** The account's card update: the payment fields' client token, and the new method on file. */
export const accountPaymentMethodPlugin = routesModule(
  { name: 'account-payment-method', dependencies: ['core', 'adapters', 'session'] },
  accountPaymentMethodRoutes,
  (app, config) => ({
    prefix: '/v2',
    service: createAccountPaymentMethodService({
      db: app.database.db,
      gateway: app.paymentGateway,
      mailer: app.mailer,
      log: app.log,
      now: app.now,
      publicUrl: config.publicUrl,
    }),
    auth: app.sessionAuth,
    // As the checkout's: the token as often as its page, the update as often as a payment.
    clientTokenRateLimit: perMinute(config.rateLimit.clientTokenPerMinute),
    updateRateLimit: perMinute(config.rateLimit.paymentPerMinute),
  }),
);
