import type Braintree from 'braintree';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BraintreeConfig } from '../../config.js';
import { createBraintreeGateway } from './braintree.js';
import { PaymentGatewayError, type SaleInput } from './payment-gateway.js';

/**
 * The Braintree adapter offline: what it sends through the official SDK and how it reads the
 * answers, without a merchant (contract.test.ts covers the real sandbox when one is configured).
 *
 * Same seam as braintree-uk-card.test.ts (`vi.mock('braintree')`), but narrower: the SDK stays
 * real and only its transport (`gateway.http`, the object that would speak HTTPS to Braintree)
 * is faked. So the SDK itself checks our sale's keys (`_createSignature`), wraps the answers in
 * its own `Transaction` / `ErrorResponse` objects, streams searches and unwraps client tokens —
 * exactly the shapes the adapter reads in production. The payloads below are what the SDK's
 * `Http` resolves for Braintree's XML (xml2js + `Util.convertNodeToObject`: camelCased keys,
 * nil → null, amounts and processor codes as strings, `type="integer"` as numbers).
 */

type Call = { method: 'GET' | 'POST' | 'PUT'; path: string; body: unknown };
type Callback = (error: unknown, response: unknown) => void;

const fake = vi.hoisted(() => {
  const state = {
    calls: [] as Call[],
    /** The API's answer to a call: a payload, or an Error for the transport to fail with. */
    reply: (call: Call): unknown => {
      throw new Error(`no reply for ${call.method} ${call.path}`);
    },
    /** The SDK's own exception makers (AuthenticationError, UnexpectedError…). */
    exceptions: {} as Record<string, (message: string) => Error>,
  };
  function request(method: Call['method'], path: string, body: unknown, callback?: Callback) {
    const call = { method, path, body: structuredClone(body) };
    state.calls.push(call);
    let answer: unknown;
    try {
      answer = state.reply(call);
    } catch (error) {
      answer = error;
    }
    const result =
      answer instanceof Error ? Promise.reject(answer) : Promise.resolve(structuredClone(answer));
    if (!callback) return result;
    // The SDK's searches call the transport node-style (wrap-promise), the rest as a promise.
    result.then(
      (response) => callback(null, response),
      (error) => callback(error, null),
    );
    return undefined;
  }
  const http = {
    get: (path: string, callback?: Callback) => request('GET', path, null, callback),
    post: (path: string, body: unknown, callback?: Callback) =>
      request('POST', path, body, callback),
    put: (path: string, body: unknown, callback?: Callback) => request('PUT', path, body, callback),
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
const ORDER_ID = '0b5e6a4e-2f5c-4c55-9d36-6f1f1d7a2c11';

const CONFIG: BraintreeConfig = {
  environment: 'sandbox',
  merchantId: 'test-merchant',
  publicKey: 'test-public-key',
  privateKey: 'test-private-key',
  merchantAccounts: { USD: 'usd-account', GBP: 'gbp-account' },
  defaultCurrency: 'USD',
  ukCardMerchantAccountId: 'uk-card-account',
};

const gateway = createBraintreeGateway(CONFIG);

function saleInput(overrides: Partial<SaleInput> = {}): SaleInput {
  return {
    nonce: 'tokencc_bf_8kbq4r_5v8dwc_wy2w4z_h9xsrd_2q7',
    amountMinor: 1234,
    currency: 'USD',
    orderId: ORDER_ID,
    idempotencyKey: 'idem-3f1c9c3e-6a43-4c1b-b7a0-8f0a5a4d2e90',
    deviceData: '{"device_session_id":"a8c2f0e1b","fraud_merchant_id":"600000"}',
    storeInVault: true,
    ...overrides,
  };
}

/** Braintree's `<credit-card>` of a transaction paid otherwise: every field nil. */
const NIL_CARD = {
  token: null,
  bin: null,
  last4: null,
  cardType: null,
  expirationMonth: null,
  expirationYear: null,
  customerLocation: null,
  cardholderName: null,
  imageUrl:
    'https://assets.braintreegateway.com/payment_method_logo/unknown.png?environment=sandbox',
  prepaid: 'Unknown',
  debit: 'Unknown',
  commercial: 'Unknown',
  countryOfIssuance: 'Unknown',
  issuingBank: 'Unknown',
  uniqueNumberIdentifier: null,
};

/** A transaction as the SDK's transport resolves it: a Visa card sale, submitted for settlement. */
function apiTransaction(overrides: Record<string, unknown> = {}) {
  return {
    id: 'k2mqjz8e',
    status: 'submitted_for_settlement',
    type: 'sale',
    currencyIsoCode: 'USD',
    amount: '12.34',
    merchantAccountId: 'usd-account',
    orderId: ORDER_ID,
    createdAt: '2024-05-14T09:30:12Z',
    updatedAt: '2024-05-14T09:30:13Z',
    customer: { id: null, firstName: null, lastName: null, email: null },
    billing: { id: null, postalCode: null, countryCodeAlpha2: null },
    refundId: null,
    refundIds: [],
    refundedTransactionId: null,
    settlementBatchId: null,
    customFields: '',
    avsErrorResponseCode: null,
    avsPostalCodeResponseCode: 'M',
    avsStreetAddressResponseCode: 'I',
    cvvResponseCode: 'M',
    gatewayRejectionReason: null,
    processorAuthorizationCode: 'PQ7RT2',
    processorResponseCode: '1000',
    processorResponseText: 'Approved',
    processorResponseType: 'approved',
    additionalProcessorResponse: null,
    networkResponseCode: 'XX',
    networkResponseText: 'sample network response text',
    networkTransactionId: '020240514093012',
    recurring: false,
    channel: null,
    taxExempt: false,
    processedWithNetworkToken: false,
    paymentInstrumentType: 'credit_card',
    creditCard: {
      ...NIL_CARD,
      token: 'cc-vault-token-7k2',
      bin: '411111',
      last4: '1111',
      cardType: 'Visa',
      expirationMonth: '12',
      expirationYear: '2030',
      customerLocation: 'US',
      imageUrl:
        'https://assets.braintreegateway.com/payment_method_logo/visa.png?environment=sandbox',
      uniqueNumberIdentifier: '0b0a1e7f0f7b6c3a9b9d3c8e1f2a4b5c',
    },
    statusHistory: [
      {
        timestamp: '2024-05-14T09:30:13Z',
        status: 'authorized',
        amount: '12.34',
        user: 'test-merchant-api',
        transactionSource: 'api',
      },
      {
        timestamp: '2024-05-14T09:30:13Z',
        status: 'submitted_for_settlement',
        amount: '12.34',
        user: 'test-merchant-api',
        transactionSource: 'api',
      },
    ],
    addOns: [],
    discounts: [],
    disputes: [],
    authorizationAdjustments: [],
    descriptor: { name: null, phone: null, url: null },
    disbursementDetails: { disbursementDate: null, settlementAmount: null },
    subscription: { billingPeriodEndDate: null, billingPeriodStartDate: null },
    ...overrides,
  };
}

/** An `<api-error-response>`: validation errors, the message, and the refused transaction if any. */
function apiError(
  message: string,
  options: { transaction?: object; errors?: Record<string, unknown> } = {},
) {
  return {
    apiErrorResponse: {
      errors: options.errors ?? { errors: [] },
      params: { transaction: { type: 'sale', amount: '12.34', orderId: ORDER_ID } },
      message,
      ...(options.transaction ? { transaction: options.transaction } : {}),
    },
  };
}

/** Answers each call by "METHOD path"; anything else fails the transport (and the test). */
function routes(table: Record<string, unknown>) {
  fake.state.reply = (call) => {
    const key = `${call.method} ${call.path}`;
    if (!(key in table)) throw new Error(`unexpected call: ${key}`);
    return table[key];
  };
}

/** The `transaction` attributes of the n-th call, as the SDK handed them to its transport. */
function sentTransaction(n = 0): Record<string, unknown> {
  const body = fake.state.calls[n]?.body as { transaction?: Record<string, unknown> } | undefined;
  if (!body?.transaction) throw new Error(`call ${n} sent no transaction`);
  return body.transaction;
}

/** The call rejects with our PaymentGatewayError (unknown outcome), with this message. */
async function expectGatewayError(call: Promise<unknown>, message: string) {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  expect((error as Error).message).toBe(message);
}

function calledRoutes() {
  return fake.state.calls.map((call) => `${call.method} ${call.path}`);
}

beforeEach(() => {
  fake.state.calls.length = 0;
});

describe('Braintree sale: what we send', () => {
  beforeEach(() => {
    routes({ [`POST ${MERCHANT}/transactions`]: { transaction: apiTransaction() } });
  });

  it('sends amount, nonce, order id, apiRequestKey, device data and options, accepted by the SDK', async () => {
    const input = saleInput();
    const result = await gateway.sale(input);

    expect(result.outcome).toBe('SUCCESS');
    // The SDK validated our keys against its sale signature before this call reached the wire.
    expect(calledRoutes()).toEqual([`POST ${MERCHANT}/transactions`]);
    expect(fake.state.calls[0]?.body).toEqual({
      transaction: {
        amount: '12.34',
        paymentMethodNonce: input.nonce,
        orderId: ORDER_ID,
        apiRequestKey: input.idempotencyKey,
        merchantAccountId: 'usd-account',
        deviceData: input.deviceData,
        options: { submitForSettlement: true, storeInVaultOnSuccess: true },
        type: 'sale',
      },
    });
  });

  it.each([
    [1234, 'USD', '12.34'],
    [5, 'USD', '0.05'],
    [100, 'USD', '1.00'],
    [199_900, 'USD', '1999.00'],
    [8_999, 'GBP', '89.99'],
  ] as const)('sends %i minor units of %s as "%s"', async (amountMinor, currency, amount) => {
    // Every currency we sell in has 2 minor digits (CURRENCY_MINOR_DIGITS): no zero-decimal case.
    await gateway.sale(saleInput({ amountMinor, currency }));
    expect(sentTransaction().amount).toBe(amount);
  });

  it('asks not to vault when storeInVault is false, and sends no deviceData when none is given', async () => {
    await gateway.sale(saleInput({ storeInVault: false, deviceData: undefined }));
    const sent = sentTransaction();
    expect(sent.options).toEqual({ submitForSettlement: true, storeInVaultOnSuccess: false });
    expect(sent).not.toHaveProperty('deviceData');
  });

  it('charges a GBP sale through the GBP merchant account, or the UK card one in the Treatment', async () => {
    await gateway.sale(saleInput({ currency: 'GBP' }));
    await gateway.sale(saleInput({ currency: 'GBP', viaUkCardAccount: true }));
    await gateway.sale(saleInput({ currency: 'USD', viaUkCardAccount: true }));
    expect([0, 1, 2].map((n) => sentTransaction(n).merchantAccountId)).toEqual([
      'gbp-account',
      'uk-card-account',
      'usd-account',
    ]);
  });

  it('uses the default account (no merchantAccountId) for the default currency without its own', async () => {
    const onlyGbp = createBraintreeGateway({ ...CONFIG, merchantAccounts: { GBP: 'gbp-account' } });
    await onlyGbp.sale(saleInput({ currency: 'USD' }));
    expect(sentTransaction()).toMatchObject({ amount: '12.34', orderId: ORDER_ID });
    expect(sentTransaction()).not.toHaveProperty('merchantAccountId');
  });

  it('refuses, before any call, a currency with no merchant account', async () => {
    await expectGatewayError(
      gateway.sale(saleInput({ currency: 'EUR' })),
      'braintree: no merchant account for EUR',
    );
    expect(fake.state.calls).toEqual([]);
  });
});

describe('Braintree sale: how we read the answer', () => {
  function answerSale(payload: unknown) {
    routes({ [`POST ${MERCHANT}/transactions`]: payload });
  }

  it('maps a successful card sale', async () => {
    answerSale({ transaction: apiTransaction() });
    const result = await gateway.sale(saleInput());
    expect(result).toEqual({
      outcome: 'SUCCESS',
      transaction: expect.objectContaining({
        id: 'k2mqjz8e',
        orderId: ORDER_ID,
        status: 'SUBMITTED_FOR_SETTLEMENT',
        amountMinor: 1234,
        currency: 'USD',
        paymentInstrument: 'CREDIT_CARD',
        processorResponseCode: '1000',
        processorResponseText: 'Approved',
        gatewayRejectionReason: null,
        createdAt: new Date('2024-05-14T09:30:12Z'),
      }),
    });
  });

  // The SDK's Transaction always sets `applePayCard` (an empty ApplePayCard when the payload has
  // no `applePay`): reading `t.applePayCard ?? t.creditCard` once lost every card's details.
  it('reads the card type, last four and vaulted token of a card sale', async () => {
    answerSale({ transaction: apiTransaction() });
    const result = await gateway.sale(saleInput());
    if (result.outcome !== 'SUCCESS') throw new Error(`unexpected ${result.outcome}`);
    const { cardType, lastFour, paymentMethodToken } = result.transaction;
    expect({ cardType, lastFour, paymentMethodToken }).toEqual({
      cardType: 'Visa',
      lastFour: '1111',
      paymentMethodToken: 'cc-vault-token-7k2',
    });
  });

  it.each([
    [
      'PayPal',
      {
        paymentInstrumentType: 'paypal_account',
        creditCard: NIL_CARD,
        paypal: {
          token: 'paypal-vault-token-9x',
          payerEmail: 'payer@example.com',
          payerId: 'PAYER8XY2',
          payerFirstName: 'Pat',
          payerLastName: 'Payer',
          paymentId: 'PAYID-MZ2K4QA',
          authorizationId: '5RJ41882',
          captureId: null,
          sellerProtectionStatus: 'ELIGIBLE',
          imageUrl: 'https://assets.braintreegateway.com/payment_method_logo/paypal.png',
        },
      },
      { paymentInstrument: 'PAYPAL', cardType: null, lastFour: null },
      'paypal-vault-token-9x',
    ],
    [
      'Venmo',
      {
        paymentInstrumentType: 'venmo_account',
        creditCard: NIL_CARD,
        venmoAccount: {
          token: 'venmo-vault-token-3q',
          username: 'venmojoe',
          venmoUserId: '1234567891234567891',
          sourceDescription: 'Venmo Account: venmojoe',
          imageUrl: 'https://assets.braintreegateway.com/payment_method_logo/venmo.png',
        },
      },
      { paymentInstrument: 'VENMO', cardType: null, lastFour: null },
      'venmo-vault-token-3q',
    ],
    [
      'Apple Pay',
      {
        paymentInstrumentType: 'apple_pay_card',
        creditCard: NIL_CARD,
        applePay: {
          token: 'applepay-vault-token-5m',
          cardType: 'Apple Pay - Visa',
          last4: '1881',
          bin: '401288',
          expirationMonth: '12',
          expirationYear: '2030',
          paymentInstrumentName: 'Visa 1881',
          sourceDescription: 'Visa 1881',
          cardholderName: 'Visa Apple Pay Cardholder',
        },
      },
      { paymentInstrument: 'APPLE_PAY', cardType: 'Apple Pay - Visa', lastFour: '1881' },
      'applepay-vault-token-5m',
    ],
  ] as const)(
    'maps a %s sale: instrument, card details, vaulted token',
    async (_name, details, mapped, token) => {
      answerSale({ transaction: apiTransaction(details) });
      const result = await gateway.sale(saleInput());
      expect(result).toMatchObject({
        outcome: 'SUCCESS',
        transaction: { ...mapped, paymentMethodToken: token },
      });
    },
  );

  it.each([
    ['2000', 'Do Not Honor', 'PROCESSOR_DECLINED'],
    ['2001', 'Insufficient Funds', 'PROCESSOR_DECLINED'],
    ['2004', 'Expired Card', 'EXPIRATION_INVALID'],
    ['2005', 'Invalid Credit Card Number', 'CARD_NUMBER_INVALID'],
    ['2010', 'Card Issuer Declined CVV', 'CVV'],
  ] as const)(
    'declines a processor decline %s (%s) as %s with its code',
    async (code, text, reason) => {
      answerSale(
        apiError(text, {
          transaction: apiTransaction({
            status: 'processor_declined',
            processorResponseCode: code,
            processorResponseText: text,
            processorResponseType: 'soft_declined',
            processorAuthorizationCode: null,
          }),
        }),
      );
      const result = await gateway.sale(saleInput());
      expect(result).toMatchObject({
        outcome: 'DECLINED',
        reason,
        processorResponseCode: code,
        message: text,
        transaction: {
          id: 'k2mqjz8e',
          status: 'PROCESSOR_DECLINED',
          processorResponseCode: code,
          processorResponseText: text,
        },
      });
    },
  );

  it.each([
    ['cvv', 'CVV'],
    ['avs', 'AVS'],
    ['avs_and_cvv', 'CVV'],
    ['fraud', 'FRAUD'],
    ['risk_threshold', 'FRAUD'],
  ] as const)('declines a gateway rejection "%s" as %s', async (rejection, reason) => {
    answerSale(
      apiError(`Gateway Rejected: ${rejection}`, {
        transaction: apiTransaction({
          status: 'gateway_rejected',
          gatewayRejectionReason: rejection,
          cvvResponseCode: rejection.includes('cvv') ? 'N' : 'M',
          avsPostalCodeResponseCode: rejection.startsWith('avs') ? 'N' : 'M',
        }),
      }),
    );
    const result = await gateway.sale(saleInput());
    expect(result).toMatchObject({
      outcome: 'DECLINED',
      reason,
      processorResponseCode: null,
      message: `Gateway Rejected: ${rejection}`,
      transaction: { status: 'GATEWAY_REJECTED', gatewayRejectionReason: rejection },
    });
  });

  it('answers UNAVAILABLE for a failed transaction (3000, processor network unavailable)', async () => {
    const text = 'Processor Network Unavailable - Try Again';
    answerSale(
      apiError(text, {
        transaction: apiTransaction({
          status: 'failed',
          processorResponseCode: '3000',
          processorResponseText: text,
          processorResponseType: 'soft_declined',
        }),
      }),
    );
    const result = await gateway.sale(saleInput());
    expect(result).toMatchObject({
      outcome: 'UNAVAILABLE',
      message: text,
      transaction: { status: 'FAILED', processorResponseCode: '3000' },
    });
  });

  it.each([
    [
      null,
      'payment_method_nonce',
      '91565',
      'Unknown or expired payment_method_nonce.',
      'PAYMENT_METHOD_INVALID',
    ],
    ['creditCard', 'number', '81715', 'Credit card number is invalid.', 'CARD_NUMBER_INVALID'],
    ['creditCard', 'expiration_date', '81710', 'Expiration date is invalid.', 'EXPIRATION_INVALID'],
    [
      'creditCard',
      'cvv',
      '81707',
      'CVV must be 4 digits for American Express and 3 digits for other card types.',
      'CVV',
    ],
  ] as const)(
    'declines a validation error without a transaction (%s %s %s)',
    async (nested, attribute, code, message, reason) => {
      const errors = { errors: [{ attribute, code, message }] };
      answerSale(
        apiError(message, {
          errors: { transaction: nested ? { [nested]: errors, errors: [] } : errors, errors: [] },
        }),
      );
      const result = await gateway.sale(saleInput());
      expect(result).toEqual({
        outcome: 'DECLINED',
        reason,
        transaction: null,
        processorResponseCode: null,
        message: `${message} (${code})`,
      });
    },
  );

  it('throws (outcome unknown) when Braintree refuses the apiRequestKey (in flight, 915233)', async () => {
    answerSale(
      apiError('API Request Key is in flight.', {
        errors: {
          transaction: {
            errors: [
              {
                attribute: 'api_request_key',
                code: '915233',
                message: 'API Request Key is in flight.',
              },
            ],
          },
          errors: [],
        },
      }),
    );
    await expectGatewayError(
      gateway.sale(saleInput()),
      'braintree: API Request Key is in flight. (915233)',
    );
  });

  it.each([
    ['UnexpectedError', 'Unexpected request error: Error: connect ECONNREFUSED', 'unexpectedError'],
    ['UnexpectedError', 'Request timed out', 'unexpectedError'],
    ['AuthenticationError', 'Authentication Error', 'authenticationError'],
    ['ServerError', 'Server Error', 'serverError'],
    ['ServiceUnavailableError', 'Service Unavailable Error', 'serviceUnavailableError'],
    ['GatewayTimeoutError', 'Gateway Timeout Error', 'gatewayTimeoutError'],
  ])('throws PaymentGatewayError on an SDK %s (%s)', async (maker, message, type) => {
    const error = fake.state.exceptions[maker]?.(message);
    answerSale(error);
    const sale = gateway.sale(saleInput());
    await expectGatewayError(sale, `braintree: ${type}`);
    await expect(sale).rejects.toMatchObject({ cause: error });
  });
});

describe('Braintree chargeVaulted (the renewal)', () => {
  const input = {
    paymentMethodToken: 'cc-vault-token-7k2',
    amountMinor: 15_999,
    currency: 'USD' as const,
    orderId: ORDER_ID,
    idempotencyKey: 'renewal:3f1c9c3e-6a43-4c1b-b7a0-8f0a5a4d2e90:1',
  };
  const answerSale = (payload: unknown) => routes({ [`POST ${MERCHANT}/transactions`]: payload });

  it('sends the token, amount, order id, apiRequestKey and transactionSource recurring, accepted by the SDK', async () => {
    answerSale({ transaction: apiTransaction({ amount: '159.99', recurring: true }) });
    const result = await gateway.chargeVaulted(input);
    expect(calledRoutes()).toEqual([`POST ${MERCHANT}/transactions`]);
    expect(fake.state.calls[0]?.body).toEqual({
      transaction: {
        amount: '159.99',
        paymentMethodToken: 'cc-vault-token-7k2',
        orderId: ORDER_ID,
        apiRequestKey: input.idempotencyKey,
        transactionSource: 'recurring',
        merchantAccountId: 'usd-account',
        options: { submitForSettlement: true },
        type: 'sale',
      },
    });
    expect(result).toMatchObject({
      outcome: 'SUCCESS',
      transaction: {
        amountMinor: 15_999,
        cardType: 'Visa',
        lastFour: '1111',
        paymentMethodToken: 'cc-vault-token-7k2',
      },
    });
  });

  it('declines a processor decline of the stored card with its code', async () => {
    answerSale(
      apiError('Insufficient Funds', {
        transaction: apiTransaction({
          status: 'processor_declined',
          processorResponseCode: '2001',
          processorResponseText: 'Insufficient Funds',
        }),
      }),
    );
    expect(await gateway.chargeVaulted(input)).toMatchObject({
      outcome: 'DECLINED',
      reason: 'PROCESSOR_DECLINED',
      processorResponseCode: '2001',
    });
  });

  it('declines an unknown token (91518) without a transaction', async () => {
    const message = 'Payment method token is invalid.';
    answerSale(
      apiError(message, {
        errors: {
          transaction: {
            errors: [{ attribute: 'payment_method_token', code: '91518', message }],
          },
          errors: [],
        },
      }),
    );
    expect(await gateway.chargeVaulted(input)).toEqual({
      outcome: 'DECLINED',
      reason: 'PAYMENT_METHOD_INVALID',
      transaction: null,
      processorResponseCode: null,
      message: `${message} (91518)`,
    });
  });

  it('throws PaymentGatewayError (outcome unknown) when the call fails', async () => {
    answerSale(fake.state.exceptions.UnexpectedError?.('Request timed out'));
    await expectGatewayError(gateway.chargeVaulted(input), 'braintree: unexpectedError');
  });

  it('refuses, before any call, a currency with no merchant account', async () => {
    await expectGatewayError(
      gateway.chargeVaulted({ ...input, currency: 'EUR' }),
      'braintree: no merchant account for EUR',
    );
    expect(fake.state.calls).toEqual([]);
  });
});

describe('Braintree findTransactionByOrderId', () => {
  function answerSearch(transactions: object[]) {
    routes({
      [`POST ${MERCHANT}/transactions/advanced_search_ids`]: {
        searchResults: { pageSize: 50, ids: transactions.map((t) => (t as { id: string }).id) },
      },
      [`POST ${MERCHANT}/transactions/advanced_search`]: {
        creditCardTransactions: {
          currentPageNumber: 1,
          pageSize: 50,
          totalItems: transactions.length,
          transaction: transactions.length === 1 ? transactions[0] : transactions,
        },
      },
    });
  }

  it('searches by order id and picks the charged transaction among several', async () => {
    answerSearch([
      apiTransaction({
        id: 'declined1',
        status: 'processor_declined',
        processorResponseCode: '2000',
      }),
      apiTransaction({ id: 'charged22', status: 'settled' }),
      apiTransaction({
        id: 'rejectd33',
        status: 'gateway_rejected',
        gatewayRejectionReason: 'cvv',
      }),
    ]);
    const found = await gateway.findTransactionByOrderId(ORDER_ID);
    expect(found).toMatchObject({ id: 'charged22', status: 'SETTLED', orderId: ORDER_ID });
    expect(fake.state.calls).toEqual([
      {
        method: 'POST',
        path: `${MERCHANT}/transactions/advanced_search_ids`,
        body: { search: { orderId: { is: ORDER_ID } } },
      },
      {
        method: 'POST',
        path: `${MERCHANT}/transactions/advanced_search`,
        body: {
          search: { orderId: { is: ORDER_ID }, ids: ['declined1', 'charged22', 'rejectd33'] },
        },
      },
    ]);
  });

  it('answers the refused transaction when none was charged', async () => {
    answerSearch([apiTransaction({ id: 'declined1', status: 'processor_declined' })]);
    expect(await gateway.findTransactionByOrderId(ORDER_ID)).toMatchObject({
      id: 'declined1',
      status: 'PROCESSOR_DECLINED',
    });
  });

  it('answers null when nothing has that order id', async () => {
    answerSearch([]);
    expect(await gateway.findTransactionByOrderId(ORDER_ID)).toBeNull();
    expect(calledRoutes()).toEqual([`POST ${MERCHANT}/transactions/advanced_search_ids`]);
  });

  it.each([
    ['authorized', 'AUTHORIZED'],
    ['authorizing', 'AUTHORIZED'],
    ['submitted_for_settlement', 'SUBMITTED_FOR_SETTLEMENT'],
    ['settlement_pending', 'SETTLING'],
    ['settling', 'SETTLING'],
    ['settled', 'SETTLED'],
    ['voided', 'VOIDED'],
    ['processor_declined', 'PROCESSOR_DECLINED'],
    ['gateway_rejected', 'GATEWAY_REJECTED'],
    ['failed', 'FAILED'],
    ['authorization_expired', 'OTHER'],
    ['settlement_declined', 'OTHER'],
  ])('maps the status %s to %s', async (status, mapped) => {
    answerSearch([apiTransaction({ status })]);
    expect((await gateway.findTransactionByOrderId(ORDER_ID))?.status).toBe(mapped);
  });

  it('throws PaymentGatewayError when the search cannot be made', async () => {
    routes({
      [`POST ${MERCHANT}/transactions/advanced_search_ids`]:
        fake.state.exceptions.UnexpectedError?.('Request timed out'),
    });
    await expectGatewayError(
      gateway.findTransactionByOrderId(ORDER_ID),
      'braintree: unexpectedError',
    );
  });
});

describe('Braintree reverse', () => {
  const ID = 'k2mqjz8e';

  function answerReverse(status: string) {
    routes({
      [`GET ${MERCHANT}/transactions/${ID}`]: { transaction: apiTransaction({ status }) },
      [`PUT ${MERCHANT}/transactions/${ID}/void`]: {
        transaction: apiTransaction({ status: 'voided' }),
      },
      [`POST ${MERCHANT}/transactions/${ID}/refund`]: {
        transaction: apiTransaction({
          id: 'r3fund9a',
          type: 'credit',
          status: 'submitted_for_settlement',
          refundedTransactionId: ID,
        }),
      },
    });
  }

  it.each(['authorized', 'submitted_for_settlement'])('voids a %s transaction', async (status) => {
    answerReverse(status);
    expect(await gateway.reverse(ID)).toEqual({ kind: 'VOIDED', transactionId: ID });
    expect(calledRoutes()).toEqual([
      `GET ${MERCHANT}/transactions/${ID}`,
      `PUT ${MERCHANT}/transactions/${ID}/void`,
    ]);
  });

  it.each(['settled', 'settling'])('refunds a %s transaction in full', async (status) => {
    answerReverse(status);
    expect(await gateway.reverse(ID)).toEqual({ kind: 'REFUNDED', transactionId: 'r3fund9a' });
    expect(calledRoutes()).toEqual([
      `GET ${MERCHANT}/transactions/${ID}`,
      `POST ${MERCHANT}/transactions/${ID}/refund`,
    ]);
    // No amount: the whole transaction is refunded.
    expect(fake.state.calls[1]?.body).toEqual({ transaction: { amount: undefined } });
  });

  // settlement_pending is charged (SETTLING in our statuses), but Braintree refunds only settled or
  // settling transactions and voids settlement_pending ones (PayPal): a refund would be refused.
  it('voids a settlement_pending (PayPal) transaction', async () => {
    const refused = 'Cannot refund transaction unless it is settled.';
    routes({
      [`GET ${MERCHANT}/transactions/${ID}`]: {
        transaction: apiTransaction({
          status: 'settlement_pending',
          paymentInstrumentType: 'paypal_account',
          creditCard: NIL_CARD,
          paypal: { token: null, payerEmail: 'payer@example.com', paymentId: 'PAYID-MZ2K4QA' },
        }),
      },
      [`PUT ${MERCHANT}/transactions/${ID}/void`]: {
        transaction: apiTransaction({ status: 'voided', paymentInstrumentType: 'paypal_account' }),
      },
      [`POST ${MERCHANT}/transactions/${ID}/refund`]: apiError(refused, {
        errors: {
          transaction: { errors: [{ attribute: 'base', code: '91506', message: refused }] },
          errors: [],
        },
      }),
    });
    const reversed = await gateway.reverse(ID).catch((error: unknown) => error);
    expect(calledRoutes()).toEqual([
      `GET ${MERCHANT}/transactions/${ID}`,
      `PUT ${MERCHANT}/transactions/${ID}/void`,
    ]);
    expect(reversed).toEqual({ kind: 'VOIDED', transactionId: ID });
  });

  it('throws PaymentGatewayError when the void is refused', async () => {
    const message =
      'Transaction can only be voided if status is authorized, submitted_for_settlement, or - for PayPal - settlement_pending.';
    routes({
      [`GET ${MERCHANT}/transactions/${ID}`]: {
        transaction: apiTransaction({ status: 'submitted_for_settlement' }),
      },
      [`PUT ${MERCHANT}/transactions/${ID}/void`]: apiError(message, {
        errors: {
          transaction: { errors: [{ attribute: 'base', code: '91504', message }] },
          errors: [],
        },
      }),
    });
    await expectGatewayError(gateway.reverse(ID), `braintree: ${message}`);
  });

  it('throws PaymentGatewayError when the transaction is not found', async () => {
    routes({
      [`GET ${MERCHANT}/transactions/${ID}`]: fake.state.exceptions.NotFoundError?.('Not Found'),
    });
    await expectGatewayError(gateway.reverse(ID), 'braintree: notFoundError');
  });
});

describe('Braintree clientToken', () => {
  const TOKEN = 'eyJ2ZXJzaW9uIjoyLCJhdXRob3JpemF0aW9uRmluZ2VycHJpbnQiOiJleUowZVhBaU9p';

  it('asks for a token of the currency’s merchant account', async () => {
    routes({ [`POST ${MERCHANT}/client_token`]: { clientToken: { value: TOKEN } } });
    expect(await gateway.clientToken({ currency: 'GBP' })).toEqual({
      clientToken: TOKEN,
      merchantCurrency: 'GBP',
    });
    expect(fake.state.calls).toEqual([
      {
        method: 'POST',
        path: `${MERCHANT}/client_token`,
        body: { client_token: { merchantAccountId: 'gbp-account', version: 2 } },
      },
    ]);
  });

  it('falls back to the default account and its currency for a currency without one', async () => {
    routes({ [`POST ${MERCHANT}/client_token`]: { clientToken: { value: TOKEN } } });
    expect(await gateway.clientToken({ currency: 'EUR' })).toEqual({
      clientToken: TOKEN,
      merchantCurrency: 'USD',
    });
    expect(fake.state.calls[0]?.body).toEqual({ client_token: { version: 2 } });
  });

  it('throws PaymentGatewayError when Braintree refuses the merchant account', async () => {
    const message = 'Merchant account id is invalid.';
    routes({
      [`POST ${MERCHANT}/client_token`]: apiError(message, {
        errors: {
          clientToken: {
            errors: [{ attribute: 'merchant_account_id', code: '92807', message }],
          },
          errors: [],
        },
      }),
    });
    await expectGatewayError(gateway.clientToken({ currency: 'GBP' }), `braintree: ${message}`);
  });

  it('throws PaymentGatewayError on bad credentials', async () => {
    routes({
      [`POST ${MERCHANT}/client_token`]:
        fake.state.exceptions.AuthenticationError?.('Authentication Error'),
    });
    await expectGatewayError(
      gateway.clientToken({ currency: 'USD' }),
      'braintree: authenticationError',
    );
  });
});
