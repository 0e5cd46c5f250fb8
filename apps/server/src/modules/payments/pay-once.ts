import {
  type Locale,
  normalizeCode,
  orderCodeRefusalKey,
  type PaymentRequest,
  type PaymentResponse,
  translateMessage,
} from '@coparent/domain';
import type { PaymentGateway, SaleResult } from '../../adapters/payment/payment-gateway.js';
import type { PaymentRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { hashToken } from '../../security/tokens.js';
import type { Metrics } from '../metrics/metrics.js';
import {
  failureError,
  inProgress,
  paymentOutcome,
  type StoredFailure,
  unavailable,
} from './failures.js';
import {
  type AttemptDeps,
  beginAttempt,
  completeOrUnlock,
  type NewAttempt,
  settleSale,
} from './payment-attempt.js';
import { settle } from './reconciliation.js';
import { findActivePayment, findPaymentByKeyHash, isPaymentOf, type Payer } from './repo.js';

/** What the payment machinery reads of a request body (both flows' bodies fit). */
export type PayBody = Pick<PaymentRequest, 'payment' | 'paymentCodes'> & {
  segmentAnonymousId?: string | undefined;
};

export type PayOnceDeps = AttemptDeps & {
  metrics: Pick<Metrics, 'paymentEnded'>;
  /** Whether this sale goes through the UK card account (never, by default). */
  viaUkCardAccount?: ((payment: PaymentRow, body: PayBody) => Promise<boolean>) | undefined;
};

export type PayOnceInput = {
  payer: Payer;
  idempotencyKey: string;
  body: PayBody;
  /** Paid without a stored attempt (409 ALREADY_PAID then). */
  isPaid: boolean;
  prepare: () => Promise<NewAttempt>;
  /** The answer of a COMPLETED attempt, first time and on every replay. */
  completedAnswer: (payment: PaymentRow) => Promise<PaymentResponse>;
  locale: Locale;
};

/**
 * Pays once per payer (the checkout's payment, with the customer):
 * - the same Idempotency-Key again answers the stored result (a key reused with another body,
 *   or by another payer, is 422 IDEMPOTENCY_KEY_REUSED);
 * - a payer who has paid answers the stored result whatever the key (nothing is charged again);
 * - an attempt in flight for the payer is 409 PAYMENT_IN_PROGRESS; an abandoned one is
 *   reconciled first;
 * - otherwise `prepare` checks and prices the attempt, the PENDING row is written, the gateway
 *   is called, then everything is created in one transaction.
 */
export async function payOnce(deps: PayOnceDeps, input: PayOnceInput): Promise<PaymentResponse> {
  const { db, now, metrics } = deps;
  const { payer, idempotencyKey, body, locale } = input;
  const answer = (payment: PaymentRow) => answerOf(deps, payment, input.completedAnswer, locale);
  const keyHash = hashToken(idempotencyKey);
  const requestHash = hashToken(JSON.stringify(body));

  const replay = await findPaymentByKeyHash(db, keyHash);
  if (replay) {
    if (!isPaymentOf(replay, payer) || replay.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED');
    }
    return answer(await settle(deps, replay, locale));
  }

  const active = await findActivePayment(db, payer);
  if (active) {
    const settled = await settle(deps, active, locale);
    if (settled.status === 'COMPLETED') return answer(settled);
  } else if (input.isPaid) {
    throw new AppError('ALREADY_PAID');
  }

  const attempt = await input.prepare();
  let payment: PaymentRow;
  try {
    const hashes = { keyHash, requestHash };
    payment = await beginAttempt(deps, payer, hashes, attempt, body.payment.paymentType, {
      onCodesTaken: (taken) => codesTaken(taken, body, locale),
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race: the same key (a double submit), or another attempt for this payer.
    const winner =
      (await findPaymentByKeyHash(db, keyHash)) ?? (await findActivePayment(db, payer));
    if (!winner || winner.status === 'PENDING') {
      const lockedUntil =
        winner?.lockedUntil ?? new Date(now().getTime() + deps.lockSeconds * 1000);
      throw inProgress(lockedUntil, now(), locale);
    }
    return answer(winner);
  }
  const method = body.payment.paymentType;
  let ended: PaymentRow;
  try {
    ended = await charge(deps, payment, body, idempotencyKey, locale);
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
  deps: PayOnceDeps,
  payment: PaymentRow,
  completedAnswer: (payment: PaymentRow) => Promise<PaymentResponse>,
  locale: Locale,
): Promise<PaymentResponse> {
  if (payment.status === 'COMPLETED' && payment.response) return completedAnswer(payment);
  if (payment.status === 'FAILED' || payment.status === 'VOIDED') {
    throw failureError((payment.failure ?? { kind: 'unavailable' }) as StoredFailure, locale);
  }
  throw inProgress(payment.lockedUntil, deps.now(), locale);
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

/** Calls the gateway for a new PENDING attempt and settles it. */
async function charge(
  deps: PayOnceDeps,
  payment: PaymentRow,
  body: PayBody,
  idempotencyKey: string,
  locale: Locale,
): Promise<PaymentRow> {
  if (payment.amount === 0) return completeOrUnlock(deps, payment, null);
  const viaUkCardAccount = (await deps.viaUkCardAccount?.(payment, body)) ?? false;
  let result: SaleResult;
  try {
    result = await deps.gateway.sale({
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
    deps.log.error(
      { err: error, paymentId: payment.id },
      'the payment gateway failed during a sale',
    );
    throw unavailable(locale, deps.lockSeconds);
  }
  return settleSale(deps, payment, result);
}
