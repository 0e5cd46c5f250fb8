import {
  ACCOUNT_BILLING_PATH,
  ACCOUNT_SUBSCRIPTION_PATH,
  type CurrencyCode,
  formatMoney,
  type Locale,
  lastRenewalRetryAt,
  moneyLocale,
  resolveLocale,
  supportPhoneFor,
} from '@coparent/domain';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { PaymentGateway } from '../../adapters/payment/payment-gateway.js';
import type { Executor } from '../../db/client.js';
import type { PaymentRow } from '../../db/schema.js';
import { findUserAddress, findUserById } from '../account/repo.js';
import { queueCoParentNotices } from '../account-subscription/coparent-notices.js';
import { lockOrderSubscriptions } from '../account-subscription/order-subscriptions-lock.js';
import { planToRenew, quoteRenewal } from '../account-subscription/renewal-price.js';
import type { LoggedCoreDeps } from '../core-deps.js';
import { noticeDate } from '../email/templates/notice-date.js';
import { type RenewalNoticeKind, renewalNoticeEmail } from '../email/templates/renewal-notices.js';
import { paymentMethodWords } from '../email/templates/subscription-renewal.js';
import type { Metrics } from '../metrics/metrics.js';
import type { StoredFailure } from '../payments/failures.js';
import { createPayments, type VaultedAttempt } from '../payments/payments.js';
import type { PricingService } from '../pricing/service.js';
import { type RenewalAttempt, renewalCompletion } from './completion.js';
import { paymentMethodToCharge } from './payment-method.js';
import {
  beginRenewal,
  claimReminder,
  endSubscriptions,
  findDueOrders,
  findLatestRenewalPayment,
  findOrdersToRemind,
  lockRenewal,
  othersOfOrder,
  type RenewableOrder,
  updateRenewal,
} from './repo.js';
import { nextRetryAt, RENEWAL_UNAVAILABLE_RETRY_MS, reminderWindowEnd } from './schedule.js';

/** Orders handled per pass (each reminder and each charge is its own short transaction). */
const BATCH_SIZE = 200;

export type RenewalCounts = {
  reminders: number;
  renewed: number;
  declined: number;
  ended: number;
  /** Attempts whose outcome is unknown yet (with the gateway, unanswered), or whose pass failed. */
  pending: number;
};

type Outcome = 'renewed' | 'declined' | 'ended' | 'pending' | 'none';

export type SubscriptionRenewalsDeps = LoggedCoreDeps & {
  gateway: PaymentGateway;
  mailer: Mailer;
  pricing: Pick<PricingService, 'quoteFor' | 'catalogNow'>;
  publicUrl: string;
  /** How long an attempt is held with the gateway before a later pass may settle it. */
  lockSeconds: number;
  metrics: Pick<Metrics, 'paymentEnded' | 'reconciled'>;
};

/** The payer as the emails address them. */
type Payer = { email: string; firstName: string; locale: Locale; country: string | undefined };

/** Braintree's apiRequestKey and our attempt's key: one per order renewed and attempt. */
export function renewalKey(orderId: string, attempt: number): string {
  return `renewal:${orderId}:${attempt}`;
}

/**
 * The subscription renewal job (decision 057). Each pass:
 * - reminds the payer 7 days before the renewal date (once per term: the renewal row's claim);
 * - charges every order whose term has ended with auto-renewal on, through the vaulted method,
 *   once per attempt: the payment's key is derived from the order and the attempt's number, and
 *   the order may have one PENDING or COMPLETED payment (the checkout's exactly-once machinery,
 *   payments/), so two instances, or a pass after a crash, never charge twice; an attempt left
 *   PENDING is settled from the gateway's record first;
 * - on success creates the next term's order, receipt and email (completion.ts);
 * - counts each attempt that ended without a charge once: a decline emails the payer to update
 *   the card and schedules the next retry (1, 3 and 7 days after the due date), the last decline
 *   ends the subscriptions (auto-renewal off, an ENDED change row) and says so.
 */
