import type Braintree from 'braintree';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BraintreeConfig } from '../../config.js';
import { createBraintreeGateway } from './braintree.js';
import { PaymentGatewayError } from './payment-gateway.js';

/**
 * The Braintree adapter's customer vault (the account's card update) offline, by the seam of
 * braintree-offline.test.ts: the official SDK stays real and only its transport (`gateway.http`)
 * is faked, so the SDK builds the requests and wraps the answers (CreditCard, PayPalAccount,
 * ErrorResponse, NotFoundError) exactly as it would with Braintree. The payloads are what the
 * SDK's `Http` resolves for Braintree's XML (camelCased keys, nil → null).
 */

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; body: unknown };

const fake = vi.hoisted(() => {
  const state = {
    calls: [] as Call[],
    reply: (call: Call): unknown => {
      throw new Error(`no reply for ${call.method} ${call.path}`);
    },
    exceptions: {} as Record<string, (message: string) => Error>,
  };
  function request(method: Call['method'], path: string, body: unknown) {
    state.calls.push({ method, path, body: structuredClone(body) });
    let answer: unknown;
    try {
      answer = state.reply({ method, path, body });
    } catch (error) {
      answer = error;
    }
    return answer instanceof Error
      ? Promise.reject(answer)
      : Promise.resolve(structuredClone(answer));
  }
  const http = {
    get: (path: string) => request('GET', path, null),
    post: (path: string, body: unknown) => request('POST', path, body),
    put: (path: string, body: unknown) => request('PUT', path, body),
    delete: (path: string) => request('DELETE', path, null),
  };
  return { state, http };
});

vi.mock('braintree', async (importOriginal) => {
  const sdk = (await importOriginal<{ default: typeof Braintree }>()).default;
  fake.state.exceptions = (
    sdk as unknown as { exceptions: typeof fake.state.exceptions }
  ).exceptions;
  class BraintreeGateway extends sdk.BraintreeGateway {
    constructor(config: Braintree.GatewayConfig) {
      super(config);
      Object.assign(this, { http: fake.http });
    }
  }
  return { default: { ...sdk, BraintreeGateway } };
});

const MERCHANT = '/merchants/test-merchant';
const NONCE = 'tokencc_bf_4n7wzd_9k2mqp_x8c3vb_q6rt5y_h2m';

const CONFIG: BraintreeConfig = {
  environment: 'sandbox',
  merchantId: 'test-merchant',
  publicKey: 'test-public-key',
  privateKey: 'test-private-key',
  merchantAccounts: { USD: 'usd-account', GBP: 'gbp-account' },
  defaultCurrency: 'USD',
};

const gateway = createBraintreeGateway(CONFIG);

/** A `<credit-card>` in the vault as the transport resolves it. */
function apiCard(overrides: Record<string, unknown> = {}) {
  return {
    token: 'cc-new-token-8p',
    customerId: 'customer-41',
    bin: '555555',
    last4: '4444',
    cardType: 'MasterCard',
    expirationMonth: '11',
    expirationYear: '2031',
    cardholderName: 'Ana Pérez',
    default: true,
    expired: false,
    uniqueNumberIdentifier: '5f1c2b8a9e7d',
    createdAt: '2024-06-02T10:00:00Z',
    updatedAt: '2024-06-02T10:00:00Z',
    subscriptions: [],
    verifications: [],
    ...overrides,
  };
}

/** An `<api-error-response>` of `paymentMethod.create`, with the refused verification if any. */
function apiError(message: string, extra: Record<string, unknown> = {}) {
  return {
    apiErrorResponse: {
      errors: { errors: [] },
      params: { paymentMethod: { customerId: 'customer-41' } },
      message,
      ...extra,
    },
  };
}

function routes(table: Record<string, unknown>) {
  fake.state.reply = (call) => {
    const key = `${call.method} ${call.path}`;
    if (!(key in table)) throw new Error(`unexpected call: ${key}`);
    return table[key];
  };
}

const calledRoutes = () => fake.state.calls.map((call) => `${call.method} ${call.path}`);

const input = (overrides: Partial<Parameters<typeof gateway.vaultPaymentMethod>[0]> = {}) => ({
  customerId: 'customer-41',
  nonce: NONCE,
  verify: true,
  makeDefault: true,
  currency: 'USD' as const,
  ...overrides,
});

beforeEach(() => {
  fake.state.calls.length = 0;
});

