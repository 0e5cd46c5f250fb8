import {
  type GatewayTransaction,
  isChargedStatus,
  type PaymentGateway,
  type SaleResult,
} from '../../adapters/payment/payment-gateway.js';
import type { Executor } from '../../db/client.js';
import type { NewPaymentRow, PaymentRow } from '../../db/schema.js';
import type { LoggedCoreDeps } from '../core-deps.js';
import type { StoredFailure } from './failures.js';
import type { LateCharges } from './late-charges.js';
import {
  completePayment,
  findPaymentById,
  finishPendingPayment,
  holdSubscriptionCodes,
  insertPayment,
  type Payer,
  payerColumns,
  releaseSubscriptionCodes,
  updatePendingPayment,
} from './repo.js';

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

/** What writing, completing and failing an attempt needs: every payment path shares these steps. */
export type AttemptDeps = LoggedCoreDeps & {
  gateway: PaymentGateway;
  /** How long a request holds an attempt before reconciliation may take it over. */
  lockSeconds: number;
  /** Reverses a charge that arrived for an attempt another path had already ended. */
  lateCharges: Pick<LateCharges, 'reverse'>;
  /**
   * The records a charged attempt creates. Called before its transaction, to read what it needs
   * outside it (PGlite has one connection); answers the work done inside it, which answers the
   * emails to deliver after the commit.
   */
  completion: () => Promise<CompleteInTransaction>;
  /** Whether completing failed because the parent email got an account meanwhile (never, by default). */
  isDuplicateParent?: ((error: unknown, payment: PaymentRow) => Promise<boolean>) | undefined;
  /** Test seam: called last inside the completing transaction; a throw rolls it back. */
  beforeCommit?: ((paymentId: string) => void | Promise<void>) | undefined;
};

/** Writes the PENDING attempt and holds its subscription codes, in one transaction. */
export async function beginAttempt(
  deps: AttemptDeps,
  payer: Payer,
  hashes: { keyHash: string; requestHash: string },
  attempt: NewAttempt,
  paymentType: string,
  options: { onCodesTaken?: (taken: string[]) => Error },
): Promise<PaymentRow> {
  const instant = deps.now();
  const columns = payerColumns(payer);
  return deps.db.transaction(async (tx) => {
    const payment = await insertPayment(tx, {
      ...columns,
      idempotencyKeyHash: hashes.keyHash,
      requestHash: hashes.requestHash,
      status: 'PENDING',
      provider: deps.gateway.provider,
      amount: attempt.amount,
      currency: attempt.currency,
      paymentType,
      attempt: attempt.details,
      lockedUntil: new Date(instant.getTime() + deps.lockSeconds * 1000),
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

/** The attempt after the gateway's answer: completed when charged, else FAILED. */
export async function settleSale(
  deps: AttemptDeps,
  payment: PaymentRow,
  result: SaleResult,
): Promise<PaymentRow> {
  switch (result.outcome) {
    case 'SUCCESS': {
      const { transaction } = result;
      await recordCharge(deps, payment, transaction, {
        paymentType: transaction.paymentInstrument,
      });
      return completeOrUnlock(deps, payment, transaction);
    }
    case 'DECLINED':
      deps.log.info(
        { paymentId: payment.id, reason: result.reason, code: result.processorResponseCode },
        'payment declined',
      );
      return failAttempt(deps, payment, {
        kind: 'declined',
        reason: result.reason,
        processorResponseCode: result.processorResponseCode,
      });
    case 'UNAVAILABLE':
      deps.log.warn({ paymentId: payment.id, message: result.message }, 'processor unavailable');
      return failAttempt(deps, payment, { kind: 'unavailable' });
  }
}

/** Keeps the gateway's transaction on the PENDING attempt before completing it. */
export async function recordCharge(
  deps: AttemptDeps,
  payment: PaymentRow,
  transaction: GatewayTransaction,
  extra: { paymentType?: GatewayTransaction['paymentInstrument'] } = {},
): Promise<void> {
  await updatePendingPayment(
    deps.db,
    payment.id,
    {
      transactionId: transaction.id,
      cardType: transaction.cardType,
      cardLastFour: transaction.lastFour,
      paymentMethodToken: transaction.paymentMethodToken,
      ...extra,
    },
    deps.now(),
  );
}

/**
 * Completes a charged attempt; if that fails (the database, a crash seam), the attempt stays
 * PENDING with its lock released, so a retry or reconciliation completes it at once.
 */
export async function completeOrUnlock(
  deps: AttemptDeps,
  payment: PaymentRow,
  transaction: GatewayTransaction | null,
): Promise<PaymentRow> {
  try {
    return await completeAttempt(deps, payment, transaction);
  } catch (error) {
    deps.log.error(
      { err: error, paymentId: payment.id, transactionId: transaction?.id },
      'completing a charged payment failed; it will be reconciled',
    );
    await updatePendingPayment(deps.db, payment.id, { lockedUntil: deps.now() }, deps.now()).catch(
      () => {},
    );
    throw error;
  }
}

/**
 * Completes a charged attempt: every record in one transaction, then the emails. A parent email
 * that got an account meanwhile cannot get a second one: the charge is voided (or refunded) and
 * the attempt VOIDED, answered as the duplicate-parent error.
 */
export async function completeAttempt(
  deps: AttemptDeps,
  payment: PaymentRow,
  transaction: GatewayTransaction | null,
): Promise<PaymentRow> {
  const { db, log } = deps;
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
      const reversed = await deps.gateway.reverse(transaction.id);
      log.warn(
        { paymentId: payment.id, transactionId: transaction.id, reversal: reversed.kind },
        'payment reversed: the parent email has an account',
      );
    }
    return failAttempt(deps, payment, { kind: 'duplicateParent' }, 'VOIDED');
  }
  if ('ended' in outcome) {
    // Another path ended the attempt while this sale was in flight: its charge bought nothing.
    const { ended } = outcome;
    if (
      transaction &&
      isChargedStatus(transaction.status) &&
      ended.transactionId !== transaction.id
    ) {
      await deps.lateCharges.reverse(ended, transaction);
    }
    return ended;
  }
  for (const delivery of outcome.deliveries) void delivery.deliver();
  return (await findPaymentById(db, payment.id)) ?? payment;
}

/** Ends a PENDING attempt without an account, and frees the codes it held. */
export async function failAttempt(
  deps: AttemptDeps,
  payment: PaymentRow,
  failure: StoredFailure,
  status: 'FAILED' | 'VOIDED' = 'FAILED',
): Promise<PaymentRow> {
  await deps.db.transaction(async (tx) => {
    if (await finishPendingPayment(tx, payment.id, status, failure, deps.now())) {
      await releaseSubscriptionCodes(tx, payment.id);
    }
  });
  return (await findPaymentById(deps.db, payment.id)) ?? payment;
}
