import {
  type AccountSubscriptionDetail,
  type AccountSubscriptionResponse,
  type Locale,
  resolveLocale,
  type SubscriptionPlansResponse,
  supportPhoneFor,
  termForYears,
} from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { Executor } from '../../db/client.js';
import { fieldError } from '../../errors.js';
import { findUserAddress, findUserById } from '../account/repo.js';
import { noticeDate } from '../email/templates/notice-date.js';
import {
  type PlanChangeKind,
  planChangeEmail,
  planWords,
} from '../email/templates/subscription-plan-change.js';
import { paymentMethodWords } from '../email/templates/subscription-renewal.js';
import { lockOrderSubscriptions } from './order-subscriptions-lock.js';
import { offeredPlans, type PlanPricing } from './plans.js';
import type { RenewedOrder } from './renewal-price.js';
import { recordChanges, type SubscriptionRow, setNextPlan } from './repo.js';

type PlanChangeDeps = {
  db: Executor;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  pricing: PlanPricing;
};

/** What a plan change takes from the subscription page: reading a row and the checks on it. */
export type SubscriptionPageChecks = {
  visible(exec: Executor, userId: string, subscriptionId: string): Promise<SubscriptionRow>;
  assertPayer(row: SubscriptionRow, userId: string, locale: Locale): void;
  assertStillChangeable(
    exec: Executor,
    row: SubscriptionRow,
    autoRenew: boolean,
    locale: Locale,
    at: Date,
  ): Promise<boolean>;
  detail(row: SubscriptionRow, userId: string, locale: Locale): Promise<AccountSubscriptionDetail>;
  othersRenewedBy(
    exec: Executor,
    orderId: string,
    payerId: string,
  ): Promise<{ firstName: string; lastName: string }[]>;
  /** The payer's own order of a subscription still in its term (or being retried), else 409. */
  payersOrder(
    userId: string,
    subscriptionId: string,
    locale: Locale,
  ): Promise<{ row: SubscriptionRow; order: NonNullable<SubscriptionRow['order']> }>;
  subscriptionUrl: string;
};

/** The order as it was bought (the current plan), without the change chosen for the next term. */
function boughtPlan(order: NonNullable<SubscriptionRow['order']>): RenewedOrder {
  const { packageId, productId, services, payForCoParent } = order;
  return { packageId, productId, services, payForCoParent };
}

/**
 * Changing the plan the next term renews on (decision 062): the plans offered, priced as the
 * checkout prices them, and the change stored on the order for the renewal to read. No proration.
 */