describe('Braintree paymentMethod.create: what we send and read', () => {
  it('vaults the nonce for the customer, verified through the currency’s account, as default', async () => {
    routes({ [`POST ${MERCHANT}/payment_methods`]: { creditCard: apiCard() } });
    const result = await gateway.vaultPaymentMethod(input());
    expect(calledRoutes()).toEqual([`POST ${MERCHANT}/payment_methods`]);
    expect(fake.state.calls[0]?.body).toEqual({
      paymentMethod: {
        customerId: 'customer-41',
        paymentMethodNonce: NONCE,
        options: {
          verifyCard: true,
          makeDefault: true,
          verificationMerchantAccountId: 'usd-account',
        },
      },
    });
    expect(result).toEqual({
      outcome: 'SUCCESS',
      method: {
        token: 'cc-new-token-8p',
        customerId: 'customer-41',
        paymentInstrument: 'CREDIT_CARD',
        cardType: 'MasterCard',
        lastFour: '4444',
        isDefault: true,
      },
    });
  });

  it('creates the customer first when there is none', async () => {
    routes({
      [`POST ${MERCHANT}/customers`]: {
        customer: { id: 'customer-77', paymentMethods: [], creditCards: [], addresses: [] },
      },
      [`POST ${MERCHANT}/payment_methods`]: { creditCard: apiCard({ customerId: 'customer-77' }) },
    });
    const result = await gateway.vaultPaymentMethod(input({ customerId: null, currency: 'GBP' }));
    expect(calledRoutes()).toEqual([
      `POST ${MERCHANT}/customers`,
      `POST ${MERCHANT}/payment_methods`,
    ]);
    expect(fake.state.calls[1]?.body).toMatchObject({
      paymentMethod: {
        customerId: 'customer-77',
        options: { verificationMerchantAccountId: 'gbp-account' },
      },
    });
    expect(result).toMatchObject({ outcome: 'SUCCESS', method: { customerId: 'customer-77' } });
  });

  it('reads a PayPal account vaulted from a wallet nonce', async () => {
    routes({
      [`POST ${MERCHANT}/payment_methods`]: {
        paypalAccount: {
          token: 'pp-token-2v',
          customerId: 'customer-41',
          email: 'ana@example.test',
          default: true,
        },
      },
    });
    expect(await gateway.vaultPaymentMethod(input())).toEqual({
      outcome: 'SUCCESS',
      method: {
        token: 'pp-token-2v',
        customerId: 'customer-41',
        paymentInstrument: 'PAYPAL',
        cardType: null,
        lastFour: null,
        isDefault: true,
      },
    });
  });

  it.each([
    [{ status: 'processor_declined', processorResponseCode: '2000' }, 'PROCESSOR_DECLINED'],
    [{ status: 'processor_declined', processorResponseCode: '2010' }, 'CVV'],
    [{ status: 'gateway_rejected', gatewayRejectionReason: 'cvv' }, 'CVV'],
    [{ status: 'gateway_rejected', gatewayRejectionReason: 'avs' }, 'AVS'],
    [{ status: 'gateway_rejected', gatewayRejectionReason: 'fraud' }, 'FRAUD'],
  ])('reads a refused verification %o as %s', async (verification, reason) => {
    routes({
      [`POST ${MERCHANT}/payment_methods`]: apiError('Do Not Honor', {
        verification: {
          id: 'verif-1',
          processorResponseCode: null,
          processorResponseText: null,
          gatewayRejectionReason: null,
          ...verification,
        },
      }),
    });
    expect(await gateway.vaultPaymentMethod(input())).toEqual({
      outcome: 'DECLINED',
      reason,
      message: 'Do Not Honor',
    });
  });

  it('reads a refused nonce (validation errors, no verification)', async () => {
    routes({
      [`POST ${MERCHANT}/payment_methods`]: apiError(
        'Cannot use a payment_method_nonce more than once.',
        {
          errors: {
            paymentMethod: {
              errors: [
                {
                  attribute: 'payment_method_nonce',
                  code: '91564',
                  message: 'Cannot use a payment_method_nonce more than once.',
                },
              ],
            },
            errors: [],
          },
        },
      ),
    });
    expect(await gateway.vaultPaymentMethod(input())).toEqual({
      outcome: 'DECLINED',
      reason: 'PAYMENT_METHOD_INVALID',
      message: 'Cannot use a payment_method_nonce more than once. (91564)',
    });
  });

  it('turns a transport failure into PaymentGatewayError (outcome unknown)', async () => {
    routes({
      [`POST ${MERCHANT}/payment_methods`]:
        fake.state.exceptions.UnexpectedError?.('Request timed out'),
    });
    const error = await gateway.vaultPaymentMethod(input()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
  });
});

describe('Braintree paymentMethod.find and delete', () => {
  it('finds a method with its customer, and null for a token Braintree does not hold', async () => {
    routes({
      [`GET ${MERCHANT}/payment_methods/any/cc-old-token`]: {
        creditCard: apiCard({
          token: 'cc-old-token',
          default: false,
          last4: '1881',
          cardType: 'Visa',
        }),
      },
      [`GET ${MERCHANT}/payment_methods/any/gone-token`]:
        fake.state.exceptions.NotFoundError?.('Not Found'),
    });
    expect(await gateway.findPaymentMethod('cc-old-token')).toEqual({
      token: 'cc-old-token',
      customerId: 'customer-41',
      paymentInstrument: 'CREDIT_CARD',
      cardType: 'Visa',
      lastFour: '1881',
      isDefault: false,
    });
    expect(await gateway.findPaymentMethod('gone-token')).toBeNull();
  });

  it('deletes by token; one already gone counts as removed; other failures are errors', async () => {
    routes({
      [`DELETE ${MERCHANT}/payment_methods/any/cc-old-token`]: { success: true },
      [`DELETE ${MERCHANT}/payment_methods/any/gone-token`]:
        fake.state.exceptions.NotFoundError?.('Not Found'),
      [`DELETE ${MERCHANT}/payment_methods/any/slow-token`]:
        fake.state.exceptions.UnexpectedError?.('Request timed out'),
    });
    await gateway.removePaymentMethod('cc-old-token');
    await gateway.removePaymentMethod('gone-token');
    const error = await gateway.removePaymentMethod('slow-token').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(calledRoutes()).toEqual([
      `DELETE ${MERCHANT}/payment_methods/any/cc-old-token`,
      `DELETE ${MERCHANT}/payment_methods/any/gone-token`,
      `DELETE ${MERCHANT}/payment_methods/any/slow-token`,
    ]);
  });
});
