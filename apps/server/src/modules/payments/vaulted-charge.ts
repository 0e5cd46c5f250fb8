import type { SaleResult, VaultedSaleInput } from '../../adapters/payment/payment-gateway.js';
import type { PaymentRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { hashToken } from '../../security/tokens.js';
import {
  type AttemptDeps,
  beginAttempt,
  completeOrUnlock,
  failAttempt,
  type NewAttempt,
  settleSale,
} from './payment-attempt.js';
import { settleUnlocked } from './reconciliation.js';
import { findActivePayment, findPaymentByKeyHash, type Payer } from './repo.js';

/** A renewal's attempt: priced, with the vaulted method to charge (null: none on file). */
export type VaultedAttempt = NewAttempt & {
  paymentType: string;
  paymentMethodToken: string | null;
};

export type VaultedChargeInput = {
  payer: Payer;
  idempotencyKey: string;
  /** Checks and prices the attempt; undefined: nothing to charge. */
  prepare: () => Promise<VaultedAttempt | undefined>;
};

/**
 * Charges a vaulted method once per payer and key, without the customer (the renewal), with the
 * checkout's guarantees: the key again, or the payer's attempt PENDING or COMPLETED, answers that
 * attempt instead of charging (settling it first when its lock has run out); a race lost to
 * another instance answers the winner's. No method on file fails the attempt without calling the
 * gateway. Answers the attempt as it stands (PENDING when the gateway's answer is unknown: a later
 * call settles it), or undefined when `prepare` finds nothing to charge.
 */
export async function chargeVaultedOnce(
  deps: AttemptDeps,
  input: VaultedChargeInput,
): Promise<PaymentRow | undefined> {
  const { db } = deps;
  const { payer, idempotencyKey } = input;
  const keyHash = hashToken(idempotencyKey);
  const replay = await findPaymentByKeyHash(db, keyHash);
  if (replay) return settleUnlocked(deps, replay);
  const active = await findActivePayment(db, payer);
  if (active) return settleUnlocked(deps, active);

  const attempt = await input.prepare();
  if (!attempt) return undefined;
  const hashes = { keyHash, requestHash: hashToken(JSON.stringify(attempt.details)) };
  let payment: PaymentRow;
  try {
    payment = await beginAttempt(deps, payer, hashes, attempt, attempt.paymentType, {});
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another instance began this attempt (the same key) or another one for the payer.
    return (await findPaymentByKeyHash(db, keyHash)) ?? (await findActivePayment(db, payer));
  }
  if (payment.amount === 0) return completeOrUnlock(deps, payment, null);
  const token = attempt.paymentMethodToken;
  if (!token) {
    return failAttempt(deps, payment, {
      kind: 'declined',
      reason: 'PAYMENT_METHOD_INVALID',
      processorResponseCode: null,
    });
  }
  let result: SaleResult;
  try {
    result = await deps.gateway.chargeVaulted({
      paymentMethodToken: token,
      amountMinor: payment.amount,
      currency: payment.currency as VaultedSaleInput['currency'],
      orderId: payment.id,
      idempotencyKey,
    });
  } catch (error) {
    // Unknown outcome: the attempt stays PENDING and locked; a later pass reconciles it.
    deps.log.error(
      { err: error, paymentId: payment.id },
      'the payment gateway failed during a charge',
    );
    return payment;
  }
  return settleSale(deps, payment, result);
}
