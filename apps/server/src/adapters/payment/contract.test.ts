import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { useTestDatabase } from '../../test/test-app.js';
import { createBraintreeGateway } from './braintree.js';
import { isChargedStatus, type PaymentGateway, type SaleInput } from './payment-gateway.js';
import { createSandboxGateway } from './sandbox.js';

/**
 * The payment gateway contract: one suite, run against the local sandbox always and against
 * Braintree's sandbox when BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY
 * are set (a Braintree sandbox merchant; never production). Both must answer Braintree's
 * documented test values the same way.
 */

const braintreeConfig = (() => {
  try {
    const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
    return config.payment.kind === 'braintree' && config.payment.environment === 'sandbox'
      ? config.payment
      : undefined;
  } catch {
    return undefined;
  }
})();

type Subject = { name: string; make: () => PaymentGateway; skip?: string };

function saleInput(overrides: Partial<SaleInput> = {}): SaleInput {
  const orderId = randomUUID();
  return {
    nonce: 'fake-valid-nonce',
    amountMinor: 1_000,
    currency: 'USD',
    orderId,
    idempotencyKey: `contract-${orderId}`,
    storeInVault: false,
    ...overrides,
  };
}

function contractSuite(subject: Subject) {
  const title = subject.skip ? `${subject.name} (skipped: ${subject.skip})` : subject.name;
  describe.skipIf(subject.skip !== undefined)(`PaymentGateway contract: ${title}`, () => {
    const gateway = () => subject.make();

    it('gives a client token for a currency', async () => {
      const token = await gateway().clientToken({ currency: 'USD' });
      expect(token.clientToken.length).toBeGreaterThan(10);
      expect(token.merchantCurrency).toBe('USD');
    });

    it.each([
      ['fake-valid-nonce', 'CREDIT_CARD', 'Visa'],
      ['fake-valid-visa-nonce', 'CREDIT_CARD', 'Visa'],
      ['fake-valid-mastercard-nonce', 'CREDIT_CARD', 'MasterCard'],
      ['fake-valid-amex-nonce', 'CREDIT_CARD', 'American Express'],
      ['fake-valid-discover-nonce', 'CREDIT_CARD', 'Discover'],
      ['fake-paypal-one-time-nonce', 'PAYPAL', null],
      ['fake-paypal-billing-agreement-nonce', 'PAYPAL', null],
      ['fake-venmo-account-nonce', 'VENMO', null],
      ['fake-apple-pay-visa-nonce', 'APPLE_PAY', undefined],
      ['fake-apple-pay-mastercard-nonce', 'APPLE_PAY', undefined],
    ])('charges %s as %s', async (nonce, instrument, cardType) => {
      const input = saleInput({ nonce });
      const result = await gateway().sale(input);
      expect(result.outcome).toBe('SUCCESS');
      if (result.outcome !== 'SUCCESS') return;
      expect(result.transaction).toMatchObject({
        orderId: input.orderId,
        amountMinor: 1_000,
        paymentInstrument: instrument,
      });
      expect(isChargedStatus(result.transaction.status)).toBe(true);
      if (cardType !== undefined) expect(result.transaction.cardType).toBe(cardType);
    });

    it.each([
      ['fake-processor-declined-visa-nonce', 'PROCESSOR_DECLINED'],
      ['fake-processor-declined-mastercard-nonce', 'PROCESSOR_DECLINED'],
      ['fake-luhn-invalid-nonce', 'CARD_NUMBER_INVALID'],
      ['fake-consumed-nonce', 'PAYMENT_METHOD_INVALID'],
      ['fake-gateway-rejected-fraud-nonce', 'FRAUD'],
    ])('refuses %s (%s)', async (nonce, reason) => {
      const result = await gateway().sale(saleInput({ nonce }));
      expect(result).toMatchObject({ outcome: 'DECLINED', reason });
    });

    it('declines amounts 2000.00–2999.99 with that processor response code', async () => {
      for (const [amount, code] of [
        [200_000, '2000'],
        [200_100, '2001'],
        [299_999, '2999'],
      ] as const) {
        const result = await gateway().sale(saleInput({ amountMinor: amount }));
        expect(result, String(amount)).toMatchObject({
          outcome: 'DECLINED',
          processorResponseCode: code,
          transaction: { status: 'PROCESSOR_DECLINED' },
        });
      }
    });

    it('fails 3000.00 (processor network unavailable: nothing charged)', async () => {
      const result = await gateway().sale(saleInput({ amountMinor: 300_000 }));
      expect(result).toMatchObject({ outcome: 'UNAVAILABLE', transaction: { status: 'FAILED' } });
    });

    it('finds a transaction by its order id, and voids it', async () => {
      const input = saleInput({ nonce: 'fake-valid-mastercard-nonce' });
      const sale = await gateway().sale(input);
      expect(sale.outcome).toBe('SUCCESS');
      const found = await gateway().findTransactionByOrderId(input.orderId);
      expect(found).toMatchObject({ orderId: input.orderId, cardType: 'MasterCard' });
      expect(await gateway().findTransactionByOrderId(randomUUID())).toBeNull();
      if (!found) return;
      expect(await gateway().reverse(found.id)).toEqual({
        kind: 'VOIDED',
        transactionId: found.id,
      });
      expect((await gateway().findTransactionByOrderId(input.orderId))?.status).toBe('VOIDED');
    });

    it('answers a repeated idempotency key with the first result (no second charge)', async () => {
      const input = saleInput();
      const first = await gateway().sale(input);
      const second = await gateway().sale(input);
      expect(first.outcome).toBe('SUCCESS');
      expect(second.outcome).toBe('SUCCESS');
      if (first.outcome === 'SUCCESS' && second.outcome === 'SUCCESS') {
        expect(second.transaction.id).toBe(first.transaction.id);
      }
    });

    it('stores a payment method in the vault', async () => {
      const result = await gateway().vault({ nonce: 'fake-valid-visa-nonce' });
      expect(result).toMatchObject({ outcome: 'SUCCESS', paymentInstrument: 'CREDIT_CARD' });
    });

    describe('a vaulted method charged without the customer (the renewal)', () => {
      async function vaultedToken(nonce = 'fake-valid-mastercard-nonce') {
        const vaulted = await gateway().vault({ nonce });
        if (vaulted.outcome !== 'SUCCESS') throw new Error(`not vaulted: ${vaulted.message}`);
        return vaulted.token;
      }
      const chargeInput = (paymentMethodToken: string, amountMinor = 15_999) => {
        const orderId = randomUUID();
        return {
          paymentMethodToken,
          amountMinor,
          currency: 'USD' as const,
          orderId,
          idempotencyKey: `renewal-contract-${orderId}`,
        };
      };

      it('charges it, with its card and token, and finds the charge by order id', async () => {
        const token = await vaultedToken();
        const input = chargeInput(token);
        const result = await gateway().chargeVaulted(input);
        expect(result.outcome).toBe('SUCCESS');
        if (result.outcome !== 'SUCCESS') return;
        expect(result.transaction).toMatchObject({
          orderId: input.orderId,
          amountMinor: 15_999,
          paymentInstrument: 'CREDIT_CARD',
          cardType: 'MasterCard',
          paymentMethodToken: token,
        });
        expect(isChargedStatus(result.transaction.status)).toBe(true);
        const found = await gateway().findTransactionByOrderId(input.orderId);
        expect(found?.id).toBe(result.transaction.id);
      });

      it('answers a repeated idempotency key with the first charge', async () => {
        const input = chargeInput(await vaultedToken());
        const first = await gateway().chargeVaulted(input);
        const second = await gateway().chargeVaulted(input);
        if (first.outcome !== 'SUCCESS' || second.outcome !== 'SUCCESS') {
          throw new Error(`expected two successes, got ${first.outcome}, ${second.outcome}`);
        }
        expect(second.transaction.id).toBe(first.transaction.id);
      });

      it('declines amounts 2000.00–2999.99 with that processor response code', async () => {
        const result = await gateway().chargeVaulted(chargeInput(await vaultedToken(), 200_100));
        expect(result).toMatchObject({
          outcome: 'DECLINED',
          reason: 'PROCESSOR_DECLINED',
          processorResponseCode: '2001',
          transaction: { status: 'PROCESSOR_DECLINED' },
        });
      });

      it('refuses a token the vault does not hold, charging nothing', async () => {
        const input = chargeInput(`no-such-token-${randomUUID().slice(0, 8)}`);
        const result = await gateway().chargeVaulted(input);
        expect(result).toMatchObject({
          outcome: 'DECLINED',
          reason: 'PAYMENT_METHOD_INVALID',
          transaction: null,
        });
        expect(await gateway().findTransactionByOrderId(input.orderId)).toBeNull();
      });
    });

    it('vaults a verified method for a customer as the default, and removes the old one', async () => {
      const vaultFor = (customerId: string | null, nonce: string) =>
        gateway().vaultPaymentMethod({
          customerId,
          nonce,
          verify: true,
          makeDefault: true,
          currency: 'USD',
        });
      const first = await vaultFor(null, 'fake-valid-visa-nonce');
      expect(first).toMatchObject({
        outcome: 'SUCCESS',
        method: { paymentInstrument: 'CREDIT_CARD', cardType: 'Visa', isDefault: true },
      });
      if (first.outcome !== 'SUCCESS') return;
      const customerId = first.method.customerId;
      expect(customerId).toEqual(expect.any(String));

      const second = await vaultFor(customerId, 'fake-valid-mastercard-nonce');
      expect(second).toMatchObject({
        outcome: 'SUCCESS',
        method: { customerId, cardType: 'MasterCard', lastFour: '4444', isDefault: true },
      });
      if (second.outcome !== 'SUCCESS') return;
      expect(await gateway().findPaymentMethod(second.method.token)).toMatchObject({
        customerId,
        cardType: 'MasterCard',
        isDefault: true,
      });
      expect(await gateway().findPaymentMethod(first.method.token)).toMatchObject({
        customerId,
        isDefault: false,
      });

      await gateway().removePaymentMethod(first.method.token);
      expect(await gateway().findPaymentMethod(first.method.token)).toBeNull();
      // Removing what is gone already is not an error (a retried removal).
      await gateway().removePaymentMethod(first.method.token);
      expect(await gateway().findPaymentMethod(second.method.token)).not.toBeNull();
    });

    it.each([
      ['fake-processor-declined-visa-nonce', 'PROCESSOR_DECLINED'],
      ['fake-luhn-invalid-nonce', 'CARD_NUMBER_INVALID'],
      ['fake-consumed-nonce', 'PAYMENT_METHOD_INVALID'],
    ])('refuses to vault %s when verifying it (%s)', async (nonce, reason) => {
      const result = await gateway().vaultPaymentMethod({
        customerId: null,
        nonce,
        verify: true,
        makeDefault: true,
        currency: 'USD',
      });
      expect(result).toMatchObject({ outcome: 'DECLINED', reason });
    });

    it('finds no payment method for a token the vault does not hold', async () => {
      expect(await gateway().findPaymentMethod(`missing${randomUUID().slice(0, 8)}`)).toBeNull();
    });
  });
}

describe('payment gateways', () => {
  const ctx = useTestDatabase('pglite');
  contractSuite({
    name: 'sandbox',
    make: () => createSandboxGateway({ db: ctx.database.db, now: () => new Date() }),
  });
  contractSuite({
    name: 'braintree',
    make: () => {
      if (!braintreeConfig) throw new Error('Braintree is not configured');
      return createBraintreeGateway(braintreeConfig);
    },
    ...(braintreeConfig
      ? {}
      : {
          skip:
            'set BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY of a ' +
            'Braintree sandbox merchant to run it',
        }),
  });
});
