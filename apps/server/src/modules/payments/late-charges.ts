import type { FastifyBaseLogger } from 'fastify';
import {
  type GatewayTransaction,
  isChargedStatus,
  type PaymentGateway,
  PaymentGatewayError,
} from '../../adapters/payment/payment-gateway.js';
import type { Db } from '../../db/client.js';
import type { PaymentRow } from '../../db/schema.js';
import {
  claimLateCharge,
  claimUnfinishedReversals,
  findUnseenFailedPayments,
  type LateChargeRow,
  markReversed,
} from './late-charge-repo.js';

/**
 * How long after reconciliation failed an attempt the gateway is still asked about it: far beyond
 * any sale's timeout, so a charge that lands late is found even if its answer never reached us.
 */
export const LATE_CHARGE_WATCH_MS = 24 * 60 * 60 * 1000;

const BATCH = 100;

export type LateCharges = ReturnType<typeof createLateCharges>;

/**
 * Charges the gateway made for an attempt that had already ended (its sale outlived the payment
 * lock, reconciliation failed it, and the parent may have paid again). Such a charge bought
 * nothing: it is voided, or refunded when it has settled, and recorded in `late_charges`. The row
 * is unique per transaction and locked while the gateway is asked, so the late answer and
 * reconciliation (on any instance) reverse it exactly once. See decision 029.
 */
export function createLateCharges(deps: {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  now: () => Date;
  lockMs: number;
}) {
  const { db, gateway, log, now, lockMs } = deps;

  /** Records and reverses a charge for `payment`, which is no longer PENDING. */
  async function reverse(payment: PaymentRow, transaction: GatewayTransaction): Promise<boolean> {
    const instant = now();
    const claimed = await claimLateCharge(db, {
      paymentId: payment.id,
      transactionId: transaction.id,
      amount: transaction.amountMinor,
      currency: transaction.currency,
      reason: `ATTEMPT_${payment.status}`,
      lockedUntil: new Date(instant.getTime() + lockMs),
      createdAt: instant,
    });
    if (!claimed) return false;
    log.warn(
      { paymentId: payment.id, transactionId: transaction.id, attemptStatus: payment.status },
      'a charge arrived for an attempt that had ended: reversing it',
    );
    return reverseClaimed(claimed, transaction);
  }

  async function reverseClaimed(
    row: LateChargeRow,
    known: GatewayTransaction | null,
  ): Promise<boolean> {
    try {
      // Already voided (a crash after the gateway's void, before we recorded it): record only.
      if (known?.id === row.transactionId && known.status === 'VOIDED') {
        await markReversed(db, row.id, { status: 'VOIDED', reversalTransactionId: null }, now());
        return true;
      }
      const result = await gateway.reverse(row.transactionId);
      await markReversed(
        db,
        row.id,
        {
          status: result.kind,
          reversalTransactionId: result.kind === 'REFUNDED' ? result.transactionId : null,
        },
        now(),
      );
      log.info(
        { paymentId: row.paymentId, transactionId: row.transactionId, reversal: result.kind },
        'late charge reversed',
      );
      return true;
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      // Stays REVERSING; reconciliation tries again once the lock has run out.
      log.error(
        { err: error, paymentId: row.paymentId, transactionId: row.transactionId },
        'reversing a late charge failed; it will be retried',
      );
      return false;
    }
  }

  /**
   * Reconciliation's part: asks the gateway about attempts it failed unseen (their sale may have
   * charged since), and retries reversals left unfinished. Answers how many were reversed.
   */
  async function sweep(): Promise<number> {
    let reversed = 0;
    const since = new Date(now().getTime() - LATE_CHARGE_WATCH_MS);
    for (const payment of await findUnseenFailedPayments(db, since, BATCH)) {
      let transaction: GatewayTransaction | null;
      try {
        transaction = await gateway.findTransactionByOrderId(payment.id);
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        continue;
      }
      if (transaction && isChargedStatus(transaction.status)) {
        if (await reverse(payment, transaction)) reversed += 1;
      }
    }
    const instant = now();
    const lockedUntil = new Date(instant.getTime() + lockMs);
    for (const row of await claimUnfinishedReversals(db, instant, lockedUntil, BATCH)) {
      const known = await gateway.findTransactionByOrderId(row.paymentId).catch(() => null);
      if (await reverseClaimed(row, known)) reversed += 1;
    }
    return reversed;
  }

  return { reverse, sweep };
}
