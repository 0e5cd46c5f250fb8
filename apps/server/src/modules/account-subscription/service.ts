import {
  ACCOUNT_SUBSCRIPTION_PATH,
  type AccountSubscriptionDetail,
  type AccountSubscriptionResponse,
  type CancelReason,
  FORM_FIELD,
  type Locale,
  lastRenewalRetryAt,
  type MessageKey,
  PAYMENT_TYPES,
  type PaymentType,
  type PendingPlan,
  resolveLocale,
  type SubscriptionRenewalPrice,
  type SubscriptionRetry,
  supportPhoneFor,
  termForYears,
  translateMessage,
} from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { Db, Executor } from '../../db/client.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { findUserAddress, findUserById } from '../account/repo.js';
import { noticeDate } from '../email/templates/notice-date.js';
import {
  paymentMethodWords,
  type SubscriptionEmailKind,
  subscriptionRenewalEmail,
} from '../email/templates/subscription-renewal.js';
import { queueCoParentNotices } from './coparent-notices.js';
import { lockOrderSubscriptions } from './order-subscriptions-lock.js';
import { createPlanChanges } from './plan-change.js';
import type { PlanPricing } from './plans.js';
import { planToRenew, quoteRenewal } from './renewal-price.js';
import {
  endRenewal,
  findMembersOfOrder,
  findOwnSubscriptionId,
  findRenewal,
  findSubscription,
  hasPendingRenewalAttempt,
  recordChanges,
  type SubscriptionRow,
  updateRenewal,
} from './repo.js';

export type AccountSubscriptionDeps = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  pricing: PlanPricing;
  publicUrl: string;
};
export type AccountSubscriptionService = ReturnType<typeof createAccountSubscriptionService>;

/**
 * What a call asks of the renewal: the state it leaves, and the change it records (a payer's
 * change: the renewal job's ENDED is not one).
 */
type RenewalChange = { kind: SubscriptionEmailKind; reason: CancelReason | null };

const SubscriptionIdSchema = z.uuid();

function isPaymentType(value: string): value is PaymentType {
  return (PAYMENT_TYPES as readonly string[]).includes(value);
}

/** A 409 with the localised reason at the form (the error summary shows it). */
function refusal(key: MessageKey, locale: Locale, params?: Record<string, string>) {
  const text = translateMessage(key, locale, params);
  return new FieldValidationError([{ field: FORM_FIELD, text, type: 'ERROR' }], { status: 409 });
}

function isCurrent(row: SubscriptionRow, now: Date): boolean {
  return row.status === 'ACTIVE' && row.renewsAt.getTime() > now.getTime();
}

/**
 * The declined renewal being tried again (decision 057), if it is: the term's date has passed,
 * auto-renewal is on, and the order's renewal is OPEN after at least one decline. Read under the
 * renewal row's lock in a change (after the subscriptions' lock, as the renewal job takes them).
 */
async function retryOf(
  exec: Executor,
  row: SubscriptionRow,
  autoRenew: boolean,
  options: { lock?: boolean } = {},
): Promise<SubscriptionRetry | null> {
  if (!row.orderId || row.status !== 'ACTIVE' || !autoRenew) return null;
  const renewal = await findRenewal(exec, row.orderId, options);
  if (renewal?.status !== 'OPEN' || renewal.declines === 0) return null;
  return {
    nextAttemptAt: renewal.nextAttemptAt.toISOString(),
    lastAttemptAt: lastRenewalRetryAt(renewal.dueAt).toISOString(),
  };
}

/**
 * The subscription page and the payer's renewal controls (decision 054). The unit is the order:
 * one payment renews every subscription it bought together (Parent A's and the co-parent's they
 * pay for), so turning auto-renewal off or on, canceling, or changing the plan at renewal
 * (decision 062) changes them all at once. Only the order's buyer may change it, while the paid
 * term runs or a declined renewal is tried again (stopping it then ends it); each change is
 * recorded (when, by whom) and confirmed by email in the payer's language, in the same
 * transaction. A call that changes nothing (off when off) answers the state as it is and writes
 * nothing.
 */
