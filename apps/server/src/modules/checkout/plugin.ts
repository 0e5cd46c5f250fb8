import fp from 'fastify-plugin';
import { isSandboxGateway } from '../../adapters/payment/sandbox.js';
import { securesCookies } from '../../http/cookies.js';
import { perMinute } from '../../http/per-minute.js';
import { checkoutRoutes } from './routes.js';
import { type CheckoutHooks, type CheckoutService, createCheckoutService } from './service.js';

/** What main.ts (and tests) can ask of the checkout beyond HTTP. */
export type CheckoutControl = {
  /** Settles every abandoned PENDING payment (see the checkout service). */
  reconcilePendingPayments(): Promise<{
    completed: number;
    failed: number;
    voided: number;
    unresolved: number;
    /** Charges that arrived for attempts already ended, voided or refunded (late-charges.ts). */
    lateChargesReversed: number;
  }>;
  /** Starts the periodic reconciliation (PAYMENT_RECONCILE_INTERVAL_SECONDS); stops on close. */
  startReconciliation(): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutControl;
    /** The payment of a signup's order, for the modules that pay too (the invited co-parent). */
    checkoutService: CheckoutService;
  }
}

export type CheckoutPluginOptions = {
  /** Test seams of the checkout (a simulated crash before the commit). */
  checkoutHooks?: CheckoutHooks | undefined;
};

/** The payment of a signup (the checkout calls), and the reconciliation of abandoned payments. */
export const checkoutPlugin = fp<CheckoutPluginOptions>(
  async (app, { checkoutHooks }) => {
    const { config } = app;
    const { rateLimit } = config;
    const service = createCheckoutService({
      db: app.database.db,
      gateway: app.paymentGateway,
      pricing: app.pricing,
      signups: app.signups,
      mailer: app.mailer,
      smsSender: app.smsSender,
      log: app.log,
      now: app.now,
      publicUrl: config.publicUrl,
      settings: config.checkout,
      hooks: checkoutHooks,
      flags: app.flags,
      exposures: app.events,
      runAlone: app.database.runAlone,
      metrics: app.counters,
    });
    app.decorate('checkoutService', service);
    await app.register(checkoutRoutes, {
      prefix: '/v2',
      service,
      sandboxTokenize: isSandboxGateway(app.paymentGateway) && !config.isProduction,
      paymentRateLimit: perMinute(rateLimit.paymentPerMinute),
      tokenizeRateLimit: perMinute(rateLimit.tokenizePerMinute),
      clientTokenRateLimit: perMinute(rateLimit.clientTokenPerMinute),
      secureCookies: securesCookies(config.publicUrl),
    });

    // Reconciliation of abandoned payments: main.ts runs it at start-up and starts the timer.
    let reconcileTimer: NodeJS.Timeout | undefined;
    let reconciling: Promise<unknown> | undefined;
    const reconcile = () => {
      reconciling ??= service.reconcilePendingPayments().finally(() => {
        reconciling = undefined;
      });
      return reconciling as ReturnType<CheckoutControl['reconcilePendingPayments']>;
    };
    app.decorate('checkout', {
      reconcilePendingPayments: reconcile,
      startReconciliation: () => {
        const seconds = config.checkout.reconcileIntervalSeconds;
        if (seconds === 0 || reconcileTimer) return;
        reconcileTimer = setInterval(() => {
          reconcile().catch((err: unknown) => app.log.error({ err }, 'reconciliation failed'));
        }, seconds * 1000);
        reconcileTimer.unref();
      },
    } satisfies CheckoutControl);
    app.addHook('onClose', async () => {
      if (reconcileTimer) clearInterval(reconcileTimer);
      await reconciling?.catch(() => {});
    });
  },
  {
    name: 'checkout',
    dependencies: ['core', 'adapters', 'flags', 'pricing', 'signup', 'events'],
  },
);
