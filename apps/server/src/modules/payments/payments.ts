import type { PaymentRow } from '../../db/schema.js';
import { createLateCharges } from './late-charges.js';
import { type PayOnceDeps, type PayOnceInput, payOnce } from './pay-once.js';
import {
  type ReconciliationDeps,
  reconcilePendingPayments,
  settleUnlocked,
} from './reconciliation.js';
import { findActivePayment, type Payer } from './repo.js';
import { chargeVaultedOnce, type VaultedChargeInput } from './vaulted-charge.js';

// The checkout and the renewal import the machinery's types from here, its one entry point.
export type { PayBody } from './pay-once.js';
export type { CompleteInTransaction, NewAttempt, PaymentCompleted } from './payment-attempt.js';
export type { VaultedAttempt } from './vaulted-charge.js';

/** What the checkout and the renewal give the payment machinery (the late charges are made here). */
export type PaymentsDeps = Omit<PayOnceDeps & ReconciliationDeps, 'lateCharges'>;

/**
 * A payment charged exactly once. An attempt is written PENDING and locked before the gateway is
 * called with orderId = its id; a charged attempt completes in one transaction with everything
 * it buys; an attempt whose request died is settled by reconciliation from the gateway's record.
 * The checkout pays once with the customer (`pay-once.ts`), the renewal charges a vaulted method
 * (`vaulted-charge.ts`); both write, complete and fail attempts alike (`payment-attempt.ts`) and
 * leave abandoned ones to `reconciliation.ts`.
 */
export function createPayments(deps: PaymentsDeps) {
  const { db, gateway, log, now } = deps;
  const lateCharges = createLateCharges({ db, gateway, log, now, lockMs: deps.lockSeconds * 1000 });
  const withLateCharges = { ...deps, lateCharges };

  /** The payer's COMPLETED attempt, if any. */
  async function findCompleted(payer: Payer): Promise<PaymentRow | undefined> {
    const payment = await findActivePayment(db, payer);
    return payment?.status === 'COMPLETED' ? payment : undefined;
  }

  return {
    payOnce: (input: PayOnceInput) => payOnce(withLateCharges, input),
    chargeVaultedOnce: (input: VaultedChargeInput) => chargeVaultedOnce(withLateCharges, input),
    settleUnlocked: (payment: PaymentRow) => settleUnlocked(withLateCharges, payment),
    reconcilePendingPayments: () => reconcilePendingPayments(withLateCharges),
    findCompleted,
  };
}
