import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type PaymentGateway,
  PaymentGatewayError,
} from '../../adapters/payment/payment-gateway.js';
import { createSandboxGateway } from '../../adapters/payment/sandbox.js';
import type { App } from '../../app.js';
import { lateCharges, orders, payments, sandboxTransactions } from '../../db/schema.js';
import {
  paymentRequest,
  postPayment,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import {
  BACKENDS,
  buildTestApp,
  useTestDatabase,
  WHOLE_FUNNEL_RATE_LIMITS,
} from '../../test/test-app.js';

/** PAYMENT_LOCK_SECONDS' default: how long a sale may take before reconciliation steps in. */
const LOCK_MS = 120_000;

/**
 * A sale slower than the payment lock: reconciliation, finding nothing at the gateway yet, fails
 * the attempt and a second attempt pays; then the first sale goes through after all. That late
 * charge must be reversed (and recorded), once, whoever sees it first.
 */
describe.each(BACKENDS)('a charge that arrives after its attempt ended (%s)', (backend) => {
  const ctx = useTestDatabase(backend);
  const apps: App[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  /**
   * The sandbox, with the first sale held at a gate until `release()`; `loseAnswer` makes the
   * held sale charge and then fail as a timeout would (the answer never reaches us);
   * `failReversals` makes the next reversals fail as an outage would.
   */
  function slowGateway() {
    const sandbox = createSandboxGateway({ db: ctx.database.db, now: () => new Date() });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const atGate = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let held = false;
    const control = {
      release,
      atGate,
      loseAnswer: false,
      failReversals: 0,
      reversals: [] as string[],
    };
    const gateway: PaymentGateway = {
      ...sandbox,
      async sale(input) {
        if (held) return sandbox.sale(input);
        held = true;
        reached();
        await gate;
        const result = await sandbox.sale(input);
        if (control.loseAnswer) throw new PaymentGatewayError('ETIMEDOUT');
        return result;
      },
      async reverse(transactionId) {
        if (control.failReversals > 0) {
          control.failReversals -= 1;
          throw new PaymentGatewayError('connect ECONNREFUSED');
        }
        control.reversals.push(transactionId);
        return sandbox.reverse(transactionId);
      },
    };
    return { gateway, control };
  }

  async function startApp(gateway: PaymentGateway, clock: { now: number }): Promise<App> {
    const app = await buildTestApp(ctx.database, {
      env: { ...WHOLE_FUNNEL_RATE_LIMITS, PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' },
      paymentGateway: gateway,
      now: () => new Date(clock.now),
    });
    apps.push(app);
    return app;
  }

  const db = () => ctx.database.db;

  async function attemptsOf(signup: TestSignup) {
    return db()
      .select()
      .from(payments)
      .where(eq(payments.signupId, signup.signupId))
      .orderBy(payments.createdAt);
  }

  async function chargesOf(signup: TestSignup) {
    const ids = (await attemptsOf(signup)).map((attempt) => attempt.id);
    return db().select().from(sandboxTransactions).where(inArray(sandboxTransactions.orderId, ids));
  }

  async function lateChargesOf(signup: TestSignup) {
    const ids = (await attemptsOf(signup)).map((attempt) => attempt.id);
    return db().select().from(lateCharges).where(inArray(lateCharges.paymentId, ids));
  }

  /**
   * The first attempt's sale is held past the lock; reconciliation fails the attempt; a second
   * attempt pays. Answers the first request (still waiting for its sale).
   */
  async function slowFirstSaleThenSecondPays(
    app: App,
    control: { atGate: Promise<void> },
    clock: { now: number },
  ) {
    const signup = await signupReadyToPay(app);
    const body = await paymentRequest(app, signup);
    const first = postPayment(app, signup, body);
    await control.atGate;

    clock.now += LOCK_MS + 1_000;
    const tally = await app.checkout.reconcilePendingPayments();
    expect(tally.failed).toBe(1);
    expect((await attemptsOf(signup)).map((attempt) => attempt.status)).toEqual(['FAILED']);

    const second = await postPayment(app, signup, body);
    expect(second.statusCode, second.body).toBe(200);
    return { signup, body, first };
  }

  it('voids the late charge: one order, one live charge, the late one recorded as voided', async () => {
    const clock = { now: Date.now() };
    const { gateway, control } = slowGateway();
    const app = await startApp(gateway, clock);
    const { signup, body, first } = await slowFirstSaleThenSecondPays(app, control, clock);

    control.release();
    const late = await first;
    expect(late.statusCode).toBe(503);
    expect(late.json()).toMatchObject({ code: 'PAYMENT_PROVIDER_UNAVAILABLE' });

    const [failed, paid] = await attemptsOf(signup);
    expect(failed?.status).toBe('FAILED');
    expect(paid?.status).toBe('COMPLETED');
    const charges = await chargesOf(signup);
    expect(charges).toHaveLength(2);
    const lateCharge = charges.find((charge) => charge.orderId === failed?.id);
    const kept = charges.find((charge) => charge.orderId === paid?.id);
    expect(lateCharge?.status).toBe('voided');
    expect(kept?.status).toBe('submitted_for_settlement');
    expect(control.reversals).toEqual([lateCharge?.id]);
    expect(await lateChargesOf(signup)).toEqual([
      expect.objectContaining({
        paymentId: failed?.id,
        transactionId: lateCharge?.id,
        status: 'VOIDED',
        reason: 'ATTEMPT_FAILED',
        amount: failed?.amount,
      }),
    ]);
    expect(
      await db().select().from(orders).where(eq(orders.signupId, signup.signupId)),
    ).toHaveLength(1);

    // Reconciliation later sees the same charge at the gateway: nothing is reversed twice.
    clock.now += LOCK_MS + 1_000;
    await app.checkout.reconcilePendingPayments();
    expect(control.reversals).toHaveLength(1);
    // The browser's next try answers the paid attempt.
    const retry = await postPayment(app, signup, body);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().receipt.transactionId).toBe(kept?.id);
  });

  it('refunds a late charge that has already settled', async () => {
    const clock = { now: Date.now() };
    const { gateway, control } = slowGateway();
    const app = await startApp(gateway, clock);
    const { signup, first } = await slowFirstSaleThenSecondPays(app, control, clock);

    // The answer is lost and the charge settles before reconciliation looks again.
    control.loseAnswer = true;
    control.release();
    expect((await first).statusCode).toBe(503);
    const [failed] = await attemptsOf(signup);
    await db()
      .update(sandboxTransactions)
      .set({ status: 'settled' })
      .where(eq(sandboxTransactions.orderId, failed?.id ?? ''));

    await app.checkout.reconcilePendingPayments();
    const [refunded] = await lateChargesOf(signup);
    expect(refunded).toMatchObject({ status: 'REFUNDED', reason: 'ATTEMPT_FAILED' });
    const [credit] = await db()
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.refundedTransactionId, refunded?.transactionId ?? ''));
    expect(credit).toMatchObject({ type: 'credit', amount: failed?.amount });
    expect(refunded?.reversalTransactionId).toBe(credit?.id);
  });

  it('reconciliation reverses a late charge whose answer never reached us', async () => {
    const clock = { now: Date.now() };
    const { gateway, control } = slowGateway();
    const app = await startApp(gateway, clock);
    const { signup, first } = await slowFirstSaleThenSecondPays(app, control, clock);

    control.loseAnswer = true;
    control.release();
    expect((await first).statusCode).toBe(503);
    const [failed] = await attemptsOf(signup);
    const lateCharge = (await chargesOf(signup)).find((charge) => charge.orderId === failed?.id);
    expect(lateCharge?.status).toBe('submitted_for_settlement');

    await app.checkout.reconcilePendingPayments();
    const [reversed] = await lateChargesOf(signup);
    expect(reversed).toMatchObject({ transactionId: lateCharge?.id, status: 'VOIDED' });
    expect(control.reversals).toEqual([lateCharge?.id]);
  });

  it('a reversal the gateway refused is retried by reconciliation, once across instances', async () => {
    const clock = { now: Date.now() };
    const { gateway, control } = slowGateway();
    const app = await startApp(gateway, clock);
    const other = await startApp(gateway, clock);
    const { signup, first } = await slowFirstSaleThenSecondPays(app, control, clock);

    control.failReversals = 1;
    control.release();
    expect((await first).statusCode).toBe(503);
    expect(await lateChargesOf(signup)).toEqual([
      expect.objectContaining({ status: 'REVERSING', reason: 'ATTEMPT_FAILED' }),
    ]);
    expect(control.reversals).toEqual([]);

    clock.now += LOCK_MS + 1_000;
    await Promise.all([
      app.checkout.reconcilePendingPayments(),
      other.checkout.reconcilePendingPayments(),
    ]);
    expect(control.reversals).toHaveLength(1);
    expect(await lateChargesOf(signup)).toEqual([expect.objectContaining({ status: 'VOIDED' })]);
    const live = (await chargesOf(signup)).filter(
      (charge) => charge.status === 'submitted_for_settlement',
    );
    expect(live).toHaveLength(1);
  });
});