export function createSubscriptionRenewals(deps: SubscriptionRenewalsDeps) {
  const { db, mailer, pricing, now, log, publicUrl } = deps;
  const subscriptionUrl = `${publicUrl}${ACCOUNT_SUBSCRIPTION_PATH}`;
  const billingUrl = `${publicUrl}${ACCOUNT_BILLING_PATH}`;

  const payments = createPayments({
    db,
    gateway: deps.gateway,
    log,
    now,
    lockSeconds: deps.lockSeconds,
    metrics: deps.metrics,
    completion: async () => {
      // Read before the transaction: PGlite has one connection.
      const catalog = await pricing.catalogNow(db);
      return renewalCompletion({ mailer, now, catalog });
    },
  });

  async function payerOf(exec: Executor, userId: string): Promise<Payer | undefined> {
    const [user, address] = await Promise.all([
      findUserById(exec, userId),
      findUserAddress(exec, userId),
    ]);
    if (!user?.email) return undefined;
    const locale = resolveLocale(user.locale);
    return { email: user.email, firstName: user.firstName, locale, country: address?.country };
  }

  /** One of the payer's renewal notices, in their language, queued in the caller's transaction. */
  async function queueNotice(
    tx: Executor,
    order: RenewableOrder,
    payer: Payer,
    notice: {
      kind: RenewalNoticeKind;
      price: string | null;
      retry?: { next: Date; last: Date } | undefined;
    },
  ): Promise<QueuedMail> {
    const { locale } = payer;
    const method = await paymentMethodToCharge(tx, order.orderId);
    const [coParentName] = await othersOfOrder(tx, order.orderId, order.userId);
    const date = (at: Date) => noticeDate(at, locale, 'UTC');
    const pkg = await pricing.catalogNow(tx);
    // The plan the renewal renews (a plan chosen for the next term); the ended one names the old.
    const packageId = notice.kind === 'ENDED' ? order.packageId : planToRenew(order).packageId;
    const packageName = pkg.packages.find((p) => p.id === packageId)?.displayName[locale] ?? '';
    const mail = renewalNoticeEmail({
      kind: notice.kind,
      locale,
      firstName: payer.firstName,
      supportPhone: supportPhoneFor(payer.country).display,
      packageName,
      renewalDate: date(order.dueAt),
      price: notice.price,
      paymentMethod: method ? paymentMethodWords(method, locale) : null,
      coParentName: coParentName ?? null,
      retry: notice.retry && {
        nextDate: date(notice.retry.next),
        lastDate: date(notice.retry.last),
      },
      subscriptionUrl,
      billingUrl,
    });
    return mailer.send({ to: payer.email, locale, ...mail, secretsExpireAt: null }, tx);
  }

  // ── The reminder, 7 days before ─────────────────────────────────────────────────────────────

  async function remindDue(instant: Date): Promise<number> {
    let sent = 0;
    for (const order of await findOrdersToRemind(
      db,
      instant,
      reminderWindowEnd(instant),
      BATCH_SIZE,
    )) {
      const payer = await payerOf(db, order.userId);
      // Priced outside the transaction (the catalog and tax are read outside it).
      const priced =
        payer &&
        (await quoteRenewal({ db, pricing }, planToRenew(order), order.userId, payer.locale));
      const queued = await db.transaction(async (tx) => {
        // Under the subscription page's lock: auto-renewal turned off meanwhile is not reminded.
        const subs = await lockOrderSubscriptions(tx, order.orderId);
        if (!subs.some((s) => s.autoRenew)) return undefined;
        if (!(await claimReminder(tx, order.orderId, order.dueAt, instant))) return undefined;
        if (!payer) return undefined;
        const price = priced?.totals.totalFormatted ?? null;
        return queueNotice(tx, order, payer, { kind: 'REMINDER', price });
      });
      if (!queued) continue;
      log.info({ orderId: order.orderId }, 'renewal reminder');
      void queued.deliver();
      sent += 1;
    }
    return sent;
  }

  // ── The charge ──────────────────────────────────────────────────────────────────────────────

  /**
   * The attempt: the price today of the plan that renews (the one the payer chose for the next
   * term, read here at charge time, else the same) and the method on file now (none: it fails).
   * The attempt stores the plan it priced: the completion renews exactly what was charged.
   */
  async function prepareAttempt(order: RenewableOrder): Promise<VaultedAttempt | undefined> {
    const payer = await payerOf(db, order.userId);
    const locale = payer?.locale ?? 'en';
    const priced = await quoteRenewal({ db, pricing }, planToRenew(order), order.userId, locale);
    if (!priced) {
      // Not sold to this payer any more (or no billing address): nothing to charge; said in logs.
      log.warn({ orderId: order.orderId }, 'the renewal cannot be priced; not charged');
      return undefined;
    }
    const method = await paymentMethodToCharge(db, order.orderId);
    const details: RenewalAttempt = {
      kind: 'RENEWAL',
      orderId: order.orderId,
      dueAt: order.dueAt.toISOString(),
      pricing: priced,
    };
    return {
      amount: priced.totals.total,
      currency: priced.totals.currencyCode,
      paymentCodes: [],
      details,
      paymentType: method?.paymentType ?? 'CREDIT_CARD',
      paymentMethodToken: method?.token ?? null,
    };
  }

  /**
   * Counts an attempt that ended without a charge, once (the renewal row's `countedPaymentId`,
   * under its lock): a decline schedules the next retry and asks to update the card, or ends the
   * subscriptions after the last; an unanswered try is simply tried again later.
   */
  async function countEnded(
    order: RenewableOrder,
    payment: PaymentRow,
    instant: Date,
  ): Promise<Outcome> {
    const failure = payment.failure as StoredFailure | null;
    const declined = failure?.kind === 'declined';
    const payer = await payerOf(db, order.userId);
    const price = payer
      ? formatMoney(
          payment.amount,
          payment.currency as CurrencyCode,
          moneyLocale(payer.locale, payer.country),
        )
      : null;
    const { outcome, queued, notices } = await db.transaction(async (tx) => {
      const none = { outcome: 'none' as Outcome, queued: undefined, notices: [] };
      // The subscriptions, then the renewal: the order the subscription page and the completion
      // lock them in, so a payer stopping the tries never deadlocks with this.
      const subs = await lockOrderSubscriptions(tx, order.orderId);
      const row = await lockRenewal(tx, order.orderId);
      if (row?.status !== 'OPEN' || row.countedPaymentId === payment.id) return none;
      if (!subs.some((s) => s.autoRenew)) {
        // Turned off or canceled meanwhile (the page ends the renewal itself): end it quietly.
        await updateRenewal(tx, order.orderId, { status: 'ENDED', updatedAt: instant });
        return none;
      }
      const counted = {
        attempts: row.attempts + 1,
        countedPaymentId: payment.id,
        updatedAt: instant,
      };
      if (!declined) {
        const nextAttemptAt = new Date(instant.getTime() + RENEWAL_UNAVAILABLE_RETRY_MS);
        await updateRenewal(tx, order.orderId, { ...counted, nextAttemptAt });
        return { outcome: 'pending' as Outcome, queued: undefined, notices: [] };
      }
      const declines = row.declines + 1;
      const next = nextRetryAt(row.dueAt, declines, instant);
      if (next) {
        await updateRenewal(tx, order.orderId, { ...counted, declines, nextAttemptAt: next });
        const retry = { next, last: lastRenewalRetryAt(row.dueAt) };
        const queued =
          payer && (await queueNotice(tx, order, payer, { kind: 'DECLINED', price, retry }));
        return { outcome: 'declined' as Outcome, queued, notices: [] };
      }
      await updateRenewal(tx, order.orderId, { ...counted, declines, status: 'ENDED' });
      const ids = subs.map((s) => s.id);
      await endSubscriptions(tx, ids, { reason: failure.reason, at: instant });
      const queued = payer && (await queueNotice(tx, order, payer, { kind: 'ENDED', price }));
      const notices = await noticeCoParents(tx, order, ids);
      return { outcome: 'ended' as Outcome, queued, notices };
    });
    if (outcome !== 'none') {
      log.info(
        { orderId: order.orderId, paymentId: payment.id, outcome, reason: failure?.kind },
        'renewal not charged',
      );
    }
    if (queued) void queued.deliver();
    for (const notice of notices) void notice.deliver();
    return outcome;
  }

  /** The co-parent whose subscription the payer paid learns it ended with the payer's. */
  async function noticeCoParents(tx: Executor, order: RenewableOrder, subscriptionIds: string[]) {
    const payer = await findUserById(tx, order.userId);
    const pkg = (await pricing.catalogNow(tx)).packages.find((p) => p.id === order.packageId);
    if (!payer || !pkg) return [];
    return queueCoParentNotices(tx, mailer, {
      kind: 'ENDED',
      orderId: order.orderId,
      payerId: order.userId,
      payerName: `${payer.firstName} ${payer.lastName}`,
      subscriptionIds,
      packageName: pkg.displayName,
      endDate: order.dueAt,
    });
  }

  /** One due order: its last attempt settled and counted, then a new attempt when one is due. */
  async function renew(order: RenewableOrder, instant: Date): Promise<Outcome> {
    const row = await beginRenewal(db, order.orderId, order.dueAt);
    if (row.status !== 'OPEN') return 'none';
    let latest = await findLatestRenewalPayment(db, order.orderId);
    if (latest?.status === 'PENDING') latest = await payments.settleUnlocked(latest);
    if (latest?.status === 'PENDING') return 'pending';
    // Completed and RENEWED commit together: a completed attempt leaves nothing to do.
    if (latest?.status === 'COMPLETED') return 'none';
    if (latest && latest.id !== row.countedPaymentId) return countEnded(order, latest, instant);
    if (row.nextAttemptAt.getTime() > instant.getTime()) return 'none';

    const attempt = await payments.chargeVaultedOnce({
      payer: { renewedOrderId: order.orderId },
      idempotencyKey: renewalKey(order.orderId, row.attempts + 1),
      prepare: () => prepareAttempt(order),
    });
    if (!attempt) return 'none';
    if (attempt.status === 'PENDING') return 'pending';
    if (attempt.status === 'COMPLETED') {
      log.info({ orderId: order.orderId, paymentId: attempt.id }, 'subscription renewed');
      return 'renewed';
    }
    return countEnded(order, attempt, instant);
  }

  /** One pass: the reminders due, then the renewals due. */
  async function runDue(): Promise<RenewalCounts> {
    const instant = now();
    const counts: RenewalCounts = {
      reminders: await remindDue(instant),
      renewed: 0,
      declined: 0,
      ended: 0,
      pending: 0,
    };
    for (const order of await findDueOrders(db, instant, BATCH_SIZE)) {
      try {
        const outcome = await renew(order, instant);
        if (outcome !== 'none') counts[outcome] += 1;
      } catch (error) {
        // One order's failure (the database, a completion) leaves the others to renew.
        counts.pending += 1;
        log.error({ err: error, orderId: order.orderId }, 'renewing an order failed');
      }
    }
    return counts;
  }

  return { runDue };
}
