import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applePayAmount,
  createBraintreeSession,
  supportedCardBrands,
  WalletCanceledError,
} from './braintree-sdk';

const sdk = vi.hoisted(() => ({
  client: { create: vi.fn() },
  hostedFields: { create: vi.fn() },
  dataCollector: { create: vi.fn() },
  paypalCheckout: { create: vi.fn() },
  venmo: { create: vi.fn() },
  applePay: { create: vi.fn() },
}));
vi.mock('braintree-web/client', () => sdk.client);
vi.mock('braintree-web/hosted-fields', () => sdk.hostedFields);
vi.mock('braintree-web/data-collector', () => sdk.dataCollector);
vi.mock('braintree-web/paypal-checkout', () => sdk.paypalCheckout);
vi.mock('braintree-web/venmo', () => sdk.venmo);
vi.mock('braintree-web/apple-pay', () => sdk.applePay);

const CLIENT = { authorization: 'client-token' };
const TOKEN = { clientToken: 'client-token', merchantCurrency: 'GBP' as const };

function venmoInstance(overrides: Record<string, unknown> = {}) {
  return {
    isBrowserSupported: () => true,
    hasTokenizationResult: () => false,
    tokenize: vi.fn().mockResolvedValue({
      nonce: 'fake-venmo-account-nonce',
      type: 'VenmoAccount',
      details: { username: 'venmojoe' },
    }),
    ...overrides,
  };
}

/** Safari's ApplePaySession, driven by the test. */
class FakeApplePaySession {
  static STATUS_SUCCESS = 0;
  static STATUS_FAILURE = 1;
  static last: FakeApplePaySession | undefined;
  static canMakePayments = vi.fn(() => true);
  onvalidatemerchant: (event: { validationURL: string }) => void = () => undefined;
  onpaymentauthorized: (event: { payment: { token: unknown } }) => void = () => undefined;
  oncancel: () => void = () => undefined;
  completeMerchantValidation = vi.fn();
  completePayment = vi.fn();
  abort = vi.fn();
  begin = vi.fn();
  constructor(
    readonly version: number,
    readonly request: { supportedNetworks: string[] },
  ) {
    FakeApplePaySession.last = this;
  }
}

function applePayInstance() {
  return {
    createPaymentRequest: vi.fn((request: Record<string, unknown>) => ({
      countryCode: 'US',
      currencyCode: 'USD',
      merchantCapabilities: ['supports3DS'],
      supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
      ...request,
    })),
    performValidation: vi.fn().mockResolvedValue({ merchantSession: 'ok' }),
    tokenize: vi.fn().mockResolvedValue({ nonce: 'tokencc_applepay', details: {} }),
  };
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  sdk.client.create.mockResolvedValue(CLIENT);
  sdk.venmo.create.mockResolvedValue(venmoInstance());
  sdk.applePay.create.mockResolvedValue(applePayInstance());
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
  window.ApplePaySession = undefined;
  (window as { paypal?: unknown }).paypal = undefined;
});

describe('applePayAmount', () => {
  it("is the order's total to 2 decimals", () => {
    expect(applePayAmount(15936)).toBe('159.36');
    expect(applePayAmount(1500)).toBe('15.00');
    expect(applePayAmount(5)).toBe('0.05');
    expect(applePayAmount(208684)).toBe('2086.84');
  });
});

describe('supportedCardBrands', () => {
  it('turns off only the brands the restriction flags refuse', () => {
    expect(supportedCardBrands([])).toEqual({});
    expect(supportedCardBrands(['American Express', 'Discover'])).toEqual({
      'american-express': false,
      discover: false,
    });
  });
});

