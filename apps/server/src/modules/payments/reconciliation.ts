import type { Locale } from '@coparent/domain';
import {
  type GatewayTransaction,
  isChargedStatus,
  PaymentGatewayError,
} from '../../adapters/payment/payment-gateway.js';
import type { Database } from '../../db/client.js';
import type { PaymentRow } from '../../db/schema.js';
import type { Metrics } from '../metrics/metrics.js';
import { failureOf, inProgress, unavailable } from './failures.js';
import type { LateCharges } from './late-charges.js';
import { type AttemptDeps, completeAttempt, failAttempt, recordCharge } from './payment-attempt.js';
import { findUnlockedPendingPayments } from './repo.js';

export type ReconciliationDeps = AttemptDeps & {
  lateCharges: LateCharges;
  metrics: Pick<Metrics, 'reconciled'>;
  /** Keeps each reconciliation pass to one instance at a time; by default it just runs. */
  runAlone?: Database['runAlone'] | undefined;
};

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
 * Settles a PENDING attempt that no request is working on, from the gateway's record of its
 * order id: charged → completed (or voided for a duplicate parent); refused → FAILED; unknown
 * to the gateway → FAILED (nothing was charged). Answers null when the gateway cannot be asked.
 */
async function reconcile(deps: AttemptDeps, payment: PaymentRow): Promise<PaymentRow | null> {
  if (payment.amount === 0) return completeAttempt(deps, payment, null);
  let transaction: GatewayTransaction | null;
  try {
    transaction = await deps.gateway.findTransactionByOrderId(payment.id);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    deps.log.warn(
      { err: error, paymentId: payment.id },
      'reconciliation: the gateway did not answer',
    );
    return null;
  }
  if (transaction && isChargedStatus(transaction.status)) {
    await recordCharge(deps, payment, transaction);
    return completeAttempt(deps, payment, transaction);
  }
  return failAttempt(
    deps,
    payment,
    transaction ? failureOf(transaction) : { kind: 'unavailable', unseenAtGateway: true },
  );
}

/**
 * The attempt in a final state, reconciling it when it is PENDING and unlocked; PENDING and
 * locked (a request is on it) is 409 PAYMENT_IN_PROGRESS.
 */
export async function settle(
  deps: AttemptDeps,
  payment: PaymentRow,
  locale: Locale,
): Promise<PaymentRow> {
  if (payment.status !== 'PENDING') return payment;
  if (payment.lockedUntil.getTime() > deps.now().getTime()) {
    throw inProgress(payment.lockedUntil, deps.now(), locale);
  }
  const settled = await reconcile(deps, payment);
  if (!settled) throw unavailable(locale, deps.lockSeconds);
  return settled;
}

/** The attempt, reconciled first when PENDING and no one holds it; else as it stands. */
export async function settleUnlocked(deps: AttemptDeps, payment: PaymentRow): Promise<PaymentRow> {
  if (payment.status !== 'PENDING') return payment;
  if (payment.lockedUntil.getTime() > deps.now().getTime()) return payment;
  return (await reconcile(deps, payment)) ?? payment;
}

/**
 * Settles every PENDING attempt whose lock has run out, then reverses late charges (run at
 * start-up, every PAYMENT_RECONCILE_INTERVAL_SECONDS, and callable). Instances sharing a
 * database reconcile one at a time: a pass finding another under way settles nothing, so two
 * instances never ask the gateway about one attempt at once nor both count it.
 */
export async function reconcilePendingPayments(
  deps: ReconciliationDeps,
): Promise<ReconciliationTally> {
  const runAlone = deps.runAlone ?? ((_job, work) => work());
  const tally = await runAlone('payment-reconciliation', () => reconcileAll(deps));
  if (tally) return tally;
  deps.log.debug('the reconciliation of payments is running on another instance');
  return nothingReconciled();
}

async function reconcileAll(deps: ReconciliationDeps): Promise<ReconciliationTally> {
  const { log } = deps;
  const tally = nothingReconciled();
  for (const payment of await findUnlockedPendingPayments(deps.db, deps.now(), 100)) {
    try {
      const settled = await reconcile(deps, payment);
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
    tally.lateChargesReversed = await deps.lateCharges.sweep();
  } catch (error) {
    log.error({ err: error }, 'reversing late charges failed');
  }
  if (Object.values(tally).some((count) => count > 0)) {
    log.info(tally, 'reconciled pending payments');
  }
  const { lateChargesReversed, ...settled } = tally;
  deps.metrics.reconciled({ ...settled, late_charge_reversed: lateChargesReversed });
  return tally;
}