export function createAccountSubscriptionService(deps: AccountSubscriptionDeps) {
  const { db, mailer, log, now, pricing } = deps;
  const subscriptionUrl = `${deps.publicUrl}${ACCOUNT_SUBSCRIPTION_PATH}`;

  /** The members the payer's order renews besides the payer (the co-parent they pay for). */
  async function othersRenewedBy(exec: Executor, orderId: string, payerId: string) {
    return (await findMembersOfOrder(exec, orderId)).filter((m) => m.userId !== payerId);
  }

  /** The subscription when this user may see it: theirs, or one they pay for; else 404. */
  async function visible(exec: Executor, userId: string, subscriptionId: string) {
    // A malformed id is not looked up (the column is a uuid): it is just not found.
    if (!SubscriptionIdSchema.safeParse(subscriptionId).success) {
      throw new AppError('SUBSCRIPTION_NOT_FOUND');
    }
    const row = await findSubscription(exec, subscriptionId);
    if (!row || (row.memberUserId !== userId && row.buyerUserId !== userId)) {
      throw new AppError('SUBSCRIPTION_NOT_FOUND');
    }
    return row;
  }

  /** The renewal's price now: the checkout's pricing of the same order, without codes. */
  async function renewalPrice(
    row: SubscriptionRow,
    userId: string,
    locale: Locale,
  ): Promise<SubscriptionRenewalPrice | null> {
    if (!row.order || row.buyerUserId !== userId) return null;
    // Unpriced, the page says the price is confirmed before the renewal. The plan chosen for the
    // next term, if any, is what renews.
    const priced = await quoteRenewal({ db, pricing }, planToRenew(row.order), userId, locale);
    if (!priced) return null;
    const { currencyCode, total, totalFormatted, taxAmountFormatted } = priced.totals;
    return { currencyCode, total, totalFormatted, taxAmountFormatted };
  }

  async function detail(
    row: SubscriptionRow,
    userId: string,
    locale: Locale,
  ): Promise<AccountSubscriptionDetail> {
    const isPayer = row.buyerUserId === userId;
    const current = isCurrent(row, now());
    // Only the payer reads that their payment was declined and is tried again.
    const retrying = isPayer && !current ? await retryOf(db, row, row.autoRenew) : null;
    const method = row.paymentMethod;
    const [price, others] = await Promise.all([
      current || retrying ? renewalPrice(row, userId, locale) : Promise.resolve(null),
      row.orderId && isPayer ? othersRenewedBy(db, row.orderId, userId) : [],
    ]);
    return {
      subscriptionId: row.id,
      packageName: row.packageName[locale],
      years: row.years === 2 ? 2 : 1,
      renewsAt: row.renewsAt.toISOString(),
      autoRenew: row.autoRenew,
      canceledAt: row.canceledAt?.toISOString() ?? null,
      isCurrent: current,
      paidBy: {
        payer: isPayer ? 'YOU' : row.professionalUserId ? 'PROFESSIONAL' : 'CO_PARENT',
        ...row.payer,
      },
      canChange: isPayer && (current || retrying !== null),
      retrying,
      renewalPrice: price,
      paymentMethod:
        isPayer && method?.isVaulted && isPaymentType(method.paymentType)
          ? {
              paymentType: method.paymentType,
              cardType: method.cardType,
              lastFour: method.cardLastFour,
            }
          : null,
      alsoRenews: others.map(({ firstName, lastName }) => ({ firstName, lastName })),
      pendingPlan: isPayer ? pendingPlan(row, price, locale) : null,
    };
  }

  /** The plan chosen for the next term, from the renewal date, at the renewal's price. */
  function pendingPlan(
    row: SubscriptionRow,
    price: SubscriptionRenewalPrice | null,
    locale: Locale,
  ): PendingPlan | null {
    const order = row.order;
    if (!order?.nextPackageId || !order.nextPackageName) return null;
    return {
      packageId: order.nextPackageId,
      packageName: order.nextPackageName[locale],
      years: order.nextProductId === termForYears(2) ? 2 : 1,
      price,
      effectiveAt: row.renewsAt.toISOString(),
    };
  }

  /** GET /v2/account/subscription: the user's own subscription (null when they have none). */
  async function own(userId: string, locale: Locale): Promise<AccountSubscriptionResponse> {
    const id = await findOwnSubscriptionId(db, userId);
    if (!id) return { subscription: null };
    return { subscription: await detail(await visible(db, userId, id), userId, locale) };
  }

  /** Why this user may not change this subscription's renewal, if they do not pay for it. */
  function assertPayer(row: SubscriptionRow, userId: string, locale: Locale) {
    const name = `${row.payer.firstName} ${row.payer.lastName}`.trim();
    if (row.professionalUserId) throw refusal('subscription_professional_error', locale, { name });
    if (row.buyerUserId !== userId) throw refusal('subscription_notPayer_error', locale, { name });
  }

  /**
   * After the term's date only a declined renewal being tried again can still be changed (turning
   * it off or canceling stops the tries), and not while a try is with the gateway: its outcome
   * (a charge) would otherwise race the change. True when it is being retried.
   */
  async function assertStillChangeable(
    tx: Executor,
    row: SubscriptionRow,
    autoRenew: boolean,
    locale: Locale,
    at: Date,
  ): Promise<boolean> {
    if (isCurrent(row, at)) return false;
    const retry = await retryOf(tx, row, autoRenew, { lock: true });
    if (!retry) {
      const date = noticeDate(row.renewsAt, locale, 'UTC');
      throw refusal('subscription_ended_error', locale, { date });
    }
    if (await hasPendingRenewalAttempt(tx, row.orderId ?? '')) {
      throw refusal('subscription_renewalInProgress_error', locale);
    }
    return true;
  }

  /**
   * Applies a change to every subscription of the order, under the rows' lock: the state after
   * it, the rows that changed, their change records and the confirmation email, or nothing when
   * nothing changes.
   */
  async function change(
    userId: string,
    subscriptionId: string,
    wanted: RenewalChange,
    locale: Locale,
  ): Promise<AccountSubscriptionResponse> {
    const instant = now();
    let queued: QueuedMail | undefined;
    let notices: QueuedMail[] = [];
    // Priced before the transaction (the catalog and tax are read outside it): the email of
    // turning it on says what the renewal charges.
    const price =
      wanted.kind === 'AUTO_RENEW_ON'
        ? await renewalPrice(await visible(db, userId, subscriptionId), userId, locale)
        : null;
    await db.transaction(async (tx: Executor) => {
      const row = await visible(tx, userId, subscriptionId);
      assertPayer(row, userId, locale);
      const orderId = row.orderId ?? '';
      const locked = await lockOrderSubscriptions(tx, orderId);
      const autoRenew = locked.some((s) => s.autoRenew);
      const retrying = await assertStillChangeable(tx, row, autoRenew, locale, instant);
      const turnOn = wanted.kind === 'AUTO_RENEW_ON';
      const canceling = wanted.kind === 'CANCELED';
      const changed = locked.filter((s) =>
        turnOn ? !s.autoRenew : canceling ? s.canceledAt === null : s.autoRenew,
      );
      if (changed.length === 0) return;
      const ids = changed.map((s) => s.id);
      await updateRenewal(tx, ids, {
        autoRenew: turnOn,
        // Off keeps a cancellation as it was; on undoes it; cancel keeps the first moment.
        canceledAt: turnOn ? null : canceling ? instant : (row.canceledAt ?? null),
      });
      await recordChanges(tx, ids, { ...wanted, changedByUserId: userId, at: instant });
      // Stopped while retried: the job tries no more, and the subscription has ended.
      if (retrying && !turnOn) await endRenewal(tx, orderId, instant);
      queued = await queueConfirmation(tx, row, userId, wanted.kind, price, retrying);
      // The co-parent hears only when their renewal flips (off then cancel tells them once).
      const flipped = changed.filter((s) => s.autoRenew !== turnOn).map((s) => s.id);
      notices = await queueCoParentNotices(tx, mailer, {
        kind: turnOn ? 'RENEWS' : retrying ? 'ENDED' : 'ENDS',
        orderId,
        payerId: userId,
        payerName: `${row.payer.firstName} ${row.payer.lastName}`,
        subscriptionIds: flipped,
        packageName: row.packageName,
        endDate: row.renewsAt,
      });
    });
    if (queued) {
      log.info({ userId, subscriptionId, kind: wanted.kind }, 'the subscription renewal changed');
      void queued.deliver();
    }
    for (const notice of notices) void notice.deliver();
    return {
      subscription: await detail(await visible(db, userId, subscriptionId), userId, locale),
    };
  }

  /** The payer's confirmation, in their language, queued in the change's transaction. */
  async function queueConfirmation(
    tx: Executor,
    row: SubscriptionRow,
    userId: string,
    kind: SubscriptionEmailKind,
    price: SubscriptionRenewalPrice | null,
    retriesStopped: boolean,
  ): Promise<QueuedMail | undefined> {
    const [user, address] = await Promise.all([
      findUserById(tx, userId),
      findUserAddress(tx, userId),
    ]);
    if (!user?.email) return undefined;
    const payerLocale = resolveLocale(user.locale);
    const [coParent] = row.orderId ? await othersRenewedBy(tx, row.orderId, userId) : [];
    const method = row.paymentMethod?.isVaulted ? row.paymentMethod : null;
    const mail = subscriptionRenewalEmail({
      kind,
      locale: payerLocale,
      firstName: user.firstName,
      supportPhone: supportPhoneFor(address?.country).display,
      packageName: row.packageName[payerLocale],
      endDate: noticeDate(row.renewsAt, payerLocale, 'UTC'),
      coParentName: coParent ? `${coParent.firstName} ${coParent.lastName}` : null,
      renewalPrice: price?.totalFormatted ?? null,
      paymentMethod: method ? paymentMethodWords(method, payerLocale) : null,
      subscriptionUrl,
      retriesStopped,
    });
    return mailer.send({ to: user.email, locale: payerLocale, ...mail, secretsExpireAt: null }, tx);
  }

  /** The payer's subscription with its order, or the 409 that says why they may not change it. */
  async function payersOrder(userId: string, subscriptionId: string, locale: Locale) {
    const row = await visible(db, userId, subscriptionId);
    assertPayer(row, userId, locale);
    if (!row.order) throw new AppError('SUBSCRIPTION_NOT_FOUND');
    if (!isCurrent(row, now()) && !(await retryOf(db, row, row.autoRenew))) {
      const date = noticeDate(row.renewsAt, locale, 'UTC');
      throw refusal('subscription_ended_error', locale, { date });
    }
    return { row, order: row.order };
  }

  const planChanges = createPlanChanges(deps, {
    visible,
    assertPayer,
    assertStillChangeable,
    detail,
    othersRenewedBy,
    payersOrder,
    subscriptionUrl,
  });

  return {
    own,
    ...planChanges,
    setAutoRenew: (userId: string, subscriptionId: string, autoRenew: boolean, locale: Locale) =>
      change(
        userId,
        subscriptionId,
        { kind: autoRenew ? 'AUTO_RENEW_ON' : 'AUTO_RENEW_OFF', reason: null },
        locale,
      ),
    cancel: (userId: string, subscriptionId: string, reason: CancelReason | null, locale: Locale) =>
      change(userId, subscriptionId, { kind: 'CANCELED', reason }, locale),
  };
}