export function createPlanChanges(deps: PlanChangeDeps, page: SubscriptionPageChecks) {
  const { db, mailer, log, now, pricing } = deps;
  const { visible, assertPayer, assertStillChangeable, detail, othersRenewedBy, payersOrder } =
    page;
  const { subscriptionUrl } = page;

  /** GET .../plans: the plans the payer may renew on, each priced for them (decision 062). */
  async function plans(
    userId: string,
    subscriptionId: string,
    locale: Locale,
  ): Promise<SubscriptionPlansResponse> {
    const { order } = await payersOrder(userId, subscriptionId, locale);
    return {
      currentPackageId: order.packageId,
      plans: await offeredPlans({ db, pricing }, boughtPlan(order), userId, locale),
    };
  }

  /**
   * PUT .../plan: the next term renews on this plan (the current package undoes a change). Stored
   * on the order with one PLAN_CHANGED (or PLAN_CHANGE_UNDONE) row per subscription and the
   * payer's email, in one transaction under the order's subscriptions' lock; asking for the plan
   * already chosen changes and sends nothing. Takes effect at the renewal date: no proration.
   */
  async function setPlan(
    userId: string,
    subscriptionId: string,
    packageId: number,
    locale: Locale,
  ): Promise<AccountSubscriptionResponse> {
    const instant = now();
    const { row: first, order } = await payersOrder(userId, subscriptionId, locale);
    const orderId = first.orderId ?? '';
    const undo = packageId === order.packageId;
    // Priced before the transaction, as the checkout prices it; only an offered plan is taken
    // (the current one may always be kept, even when the catalog no longer offers it).
    const offered = await offeredPlans({ db, pricing }, boughtPlan(order), userId, locale);
    const chosen = offered.find((plan) => plan.packageId === packageId);
    if (!chosen && !undo) throw fieldError('packageId', 'subscriptionPlan_package_error', locale);
    const name = (await pricing.catalogNow(db)).packages.find(
      (p) => p.id === packageId,
    )?.displayName;
    let queued: QueuedMail | undefined;
    await db.transaction(async (tx: Executor) => {
      const locked = await lockOrderSubscriptions(tx, orderId);
      // Read again under the lock: another tab's change is seen, not overwritten blindly.
      const row = await visible(tx, userId, subscriptionId);
      assertPayer(row, userId, locale);
      await assertStillChangeable(
        tx,
        row,
        locked.some((s) => s.autoRenew),
        locale,
        instant,
      );
      const next = row.order?.nextPackageId ?? null;
      if (undo ? next === null : next === packageId) return;
      const years = chosen?.years ?? (row.years === 2 ? 2 : 1);
      await setNextPlan(tx, orderId, undo ? null : { packageId, productId: termForYears(years) });
      await recordChanges(
        tx,
        locked.map((s) => s.id),
        {
          kind: undo ? 'PLAN_CHANGE_UNDONE' : 'PLAN_CHANGED',
          changedByUserId: userId,
          reason: undo ? null : String(packageId),
          at: instant,
        },
      );
      queued = await queuePlanEmail(tx, row, userId, {
        kind: undo ? 'UNDONE' : 'CHANGED',
        years,
        price: chosen?.price.totalFormatted ?? null,
        name: name ?? row.packageName,
      });
    });
    if (queued) {
      log.info({ userId, subscriptionId, packageId, undo }, 'the plan at renewal changed');
      void queued.deliver();
    }
    return {
      subscription: await detail(await visible(db, userId, subscriptionId), userId, locale),
    };
  }

  /** The payer's confirmation of the plan change (or its undoing), in their language. */
  async function queuePlanEmail(
    tx: Executor,
    row: SubscriptionRow,
    userId: string,
    change: {
      kind: PlanChangeKind;
      /** The chosen plan's term, its price now and its package's name. */
      years: number;
      price: string | null;
      name: SubscriptionRow['packageName'];
    },
  ): Promise<QueuedMail | undefined> {
    const [user, address] = await Promise.all([
      findUserById(tx, userId),
      findUserAddress(tx, userId),
    ]);
    if (!user?.email) return undefined;
    const payerLocale = resolveLocale(user.locale);
    const [coParent] = row.orderId ? await othersRenewedBy(tx, row.orderId, userId) : [];
    const method = row.paymentMethod?.isVaulted ? row.paymentMethod : null;
    const current = planWords(row.packageName[payerLocale], row.years, payerLocale);
    const mail = planChangeEmail({
      kind: change.kind,
      locale: payerLocale,
      firstName: user.firstName,
      supportPhone: supportPhoneFor(address?.country).display,
      currentPlan: current,
      newPlan:
        change.kind === 'CHANGED'
          ? planWords(change.name[payerLocale], change.years, payerLocale)
          : null,
      renewalDate: noticeDate(row.renewsAt, payerLocale, 'UTC'),
      price: change.price,
      paymentMethod: method ? paymentMethodWords(method, payerLocale) : null,
      coParentName: coParent ? `${coParent.firstName} ${coParent.lastName}` : null,
      subscriptionUrl,
    });
    return mailer.send({ to: user.email, locale: payerLocale, ...mail, secretsExpireAt: null }, tx);
  }

  return {
    plans,
    setPlan,
    undoPlan: async (userId: string, subscriptionId: string, locale: Locale) => {
      const { order } = await payersOrder(userId, subscriptionId, locale);
      return setPlan(userId, subscriptionId, order.packageId, locale);
    },
  };
}
