import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { paymentRequest, postPayment, signupReadyToPay } from '../test/signup-fixtures.js';
import {
  buildTestApp,
  createTestDatabase,
  type TestDatabase,
  WHOLE_FUNNEL_RATE_LIMITS,
} from '../test/test-app.js';
import { createDatabase, type Database } from './client.js';
import { emailOutbox, payments, sandboxTransactions } from './schema.js';

/**
 * Scheduled jobs on several instances sharing one PostgreSQL: each pass runs on one instance at a
 * time (`Database.runAlone`). Two pools on one database stand for two instances here; the
 * two-process test (src/scale/two-instances.test.ts) shows the same with real processes.
 */

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;

/** A promise and the function that settles it: holds a job's pass open until the test says. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe.skipIf(!TEST_DATABASE_URL)('scheduled jobs on instances sharing PostgreSQL', () => {
  let shared: TestDatabase;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    shared = await createTestDatabase('postgres');
    first = createDatabase({ database: { kind: 'pg', url: shared.url ?? '' } });
    second = createDatabase({ database: { kind: 'pg', url: shared.url ?? '' } });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await shared?.drop();
  });

  it('skips a pass while another instance runs the same job, and runs once it is done', async () => {
    const held = gate();
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const firstPass = first.runAlone('test-job', async () => {
      started();
      await held.opened;
      return 'first';
    });
    await firstStarted;

    let secondRan = false;
    const skipped = await second.runAlone('test-job', async () => {
      secondRan = true;
      return 'second';
    });
    expect(skipped).toBeUndefined();
    expect(secondRan).toBe(false);
    // Another job is not held up by this one.
    expect(await second.runAlone('other-job', async () => 'other')).toBe('other');

    held.open();
    expect(await firstPass).toBe('first');
    expect(await second.runAlone('test-job', async () => 'second')).toBe('second');
  });

  it('lets the job go when a pass fails', async () => {
    await expect(
      first.runAlone('failing-job', async () => {
        throw new Error('the pass failed');
      }),
    ).rejects.toThrow('the pass failed');
    expect(await second.runAlone('failing-job', async () => 'ran')).toBe('ran');
  });

  describe('the reconciliation of a charge a crash left pending', () => {
    let crashing: App;
    let apps: App[] = [];

    beforeAll(async () => {
      crashing = await buildTestApp(first, {
        env: WHOLE_FUNNEL_RATE_LIMITS,
        checkoutHooks: {
          beforeCommit: () => {
            throw new Error('the process died before the commit');
          },
        },
      });
      apps = [
        await buildTestApp(first, { env: WHOLE_FUNNEL_RATE_LIMITS }),
        await buildTestApp(second, { env: WHOLE_FUNNEL_RATE_LIMITS }),
      ];
    });
    afterAll(async () => {
      await crashing?.close();
      for (const app of apps) await app.close();
    });

    it('is settled by one instance when both reconcile at once: one completion, one receipt', async () => {
      const signup = await signupReadyToPay(crashing);
      const paid = await postPayment(crashing, signup, await paymentRequest(crashing, signup));
      expect(paid.statusCode, paid.body).toBeGreaterThanOrEqual(500);
      const [pending] = await first.db
        .select()
        .from(payments)
        .where(eq(payments.signupId, signup.signupId));
      expect(pending).toMatchObject({ status: 'PENDING' });

      const tallies = await Promise.all(apps.map((app) => app.checkout.reconcilePendingPayments()));

      expect(tallies.map((tally) => tally.completed).sort()).toEqual([0, 1]);
      const [settled] = await first.db
        .select()
        .from(payments)
        .where(eq(payments.signupId, signup.signupId));
      expect(settled).toMatchObject({ status: 'COMPLETED' });
      const charges = await first.db
        .select()
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.orderId, settled?.id ?? ''));
      expect(charges).toHaveLength(1);
      const receipts = await first.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, signup.email));
      expect(receipts.filter((email) => email.template === 'payment-receipt')).toHaveLength(1);
    });
  });
});
