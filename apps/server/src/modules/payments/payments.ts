import {
  type Locale,
  normalizeCode,
  orderCodeRefusalKey,
  type PaymentRequest,
  type PaymentResponse,
  translateMessage,
} from '@coparent/domain';
import {
  type GatewayTransaction,
  isChargedStatus,
  type PaymentGateway,
  PaymentGatewayError,
  type SaleResult,
  type VaultedSaleInput,
} from '../../adapters/payment/payment-gateway.js';
import type { Database, Executor } from '../../db/client.js';
import type { NewPaymentRow, PaymentRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { hashToken } from '../../security/tokens.js';
import type { LoggedCoreDeps } from '../core-deps.js';
import type { Metrics } from '../metrics/metrics.js';
import {
  failureError,
  failureOf,
  inProgress,
  paymentOutcome,
  type StoredFailure,
  unavailable,
} from './failures.js';
import { createLateCharges } from './late-charges.js';
import {
  completePayment,
  findActivePayment,
  findPaymentById,
  findPaymentByKeyHash,
  findUnlockedPendingPayments,
  finishPendingPayment,
  holdSubscriptionCodes,
  insertPayment,
  isPaymentOf,
  type Payer,
  payerColumns,
  releaseSubscriptionCodes,
  updatePendingPayment,
} from './repo.js';

/** What the payment machinery reads of a request body (both flows' bodies fit). */
export type PayBody = Pick<PaymentRequest, 'payment' | 'paymentCodes'> & {
  segmentAnonymousId?: string | undefined;
};

/** An attempt the caller has checked and priced, ready to be written PENDING. */
export type NewAttempt = {
  amount: number;
  currency: string;
  paymentCodes: readonly string[];
  /**
   * Everything completing it needs, stored on the row before the gateway is called (so
   * reconciliation can complete it after a crash). No secret: the nonce is not kept.
   */
  details: unknown;
};

/** What a completed attempt keeps: the charge's card, the method and the answer replayed later. */
export type PaymentCompleted = Pick<
  NewPaymentRow,
  'transactionId' | 'cardType' | 'cardLastFour' | 'paymentType'
> & { response: unknown; at: Date };

/**
 * The work of a completing transaction, after the attempt is locked and found PENDING: what the
 * payment bought, and the emails and texts to send once it commits (outbox rows written in the
 * transaction; `deliver` sends one). The attempt is then marked COMPLETED.
 */
export type CompleteInTransaction = (
  tx: Executor,
  payment: PaymentRow,
  transaction: GatewayTransaction | null,
) => Promise<{ deliveries: Delivery[]; completed: PaymentCompleted }>;

/** A message queued in the completing transaction, to deliver once it has committed. */
export type Delivery = { deliver(): Promise<void> };

/** A renewal's attempt: priced, with the vaulted method to charge (null: none on file). */
export type VaultedAttempt = NewAttempt & {
  paymentType: string;
  paymentMethodToken: string | null;
};

export type PaymentsDeps = LoggedCoreDeps & {
  gateway: PaymentGateway;
  /** How long a request holds an attempt before reconciliation may take it over. */
  lockSeconds: number;
  metrics: Pick<Metrics, 'paymentEnded' | 'reconciled'>;
  /** Keeps each reconciliation pass to one instance at a time; by default it just runs. */
  runAlone?: Database['runAlone'] | undefined;
  /**
   * The records a charged attempt creates. Called before its transaction, to read what it needs
   * outside it (PGlite has one connection); answers the work done inside it, which answers the
   * emails to deliver after the commit.
   */
  completion: () => Promise<CompleteInTransaction>;
  /** Whether completing failed because the parent email got an account meanwhile (never, by default). */
  isDuplicateParent?: ((error: unknown, payment: PaymentRow) => Promise<boolean>) | undefined;
  /** Whether this sale goes through the UK card account (never, by default). */
  viaUkCardAccount?: ((payment: PaymentRow, body: PayBody) => Promise<boolean>) | undefined;
  /** Test seam: called last inside the completing transaction; a throw rolls it back. */
  beforeCommit?: ((paymentId: string) => void | Promise<void>) | undefined;
};

export type Payments = ReturnType<typeof createPayments>;

export type ReconciliationTally = {
  completed: number;
  failed: number;
  voided: number;
  unresolved: number;
  lateChargesReversed: number;
};

const nothingReconciled = (): ReconciliationTally => ({
  completed: 0,
  failed: 0,
  voided: 0,
  unresolved: 0,
  lateChargesReversed: 0,
});

/**
 * A payment charged exactly once. An attempt is written PENDING and locked before the gateway is
 * called with orderId = its id; a charged attempt completes in one transaction with everything
 * it buys; an attempt whose request died is settled by reconciliation from the gateway's record.
 */
export function createPayments(deps: PaymentsDeps) {
  const { db, gateway, log, now, metrics } = deps;
  const lockMs = deps.lockSeconds * 1000;
  const lateCharges = createLateCharges({ db, gateway, log, now, lockMs });

  /**
   * Pays once per payer:
   * - the same Idempotency-Key again answers the stored result (a key reused with another body,
   *   or by another payer, is 422 IDEMPOTENCY_KEY_REUSED);
   * - a payer who has paid answers the stored result whatever the key (nothing is charged again);
   * - an attempt in flight for the payer is 409 PAYMENT_IN_PROGRESS; an abandoned one is
   *   reconciled first;
   * - otherwise `prepare` checks and prices the attempt, the PENDING row is written, the gateway
   *   is called, then everything is created in one transaction.
   */
  async function payOnce(input: {
    payer: Payer;
    idempotencyKey: string;
    body: PayBody;
    /** Paid without a stored attempt (409 ALREADY_PAID then). */
    isPaid: boolean;
    prepare: () => Promise<NewAttempt>;
    /** The answer of a COMPLETED attempt, first time and on every replay. */
    completedAnswer: (payment: PaymentRow) => Promise<PaymentResponse>;
    locale: Locale;
  }): Promise<PaymentResponse> {
    const { payer, idempotencyKey, body, locale } = input;
    const answer = (payment: PaymentRow) => answerOf(payment, input.completedAnswer, locale);
    const keyHash = hashToken(idempotencyKey);
    const requestHash = hashToken(JSON.stringify(body));

    const replay = await findPaymentByKeyHash(db, keyHash);
    if (replay) {
      if (!isPaymentOf(replay, payer) || replay.requestHash !== requestHash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      return answer(await settle(replay, locale));
    }

    const active = await findActivePayment(db, payer);
    if (active) {
      const settled = await settle(active, locale);
      if (settled.status === 'COMPLETED') return answer(settled);
    } else if (input.isPaid) {
      throw new AppError('ALREADY_PAID');
    }

    const attempt = await input.prepare();
    let payment: PaymentRow;
    try {
      payment = await begin(payer, { keyHash, requestHash }, attempt, body.payment.paymentType, {
        onCodesTaken: (taken) => codesTaken(taken, body, locale),
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Lost a race: the same key (a double submit), or another attempt for this payer.
      const winner =
        (await findPaymentByKeyHash(db, keyHash)) ?? (await findActivePayment(db, payer));
      if (!winner || winner.status === 'PENDING') {
        throw inProgress(winner?.lockedUntil ?? new Date(now().getTime() + lockMs), now(), locale);
      }
      return answer(winner);
    }
    const method = body.payment.paymentType;
    let ended: PaymentRow;
    try {
      ended = await charge(payment, body, idempotencyKey, locale);
    } catch (error) {
      // The gateway's answer is unknown or completing failed: the attempt stays PENDING.
      metrics.paymentEnded('pending', method);
      throw error;
    }
    metrics.paymentEnded(paymentOutcome(ended), method);
    return answer(ended);
  }

  /** The answer of an ended attempt; one still PENDING is 409 PAYMENT_IN_PROGRESS. */
  async function answerOf(
    payment: PaymentRow,
    completedAnswer: (payment: PaymentRow) => Promise<PaymentResponse>,
    locale: Locale,
  ): Promise<PaymentResponse> {
    if (payment.status === 'COMPLETED' && payment.response) return completedAnswer(payment);
    if (payment.status === 'FAILED' || payment.status === 'VOIDED') {
      throw failureError((payment.failure ?? { kind: 'unavailable' }) as StoredFailure, locale);
    }
    throw inProgress(payment.lockedUntil, now(), locale);
  }

  /** The codes another payment redeemed since this one was priced, at their fields. */
  function codesTaken(taken: string[], body: PayBody, locale: Locale): FieldValidationError {
    const entered = body.paymentCodes.map(normalizeCode);
    const key = orderCodeRefusalKey('REDEEMED');
    return new FieldValidationError(
      taken.map((code) => ({
        field: `paymentCodes.${Math.max(entered.indexOf(code), 0)}`,
        text: translateMessage(key, locale),
        type: 'ERROR' as const,
        key,
      })),
    );
  }

  /** Writes the PENDING attempt and holds its subscription codes, in one transaction. */
  async function begin(
    payer: Payer,
    hashes: { keyHash: string; requestHash: string },
    attempt: NewAttempt,
    paymentType: string,
    options: { onCodesTaken?: (taken: string[]) => Error },
  ): Promise<PaymentRow> {
    const instant = now();
    const columns = payerColumns(payer);
    return db.transaction(async (tx) => {
      const payment = await insertPayment(tx, {
        ...columns,
        idempotencyKeyHash: hashes.keyHash,
        requestHash: hashes.requestHash,
        status: 'PENDING',
        provider: gateway.provider,
        amount: attempt.amount,
        currency: attempt.currency,
        paymentType,
        attempt: attempt.details,
        lockedUntil: new Date(instant.getTime() + lockMs),
        createdAt: instant,
        updatedAt: instant,
      });
      const hold = { signupId: columns.signupId, paymentId: payment.id };
      const taken = await holdSubscriptionCodes(tx, attempt.paymentCodes, hold, instant);
      if (taken.length > 0) {
        throw options.onCodesTaken?.(taken) ?? new Error('subscription codes already redeemed');
      }
      return payment;
    });
  }

  /** Calls the gateway for a new PENDING attempt and settles it. */
  async function charge(
    payment: PaymentRow,
    body: PayBody,
    idempotencyKey: string,
    locale: Locale,
  ): Promise<PaymentRow> {
    if (payment.amount === 0) return completeOrUnlock(payment, null);
    const viaUkCardAccount = (await deps.viaUkCardAccount?.(payment, body)) ?? false;
    let result: SaleResult;
    try {
      result = await gateway.sale({
        nonce: body.payment.nonce ?? '',
        amountMinor: payment.amount,
        currency: payment.currency as Parameters<PaymentGateway['sale']>[0]['currency'],
        orderId: payment.id,
        idempotencyKey,
        deviceData: body.payment.deviceData,
        storeInVault: body.payment.storePaymentOnFile,
        viaUkCardAccount,
      });
    } catch (error) {
      // Unknown outcome: the attempt stays PENDING and locked; reconciliation settles it.
      log.error({ err: error, paymentId: payment.id }, 'the payment gateway failed during a sale');
      throw unavailable(locale, deps.lockSeconds);
    }
    return settleSale(payment, result);
  }

  /** The attempt after the gateway's answer: completed when charged, else FAILED. */
  async function settleSale(payment: PaymentRow, result: SaleResult): Promise<PaymentRow> {
    switch (result.outcome) {
      case 'SUCCESS': {
        const { transaction } = result;
        await recordCharge(payment, transaction, { paymentType: transaction.paymentInstrument });
        return completeOrUnlock(payment, transaction);
      }
      case 'DECLINED':
        log.info(
          { paymentId: payment.id, reason: result.reason, code: result.processorResponseCode },
          'payment declined',
        );
        return fail(payment, {
          kind: 'declined',
          reason: result.reason,
          processorResponseCode: result.processorResponseCode,
        });
      case 'UNAVAILABLE':
        log.warn({ paymentId: payment.id, message: result.message }, 'processor unavailable');
        return fail(payment, { kind: 'unavailable' });
    }
  }

  /** Keeps the gateway's transaction on the PENDING attempt before completing it. */
  async function recordCharge(
    payment: PaymentRow,
    transaction: GatewayTransaction,
    extra: { paymentType?: GatewayTransaction['paymentInstrument'] } = {},
  ): Promise<void> {
    await updatePendingPayment(
      db,
      payment.id,
      {
        transactionId: transaction.id,
        cardType: transaction.cardType,
        cardLastFour: transaction.lastFour,
        paymentMethodToken: transaction.paymentMethodToken,
        ...extra,
      },
      now(),
    );
  }

  /**
   * Completes a charged attempt; if that fails (the database, a crash seam), the attempt stays
   * PENDING with its lock released, so a retry or reconciliation completes it at once.
   */
  async function completeOrUnlock(
    payment: PaymentRow,
    transaction: GatewayTransaction | null,
  ): Promise<PaymentRow> {
    try {
      return await completeAttempt(payment, transaction);
    } catch (error) {
      log.error(
        { err: error, paymentId: payment.id, transactionId: transaction?.id },
        'completing a charged payment failed; it will be reconciled',
      );
      await updatePendingPayment(db, payment.id, { lockedUntil: now() }, now()).catch(() => {});
      throw error;
    }
  }

  /**
   * Completes a charged attempt: every record in one transaction, then the emails. A parent email
   * that got an account meanwhile cannot get a second one: the charge is voided (or refunded) and
   * the attempt VOIDED, answered as the duplicate-parent error.
   */
  async function completeAttempt(
    payment: PaymentRow,
    transaction: GatewayTransaction | null,
  ): Promise<PaymentRow> {
    let outcome: { deliveries: Delivery[] } | { ended: PaymentRow };
    try {
      const complete = await deps.completion();
      outcome = await db.transaction(async (tx) => {
        const locked = await findPaymentById(tx, payment.id, { forUpdate: true });
        if (!locked) throw new Error(`payment ${payment.id} not found`);
        if (locked.status !== 'PENDING') return { ended: locked };
        const { deliveries, completed } = await complete(tx, locked, transaction);
        const { at, ...values } = completed;
        await completePayment(tx, locked.id, values, at);
        await deps.beforeCommit?.(payment.id);
        return { deliveries };
      });
    } catch (error) {
      if (!(await deps.isDuplicateParent?.(error, payment))) throw error;
      if (transaction) {
        const reversed = await gateway.reverse(transaction.id);
        log.warn(
          { paymentId: payment.id, transactionId: transaction.id, reversal: reversed.kind },
          'payment reversed: the parent email has an account',
        );
      }
      return fail(payment, { kind: 'duplicateParent' }, 'VOIDED');
    }
    if ('ended' in outcome) {
      // Another path ended the attempt while this sale was in flight: its charge bought nothing.
      const { ended } = outcome;
      if (
        transaction &&
        isChargedStatus(transaction.status) &&
        ended.transactionId !== transaction.id
      ) {
        await lateCharges.reverse(ended, transaction);
      }
      return ended;
    }
    for (const delivery of outcome.deliveries) void delivery.deliver();
    return (await findPaymentById(db, payment.id)) ?? payment;
  }

  /** Ends a PENDING attempt without an account, and frees the codes it held. */
  async function fail(
    payment: PaymentRow,
    failure: StoredFailure,
    status: 'FAILED' | 'VOIDED' = 'FAILED',
  ): Promise<PaymentRow> {
    await db.transaction(async (tx) => {
      if (await finishPendingPayment(tx, payment.id, status, failure, now())) {
        await releaseSubscriptionCodes(tx, payment.id);
      }
    });
    return (await findPaymentById(db, payment.id)) ?? payment;
  }

  // ── Reconciliation ───────────────────────────────────────────────────────────────────────────

  /**
   * Settles a PENDING attempt that no request is working on, from the gateway's record of its
   * order id: charged → completed (or voided for a duplicate parent); refused → FAILED; unknown
   * to the gateway → FAILED (nothing was charged). Answers null when the gateway cannot be asked.
   */
  async function reconcile(payment: PaymentRow): Promise<PaymentRow | null> {
    if (payment.amount === 0) return completeAttempt(payment, null);
    let transaction: GatewayTransaction | null;
    try {
      transaction = await gateway.findTransactionByOrderId(payment.id);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      log.warn({ err: error, paymentId: payment.id }, 'reconciliation: the gateway did not answer');
      return null;
    }
    if (transaction && isChargedStatus(transaction.status)) {
      await recordCharge(payment, transaction);
      return completeAttempt(payment, transaction);
    }
    return fail(
      payment,
      transaction ? failureOf(transaction) : { kind: 'unavailable', unseenAtGateway: true },
    );
  }

  /**
   * The attempt in a final state, reconciling it when it is PENDING and unlocked; PENDING and
   * locked (a request is on it) is 409 PAYMENT_IN_PROGRESS.
   */
  async function settle(payment: PaymentRow, locale: Locale): Promise<PaymentRow> {
    if (payment.status !== 'PENDING') return payment;
    if (payment.lockedUntil.getTime() > now().getTime()) {
      throw inProgress(payment.lockedUntil, now(), locale);
    }
    const settled = await reconcile(payment);
    if (!settled) throw unavailable(locale, deps.lockSeconds);
    return settled;
  }

  /**
   * Settles every PENDING attempt whose lock has run out, then reverses late charges (run at
   * start-up, every PAYMENT_RECONCILE_INTERVAL_SECONDS, and callable). Instances sharing a
   * database reconcile one at a time: a pass finding another under way settles nothing, so two
   * instances never ask the gateway about one attempt at once nor both count it.
   */
  async function reconcilePendingPayments(): Promise<ReconciliationTally> {
    const runAlone = deps.runAlone ?? ((_job, work) => work());
    const tally = await runAlone('payment-reconciliation', reconcileAll);
    if (tally) return tally;
    log.debug('the reconciliation of payments is running on another instance');
    return nothingReconciled();
  }

  async function reconcileAll(): Promise<ReconciliationTally> {
    const tally = nothingReconciled();
    for (const payment of await findUnlockedPendingPayments(db, now(), 100)) {
      try {
        const settled = await reconcile(payment);
        if (!settled || settled.status === 'PENDING') tally.unresolved += 1;
        else if (settled.status === 'COMPLETED') tally.completed += 1;
        else if (settled.status === 'VOIDED') tally.voided += 1;
        else tally.failed += 1;
      } catch (error) {
        tally.unresolved += 1;
        log.error({ err: error, paymentId: payment.id }, 'reconciliation failed');
      }
    }
    try {
      tally.lateChargesReversed = await lateCharges.sweep();
    } catch (error) {
      log.error({ err: error }, 'reversing late charges failed');
    }
    if (Object.values(tally).some((count) => count > 0)) {
      log.info(tally, 'reconciled pending payments');
    }
    const { lateChargesReversed, ...settled } = tally;
    metrics.reconciled({ ...settled, late_charge_reversed: lateChargesReversed });
    return tally;
  }

  // ── A vaulted method, charged without the customer (the renewal) ─────────────────────────────

  /**
   * Charges a vaulted method once per payer and key, with the checkout's guarantees: the key
   * again, or the payer's attempt PENDING or COMPLETED, answers that attempt instead of charging
   * (settling it first when its lock has run out); a race lost to another instance answers the
   * winner's. No method on file fails the attempt without calling the gateway. Answers the attempt
   * as it stands (PENDING when the gateway's answer is unknown: a later call settles it), or
   * undefined when `prepare` finds nothing to charge.
   */
  async function chargeVaultedOnce(input: {
    payer: Payer;
    idempotencyKey: string;
    prepare: () => Promise<VaultedAttempt | undefined>;
  }): Promise<PaymentRow | undefined> {
    const { payer, idempotencyKey } = input;
    const keyHash = hashToken(idempotencyKey);
    const replay = await findPaymentByKeyHash(db, keyHash);
    if (replay) return settleUnlocked(replay);
    const active = await findActivePayment(db, payer);
    if (active) return settleUnlocked(active);

    const attempt = await input.prepare();
    if (!attempt) return undefined;
    const hashes = { keyHash, requestHash: hashToken(JSON.stringify(attempt.details)) };
    let payment: PaymentRow;
    try {
      payment = await begin(payer, hashes, attempt, attempt.paymentType, {});
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another instance began this attempt (the same key) or another one for the payer.
      return (await findPaymentByKeyHash(db, keyHash)) ?? (await findActivePayment(db, payer));
    }
    if (payment.amount === 0) return completeOrUnlock(payment, null);
    const token = attempt.paymentMethodToken;
    if (!token) {
      return fail(payment, {
        kind: 'declined',
        reason: 'PAYMENT_METHOD_INVALID',
        processorResponseCode: null,
      });
    }
    let result: SaleResult;
    try {
      result = await gateway.chargeVaulted({
        paymentMethodToken: token,
        amountMinor: payment.amount,
        currency: payment.currency as VaultedSaleInput['currency'],
        orderId: payment.id,
        idempotencyKey,
      });
    } catch (error) {
      // Unknown outcome: the attempt stays PENDING and locked; a later pass reconciles it.
      log.error(
        { err: error, paymentId: payment.id },
        'the payment gateway failed during a charge',
      );
      return payment;
    }
    return settleSale(payment, result);
  }

  /** The attempt, reconciled first when PENDING and no one holds it; else as it stands. */
  async function settleUnlocked(payment: PaymentRow): Promise<PaymentRow> {
    if (payment.status !== 'PENDING') return payment;
    if (payment.lockedUntil.getTime() > now().getTime()) return payment;
    return (await reconcile(payment)) ?? payment;
  }

  /** The payer's COMPLETED attempt, if any. */
  async function findCompleted(payer: Payer): Promise<PaymentRow | undefined> {
    const payment = await findActivePayment(db, payer);
    return payment?.status === 'COMPLETED' ? payment : undefined;
  }

  return { payOnce, chargeVaultedOnce, settleUnlocked, reconcilePendingPayments, findCompleted };
}
