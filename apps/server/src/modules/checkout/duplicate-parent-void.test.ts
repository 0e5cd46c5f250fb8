import { randomUUID } from 'node:crypto';
import { DUPLICATE_PARENT_FIELD } from '@coparent/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  PaymentGateway,
  SaleInput,
  SaleResult,
} from '../../adapters/payment/payment-gateway.js';
import {
  createSandboxGateway,
  type SandboxPaymentGateway,
} from '../../adapters/payment/sandbox.js';
import type { App } from '../../app.js';
import {
  credentialsTokens,
  emailOutbox,
  families,
  familyMembers,
  invites,
  orders,
  payments,
  receipts,
  sandboxTransactions,
  signups,
  subscriptions,
  users,
} from '../../db/schema.js';
import {
  getSignup,
  type Json,
  priceSignup,
  signupReadyToPay,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';
import { insertUser } from '../account/repo.js';
import { duplicateText } from '../signup/service.js';

/**
 * The late duplicate parent (CheckoutService.completeAttempt): the gateway has charged, but by
 * the completing transaction Parent A's email has an account (created after the payment's
 * duplicate check). The charge is reversed (voided, or refunded once settled), the attempt is
 * VOIDED, nothing else is created, and the answer — to the request and to every replay of its
 * Idempotency-Key — is the duplicate-parent error, without charging again.
 */

const ENV = {
  PUBLIC_URL: 'https://join.example.test',
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
};

const TEXAS = {
  country: 'US',
  region: 'TX',
  city: 'Austin',
  line1: '1 Main St',
  postalCode: '73301',
};

/** The sandbox gateway, counting its calls, with a seam right after a successful charge. */
type SpyGateway = SandboxPaymentGateway & {
  sales: SaleInput[];
  reversals: string[];
  /** Runs once, after the next successful sale and before the checkout sees its result. */
  afterCharge: ((input: SaleInput, result: SaleResult) => Promise<void>) | undefined;
};

describe.each(BACKENDS)(
  'a parent email that got an account during the payment, on %s',
  (backend) => {
    const ctx = useTestDatabase(backend);
    let app: App;
    let gateway: SpyGateway;
    let crashBeforeCommit = false;

    const db = () => ctx.database.db;

    beforeAll(async () => {
      const sandbox = createSandboxGateway({ db: ctx.database.db, now: () => new Date() });
      const spy: SpyGateway = {
        ...sandbox,
        sales: [],
        reversals: [],
        afterCharge: undefined,
        async sale(input) {
          spy.sales.push(input);
          const result = await sandbox.sale(input);
          const hook = spy.afterCharge;
          if (hook && result.outcome === 'SUCCESS') {
            spy.afterCharge = undefined;
            await hook(input, result);
          }
          return result;
        },
        async reverse(id: string) {
          spy.reversals.push(id);
          return sandbox.reverse(id);
        },
      };
      gateway = spy;
      app = await buildTestApp(ctx.database, {
        env: ENV,
        paymentGateway: gateway satisfies PaymentGateway,
        checkoutHooks: {
          beforeCommit: () => {
            if (crashBeforeCommit) throw new Error('simulated crash before the commit');
          },
        },
      });
    });
    afterAll(async () => {
      await app?.close();
    });
    beforeEach(() => {
      gateway.sales.length = 0;
      gateway.reversals.length = 0;
      gateway.afterCharge = undefined;
      crashBeforeCommit = false;
    });

    /** The body the browser sends: the amounts it was shown by the pricing call. */
    async function paymentBody(signup: TestSignup): Promise<Json> {
      const price = await priceSignup(app, signup, {
        address: TEXAS,
        orderDetail: { packageId: 3003 },
        payForCoparent: false,
        promoCodes: [],
        paymentCodes: [],
      });
      return {
        marketingOptIn: true,
        order: { packageId: 3003 },
        payment: {
          amountDisplayed: price.totals.total,
          taxAmountDisplayed: price.totals.taxAmount,
          cardHolderName: 'Ana López',
          nonce: 'fake-valid-nonce',
          paymentType: 'CREDIT_CARD',
          // As the browser always asks: a voided charge must not leave a method on file.
          storePaymentOnFile: true,
          deviceData: null,
        },
        payForCoparent: false,
        promoCodes: null,
      };
    }

    function pay(signup: TestSignup, body: Json, key: string, language = 'en') {
      return app.inject({
        method: 'POST',
        url: `/v2/signups/${signup.signupId}/payment`,
        headers: {
          'x-registration-key': signup.registrationKey,
          'idempotency-key': key,
          language,
        },
        payload: body,
      });
    }

    async function paymentRows(signup: TestSignup) {
      return db().select().from(payments).where(eq(payments.signupId, signup.signupId));
    }

    /** Every sandbox transaction (sales and refunds) of the signup's attempts. */
    async function transactionsOf(signup: TestSignup) {
      const ids = (await paymentRows(signup)).map((p) => p.id);
      if (ids.length === 0) return [];
      return db()
        .select()
        .from(sandboxTransactions)
        .where(inArray(sandboxTransactions.orderId, ids));
    }

    async function usersWithEmail(email: string) {
      return db()
        .select()
        .from(users)
        .where(sql`${users.emailNormalized} = ${email.trim().toLowerCase()}`);
    }

    async function outboxTo(address: string) {
      return db()
        .select()
        .from(emailOutbox)
        .where(sql`lower(${emailOutbox.toAddress}) = ${address.toLowerCase()}`);
    }

    /** Row counts of everything a completed payment creates. */
    async function counts() {
      return {
        users: await countOf(users),
        families: await countOf(families),
        familyMembers: await countOf(familyMembers),
        invites: await countOf(invites),
        orders: await countOf(orders),
        subscriptions: await countOf(subscriptions),
        receipts: await countOf(receipts),
        credentialsTokens: await countOf(credentialsTokens),
      };
    }

    async function countOf(
      table:
        | typeof users
        | typeof families
        | typeof familyMembers
        | typeof invites
        | typeof orders
        | typeof subscriptions
        | typeof receipts
        | typeof credentialsTokens,
    ): Promise<number> {
      const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(table);
      return Number(row?.n ?? 0);
    }

    const duplicateAnswer = (locale: 'en' | 'es-MX' = 'en') => ({
      validationErrors: [
        {
          field: DUPLICATE_PARENT_FIELD,
          text: duplicateText('signup_duplicateParent_error', locale),
          type: 'DUPLICATE',
        },
      ],
    });

    /** The signup's only attempt, VOIDED as a duplicate parent, with its charge `reversal`. */
    async function expectVoided(signup: TestSignup, reversal: 'voided' | 'refunded') {
      const rows = await paymentRows(signup);
      expect(rows).toHaveLength(1);
      const [payment] = rows;
      expect(payment).toMatchObject({
        status: 'VOIDED',
        failure: { kind: 'duplicateParent' },
        provider: 'sandbox',
        response: null,
        paymentMethodToken: null,
      });
      expect(payment?.completedAt).not.toBeNull();
      const transactions = await transactionsOf(signup);
      const sale = transactions.find((t) => t.type === 'sale');
      expect(sale?.id).toBe(payment?.transactionId);
      expect(gateway.reversals).toEqual([sale?.id]);
      if (reversal === 'voided') {
        expect(transactions).toHaveLength(1);
        expect(sale?.status).toBe('voided');
      } else {
        expect(transactions).toHaveLength(2);
        expect(sale?.status).toBe('settled');
        const credit = transactions.find((t) => t.type === 'credit');
        expect(credit).toMatchObject({
          refundedTransactionId: sale?.id,
          amount: sale?.amount,
          status: 'submitted_for_settlement',
        });
      }
      // The signup stays unpaid, with no account, order or receipt of its own.
      const [row] = await db().select().from(signups).where(eq(signups.id, signup.signupId));
      expect(row).toMatchObject({ completedAt: null, userId: null, familyId: null });
      expect((await getSignup(app, signup)).json()).toMatchObject({ paid: false });
      expect(await db().select().from(orders).where(eq(orders.signupId, signup.signupId))).toEqual(
        [],
      );
      expect(
        await db()
          .select()
          .from(receipts)
          .where(eq(receipts.paymentId, payment?.id ?? '')),
      ).toEqual([]);
      const receipt = await app.inject({
        method: 'GET',
        url: `/v2/signups/${signup.signupId}/receipt`,
        headers: { 'x-registration-key': signup.registrationKey },
      });
      expect(receipt.statusCode).toBe(404);
      // The co-parent got no invitation from the voided attempt.
      const coParentEmail = row?.coParentEmail ?? '';
      expect(coParentEmail).not.toBe('');
      expect(await outboxTo(coParentEmail)).toEqual([]);
      expect(await usersWithEmail(coParentEmail)).toEqual([]);
      return { payment, sale };
    }

    /** The same key again: the same answer, in the language asked now, and no new gateway call. */
    async function expectReplayAnswersTheSame(signup: TestSignup, body: Json, key: string) {
      const salesBefore = gateway.sales.length;
      const transactionsBefore = await transactionsOf(signup);
      const replay = await pay(signup, body, key);
      expect(replay.statusCode, replay.body).toBe(422);
      expect(replay.json()).toEqual(duplicateAnswer());
      const inSpanish = await pay(signup, body, key, 'es-MX');
      expect(inSpanish.statusCode).toBe(422);
      expect(inSpanish.json()).toEqual(duplicateAnswer('es-MX'));
      expect(gateway.sales).toHaveLength(salesBefore);
      expect(gateway.reversals).toHaveLength(1);
      expect(await transactionsOf(signup)).toEqual(transactionsBefore);
      expect((await paymentRows(signup)).map((p) => p.status)).toEqual(['VOIDED']);

      // A new key is refused before the gateway (the duplicate check of the payment): no charge.
      const fresh = await pay(signup, body, randomUUID());
      expect(fresh.statusCode, fresh.body).toBe(422);
      expect(fresh.json()).toEqual(duplicateAnswer());
      expect(gateway.sales).toHaveLength(salesBefore);
      expect(await paymentRows(signup)).toHaveLength(1);
    }

    it('an account created directly between the check and the commit: the charge is voided, 422 parentDuplicate', async () => {
      const signup = await signupReadyToPay(app);
      const body = await paymentBody(signup);
      const key = randomUUID();
      let other: { id: string } | undefined;
      gateway.afterCharge = async () => {
        // Another account with the same email (written differently), after the duplicate check.
        other = await insertUser(db(), {
          email: `  ${signup.email.toUpperCase()} `,
          firstName: 'Ana',
          lastName: 'Other',
        });
      };
      const before = await counts();

      const res = await pay(signup, body, key);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual(duplicateAnswer());
      expect(res.json()).not.toHaveProperty('clickToJoinToken');
      expect(gateway.sales).toHaveLength(1);
      expect(other).toBeDefined();

      await expectVoided(signup, 'voided');
      // Only the other account has the email; nothing else was created.
      expect((await usersWithEmail(signup.email)).map((u) => u.id)).toEqual([other?.id]);
      expect(await counts()).toEqual({ ...before, users: before.users + 1 });
      expect(await outboxTo(signup.email)).toEqual([]);

      await expectReplayAnswersTheSame(signup, body, key);
      expect(await counts()).toEqual({ ...before, users: before.users + 1 });
    });

    it('another signup with the same email paid meanwhile: the first charge is voided, the other account stands', async () => {
      const first = await signupReadyToPay(app);
      // The same parent in another tab: a second signup with the same email, ready to pay.
      const second = await signupReadyToPay(app, { email: first.email });
      const firstBody = await paymentBody(first);
      const secondBody = await paymentBody(second);
      const key = randomUUID();
      let secondStatus: number | undefined;
      let secondUserId: string | undefined;
      gateway.afterCharge = async () => {
        const res = await pay(second, secondBody, randomUUID());
        secondStatus = res.statusCode;
        secondUserId = res.json().registration?.parent?.userId;
      };
      const before = await counts();

      const res = await pay(first, firstBody, key);
      expect(secondStatus).toBe(200);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual(duplicateAnswer());
      expect(gateway.sales).toHaveLength(2);

      const { sale } = await expectVoided(first, 'voided');
      // The second signup's payment stands: charged once, not reversed.
      const [secondPayment] = await paymentRows(second);
      expect(secondPayment?.status).toBe('COMPLETED');
      const secondTransactions = await transactionsOf(second);
      expect(secondTransactions.map((t) => t.status)).toEqual(['submitted_for_settlement']);
      expect(secondTransactions[0]?.id).not.toBe(sale?.id);
      // One account for the email (the second signup's), one family, one subscription: the second's.
      expect((await usersWithEmail(first.email)).map((u) => u.id)).toEqual([secondUserId]);
      expect(await counts()).toEqual({
        users: before.users + 2, // the second signup's parent and co-parent
        families: before.families + 1,
        familyMembers: before.familyMembers + 3,
        invites: before.invites + 1,
        orders: before.orders + 1,
        subscriptions: before.subscriptions + 1,
        receipts: before.receipts + 1,
        // The second payment's answer token and its receipt email's link.
        credentialsTokens: before.credentialsTokens + 2,
      });
      const [secondOrder] = await db()
        .select()
        .from(orders)
        .where(eq(orders.signupId, second.signupId));
      expect(secondOrder?.userId).toBe(secondUserId);
      // One receipt email to the address: the second payment's.
      expect((await outboxTo(first.email)).map((m) => m.template)).toEqual(['payment-receipt']);

      await expectReplayAnswersTheSame(first, firstBody, key);
      expect(await paymentRows(second)).toHaveLength(1);
    });

    it('a charge already settled is refunded instead', async () => {
      const signup = await signupReadyToPay(app);
      const body = await paymentBody(signup);
      const key = randomUUID();
      gateway.afterCharge = async (_input, result) => {
        if (result.outcome !== 'SUCCESS') return;
        await db()
          .update(sandboxTransactions)
          .set({ status: 'settled' })
          .where(eq(sandboxTransactions.id, result.transaction.id));
        await insertUser(db(), { email: signup.email, firstName: 'Ana', lastName: 'Other' });
      };
      const before = await counts();
      const res = await pay(signup, body, key);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toEqual(duplicateAnswer());
      await expectVoided(signup, 'refunded');
      expect(await counts()).toEqual({ ...before, users: before.users + 1 });
      await expectReplayAnswersTheSame(signup, body, key);
    });

    it('a crash after the charge, then the account appears: the retry reconciles to VOIDED, charging nothing more', async () => {
      const signup = await signupReadyToPay(app);
      const body = await paymentBody(signup);
      const key = randomUUID();
      crashBeforeCommit = true;
      const crashed = await pay(signup, body, key);
      expect(crashed.statusCode).toBe(500);
      expect((await paymentRows(signup)).map((p) => p.status)).toEqual(['PENDING']);
      expect(gateway.sales).toHaveLength(1);
      crashBeforeCommit = false;

      await insertUser(db(), { email: signup.email, firstName: 'Ana', lastName: 'Other' });
      const before = await counts();
      const retry = await pay(signup, body, key);
      expect(retry.statusCode, retry.body).toBe(422);
      expect(retry.json()).toEqual(duplicateAnswer());
      expect(gateway.sales).toHaveLength(1);
      await expectVoided(signup, 'voided');
      expect(await counts()).toEqual(before);
      await expectReplayAnswersTheSame(signup, body, key);
    });
  },
);