describe('createBraintreeSession', () => {
  it('creates the client from the client token and Venmo with multi_use', async () => {
    const session = await createBraintreeSession(TOKEN);
    expect(sdk.client.create).toHaveBeenCalledWith({ authorization: 'client-token' });
    expect(sdk.venmo.create).toHaveBeenCalledWith(
      expect.objectContaining({ client: CLIENT, paymentMethodUsage: 'multi_use' }),
    );
    expect(session.venmo).not.toBeNull();
    expect(session.currency).toBe('GBP');
    await expect(session.tokenizeVenmo()).resolves.toEqual({
      nonce: 'fake-venmo-account-nonce',
      venmoUsername: 'venmojoe',
    });
  });

  it('rejects when the SDK or its client cannot load', async () => {
    sdk.client.create.mockRejectedValue(new Error('CLIENT_AUTHORIZATION_INVALID'));
    await expect(createBraintreeSession(TOKEN)).rejects.toThrow('CLIENT_AUTHORIZATION_INVALID');
  });

  it('has no Venmo for a browser Venmo does not support, or when Venmo fails', async () => {
    sdk.venmo.create.mockResolvedValueOnce(venmoInstance({ isBrowserSupported: () => false }));
    expect((await createBraintreeSession(TOKEN)).venmo).toBeNull();
    sdk.venmo.create.mockRejectedValueOnce({ code: 'VENMO_NOT_ENABLED' });
    expect((await createBraintreeSession(TOKEN)).venmo).toBeNull();
  });

  it('treats a closed Venmo window as a cancel', async () => {
    sdk.venmo.create.mockResolvedValue(
      venmoInstance({ tokenize: vi.fn().mockRejectedValue({ code: 'VENMO_CUSTOMER_CANCELED' }) }),
    );
    const session = await createBraintreeSession(TOKEN);
    await expect(session.tokenizeVenmo()).rejects.toBeInstanceOf(WalletCanceledError);
  });

  it('collects device data once, and answers null when the collector fails', async () => {
    sdk.dataCollector.create.mockResolvedValue({ deviceData: '{"correlation_id":"abc"}' });
    const session = await createBraintreeSession(TOKEN);
    await expect(session.deviceData()).resolves.toBe('{"correlation_id":"abc"}');
    await session.deviceData();
    expect(sdk.dataCollector.create).toHaveBeenCalledTimes(1);
    expect(sdk.dataCollector.create).toHaveBeenCalledWith({ client: CLIENT });

    sdk.dataCollector.create.mockRejectedValue({ code: 'DATA_COLLECTOR_KOUNT_ERROR' });
    const other = await createBraintreeSession(TOKEN);
    await expect(other.deviceData()).resolves.toBeNull();
  });

  it('sets PayPal up with vault and the tokenize intent, and tokenises the approval', async () => {
    const paypalCheckout = {
      loadPayPalSDK: vi.fn().mockResolvedValue(undefined),
      createPayment: vi.fn().mockResolvedValue('BA-123'),
      tokenizePayment: vi.fn().mockResolvedValue({ nonce: 'fake-paypal-billing-agreement-nonce' }),
      teardown: vi.fn().mockResolvedValue(undefined),
    };
    sdk.paypalCheckout.create.mockResolvedValue(paypalCheckout);
    let options: Record<string, (data?: unknown) => unknown> = {};
    const render = vi.fn().mockResolvedValue(undefined);
    (window as { paypal?: unknown }).paypal = {
      FUNDING: { PAYPAL: 'paypal' },
      Buttons: (given: typeof options) => {
        options = given;
        return { render };
      },
    };
    const session = await createBraintreeSession(TOKEN);
    const onApprove = vi.fn();
    const container = document.createElement('div');
    await session.renderPayPal(container, { onApprove, onCancel: vi.fn(), onError: vi.fn() });

    expect(paypalCheckout.loadPayPalSDK).toHaveBeenCalledWith({ vault: true, intent: 'tokenize' });
    expect(render).toHaveBeenCalledWith(container);
    await expect(options.createBillingAgreement?.()).resolves.toBe('BA-123');
    expect(paypalCheckout.createPayment).toHaveBeenCalledWith({ flow: 'vault' });
    await options.onApprove?.({ payerId: 'PAYER', billingToken: 'BA-123' });
    expect(paypalCheckout.tokenizePayment).toHaveBeenCalledWith({
      payerId: 'PAYER',
      billingToken: 'BA-123',
    });
    expect(onApprove).toHaveBeenCalledWith({ nonce: 'fake-paypal-billing-agreement-nonce' });
  });

  it('offers Apple Pay only where ApplePaySession can make payments', async () => {
    expect((await createBraintreeSession(TOKEN)).applePay).toBeNull();
    window.ApplePaySession = FakeApplePaySession as unknown as typeof window.ApplePaySession;
    FakeApplePaySession.canMakePayments.mockReturnValueOnce(false);
    expect((await createBraintreeSession(TOKEN)).applePay).toBeNull();
    expect((await createBraintreeSession(TOKEN)).applePay).not.toBeNull();
  });

  it("pays with Apple Pay: the total to 2 decimals in the merchant's currency (USD by default)", async () => {
    window.ApplePaySession = FakeApplePaySession as unknown as typeof window.ApplePaySession;
    const instance = applePayInstance();
    sdk.applePay.create.mockResolvedValue(instance);
    const session = await createBraintreeSession({
      clientToken: 'client-token',
    } as unknown as typeof TOKEN);
    const paying = session.payWithApplePay({
      total: 1500,
      label: 'CoParent Hub',
      refusedCardTypes: ['American Express'],
    });
    expect(instance.createPaymentRequest).toHaveBeenCalledWith({
      total: { label: 'CoParent Hub', amount: '15.00' },
      currencyCode: 'USD',
    });
    const applePaySession = FakeApplePaySession.last as FakeApplePaySession;
    expect(applePaySession.request.supportedNetworks).toEqual(['visa', 'masterCard', 'discover']);
    expect(applePaySession.begin).toHaveBeenCalled();

    applePaySession.onvalidatemerchant({ validationURL: 'https://apple-pay-gateway.apple.com/x' });
    await vi.waitFor(() =>
      expect(applePaySession.completeMerchantValidation).toHaveBeenCalledWith({
        merchantSession: 'ok',
      }),
    );
    expect(instance.performValidation).toHaveBeenCalledWith({
      validationURL: 'https://apple-pay-gateway.apple.com/x',
      displayName: 'CoParent Hub',
    });
    applePaySession.onpaymentauthorized({ payment: { token: { paymentData: 'x' } } });
    await expect(paying).resolves.toEqual({ nonce: 'tokencc_applepay' });
    expect(applePaySession.completePayment).toHaveBeenCalledWith(
      FakeApplePaySession.STATUS_SUCCESS,
    );
  });

  it('treats a closed Apple Pay sheet as a cancel', async () => {
    window.ApplePaySession = FakeApplePaySession as unknown as typeof window.ApplePaySession;
    const session = await createBraintreeSession(TOKEN);
    const paying = session.payWithApplePay({ total: 15936, label: 'x', refusedCardTypes: [] });
    FakeApplePaySession.last?.oncancel();
    await expect(paying).rejects.toBeInstanceOf(WalletCanceledError);
  });
});
