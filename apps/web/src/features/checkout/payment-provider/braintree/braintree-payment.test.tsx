import type { PricingResponse } from '@coparent/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import type { FlagOverrides } from '@/lib/flags';
import {
  checkoutSignup,
  onCheckoutPricing,
  onClientToken,
  paymentResponse,
  priceFor,
  seedCheckout,
} from '@/test/checkout-fixtures';
import { mockFetch, on } from '@/test/fetch-mock';
import { SIGNUP_ID, seedFunnel } from '@/test/join-fixtures';
import { GB_PACKAGES, onCoupons, onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/page-reload', () => ({ wasPageReloaded: () => true }));

type Handler = (event: unknown) => void;

/** A stand-in for braintree-web's hosted fields: the test plays the iframes' events. */
function fakeHostedFields() {
  const handlers = new Map<string, Handler[]>();
  return {
    handlers,
    on: vi.fn((event: string, handler: Handler) => {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    }),
    emit(event: string, payload: unknown) {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
    tokenize: vi.fn(),
    teardown: vi.fn().mockResolvedValue(undefined),
    focus: vi.fn().mockResolvedValue(undefined),
    setMessage: vi.fn(),
    setAttribute: vi.fn().mockResolvedValue(undefined),
    removeAttribute: vi.fn().mockResolvedValue(undefined),
  };
}

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

let hostedFields: ReturnType<typeof fakeHostedFields>;

const field = (isValid: boolean) => ({ isValid, isEmpty: false, isPotentiallyValid: isValid });
function state(
  emittedBy: string,
  valid: { number: boolean; expirationDate: boolean; cvv: boolean },
  cards = [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }],
) {
  return {
    emittedBy,
    cards,
    fields: {
      number: field(valid.number),
      expirationDate: field(valid.expirationDate),
      cvv: field(valid.cvv),
    },
  };
}
const ALL_VALID = { number: true, expirationDate: true, cvv: true };

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  hostedFields = fakeHostedFields();
  sdk.client.create.mockResolvedValue({ authorization: 'braintree_token' });
  sdk.hostedFields.create.mockImplementation(async () => hostedFields);
  sdk.dataCollector.create.mockResolvedValue({ deviceData: '{"correlation_id":"gb-device"}' });
  sdk.venmo.create.mockResolvedValue({
    isBrowserSupported: () => true,
    hasTokenizationResult: () => false,
    tokenize: vi.fn().mockResolvedValue({
      nonce: 'fake-venmo-account-nonce',
      type: 'VenmoAccount',
      details: { username: 'venmojoe' },
    }),
  });
  sdk.applePay.create.mockResolvedValue({
    createPaymentRequest: (request: object) => ({ supportedNetworks: ['visa'], ...request }),
    performValidation: vi.fn().mockResolvedValue({}),
    tokenize: vi.fn().mockResolvedValue({ nonce: 'tokencc_applepay_1' }),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  window.ApplePaySession = undefined;
  (window as { paypal?: unknown }).paypal = undefined;
});

function server({ gb = false } = {}) {
  const packages = gb ? GB_PACKAGES : US_PACKAGES;
  const pricing = priceFor(packages, {
    address: gb ? { country: 'GB' } : { country: 'US', region: 'TX' },
    orderDetail: { packageId: gb ? 2061 : 3003, services: [] },
  }).body as PricingResponse;
  return mockFetch(
    on('GET', `/v2/signups/${SIGNUP_ID}`, {
      body: checkoutSignup({
        order: { packageId: gb ? 2061 : 3003, productId: 'SUB1YEAR', services: [] },
      }),
    }),
    ...onPricingFor(packages, gb ? 'GB' : 'US'),
    onCoupons(),
    onCheckoutPricing(packages),
    onClientToken('braintree'),
    on('POST', `/v2/signups/${SIGNUP_ID}/payment`, { body: paymentResponse(pricing) }),
  );
}

async function openPayment({
  flags,
  country = 'US',
}: {
  flags?: FlagOverrides;
  country?: string;
} = {}) {
  seedFunnel(3);
  seedCheckout('PAYMENT', {
    country,
    ...(country === 'US'
      ? {}
      : { consent: { isRequired: true, termsAndConditions: true, marketingOptIn: false } }),
  });
  const rendered = await renderApp('/payment', { flags });
  await screen.findByRole('heading', { level: 2, name: 'Payment details' }, { timeout: 5000 });
  return rendered;
}

const reviewOrder = () => screen.getByRole('button', { name: 'Review Order' });

async function cardFieldsReady() {
  await waitFor(() => expect(hostedFields.on).toHaveBeenCalled());
}

describe('Payment view with braintree-web', () => {
  it('mounts hosted fields in labelled containers, in order, with the restricted brands off', async () => {
    server();
    await openPayment({ flags: { 'hide-amex': true } });
    await cardFieldsReady();
    const options = sdk.hostedFields.create.mock.calls[0]?.[0];
    expect(options.client).toEqual({ authorization: 'braintree_token' });
    expect(options.fields.number).toMatchObject({
      container: '#card-number',
      internalLabel: 'Card number',
      supportedCardBrands: { 'american-express': false },
    });
    expect(Object.keys(options.fields)).toEqual(['number', 'expirationDate', 'cvv']);
    expect(options.styles).toHaveProperty([':focus']);
    expect(options.styles).toHaveProperty(['.invalid']);
    // Each label points at its field's container, in the keyboard order number → expiry → CVV.
    const labels = ['Card number', 'Expiration date', 'Security code'].map((name) =>
      screen.getByText(name, { selector: 'label' }),
    );
    expect(labels.map((label) => label.getAttribute('for'))).toEqual([
      'card-number',
      'card-expirationDate',
      'card-cvv',
    ]);
    expect(reviewOrder()).toBeDisabled();
  });

  it('draws the hosted fields with the tokens of the current look', async () => {
    // jsdom loads no stylesheet: the tokens a look sets on the root are set here by hand.
    const root = document.documentElement.style;
    root.setProperty('--color-text', '#211632');
    root.setProperty('--color-error', '#a4161a');
    root.setProperty('--font-body', '"Avenir Next",\n    Avenir, sans-serif');
    try {
      server();
      await openPayment();
      await cardFieldsReady();
      expect(sdk.hostedFields.create.mock.lastCall?.[0].styles).toEqual({
        input: {
          'font-size': '17px',
          'font-family': '"Avenir Next", Avenir, sans-serif',
          color: '#211632',
        },
        ':focus': { color: '#211632' },
        '.invalid': { color: '#a4161a' },
        '.valid': { color: '#211632' },
      });
    } finally {
      for (const name of ['--color-text', '--color-error', '--font-body'])
        root.removeProperty(name);
    }
  });
  it('tokenises a valid card and shows it on Review; no device data outside GB', async () => {
    const { calls } = server();
    const { user } = await openPayment();
    await cardFieldsReady();
    hostedFields.tokenize.mockResolvedValue({
      nonce: 'tokencc_bt_1111',
      details: { cardType: 'Visa', lastFour: '1111' },
    });
    act(() => hostedFields.emit('validityChange', state('cvv', ALL_VALID)));
    // The brand's mark, as the sandbox's fields show it.
    expect(screen.getByText('Card type: Visa')).toBeVisible();
    expect(screen.getByText('VISA')).toHaveAttribute('data-brand', 'Visa');
    await waitFor(() => expect(reviewOrder()).toBeEnabled());
    await user.click(reviewOrder());
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Review your order' }),
    ).toBeVisible();
    expect(hostedFields.tokenize).toHaveBeenCalledWith({
      cardholderName: expect.any(String),
      billingAddress: { postalCode: '78701' },
    });
    expect(screen.getByText('Visa ending in 1111')).toBeVisible();
    expect(useCheckoutStore.getState()).toMatchObject({
      nonces: { CREDIT_CARD: 'tokencc_bt_1111' },
      deviceData: undefined,
    });
    expect(sdk.dataCollector.create).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/payment'))).toBe(true));
    const body = calls.find((call) => call.url.endsWith('/payment'))?.body as {
      payment: { nonce: string; deviceData: string | null; paymentType: string };
    };
    expect(body.payment).toMatchObject({
      nonce: 'tokencc_bt_1111',
      paymentType: 'CREDIT_CARD',
      deviceData: null,
    });
  });

  it('sends device data with a GB card payment', async () => {
    const { calls } = server({ gb: true });
    const { user } = await openPayment({ country: 'GB' });
    await cardFieldsReady();
    hostedFields.tokenize.mockResolvedValue({
      nonce: 'tokencc_bt_4444',
      details: { cardType: 'MasterCard', lastFour: '4444' },
    });
    act(() => hostedFields.emit('validityChange', state('cvv', ALL_VALID)));
    await waitFor(() => expect(reviewOrder()).toBeEnabled());
    await user.click(reviewOrder());
    await screen.findByRole('heading', { level: 2, name: 'Review your order' });
    expect(sdk.dataCollector.create).toHaveBeenCalledWith({
      client: { authorization: 'braintree_token' },
    });
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/payment'))).toBe(true));
    const body = calls.find((call) => call.url.endsWith('/payment'))?.body as {
      payment: { deviceData: string | null };
    };
    expect(body.payment.deviceData).toBe('{"correlation_id":"gb-device"}');
  });

  it("shows the spec's messages beside the fields once left, and in the summary when refused", async () => {
    server();
    const { user } = await openPayment();
    await cardFieldsReady();
    act(() =>
      hostedFields.emit(
        'blur',
        state('number', { number: false, expirationDate: true, cvv: true }),
      ),
    );
    expect(await screen.findByText('Enter a valid credit card number')).toBeVisible();
    expect(hostedFields.setMessage).toHaveBeenCalledWith({
      field: 'number',
      message: 'Enter a valid credit card number',
    });

    // The fields looked valid, but tokenising refuses the number and the code.
    act(() => hostedFields.emit('validityChange', state('number', ALL_VALID)));
    hostedFields.tokenize.mockRejectedValue({
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      details: { invalidFieldKeys: ['number', 'cvv'] },
    });
    await waitFor(() => expect(reviewOrder()).toBeEnabled());
    await user.click(reviewOrder());
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary).getByRole('link', { name: 'Enter a valid credit card number' }),
    ).toHaveAttribute('href', '#card-number');
    expect(
      within(summary).getByRole('link', { name: 'Enter a valid security code' }),
    ).toHaveAttribute('href', '#card-cvv');
    expect(within(summary).queryByText('Enter a valid expiration date')).not.toBeInTheDocument();
    expect(useCheckoutStore.getState().nonces).toEqual({});
    // The refused fields are invalid again: Review Order waits for them.
    await waitFor(() => expect(reviewOrder()).toBeDisabled());
  });

  it('says the secure form could not load, with the support phone, when the SDK fails', async () => {
    sdk.client.create.mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    server();
    await openPayment();
    expect(
      await screen.findByText(
        "We couldn't load the secure payment form. Please refresh the page or try again later.",
      ),
    ).toBeVisible();
    expect(screen.getAllByRole('link', { name: /\(\d{3}\) \d{3}-\d{4}/ }).length).toBeGreaterThan(
      0,
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(reviewOrder()).toBeDisabled();
  });

  it('connects Venmo (US, its experiment on) and shows the username on Review', async () => {
    server();
    const { user } = await openPayment({ flags: { venmo: 'Treatment' } });
    await user.click(await screen.findByRole('radio', { name: 'Venmo' }));
    await user.click(screen.getByRole('button', { name: 'Continue with Venmo' }));
    expect(
      await screen.findByText('Your Venmo account venmojoe is connected and ready.'),
    ).toBeVisible();
    expect(useCheckoutStore.getState()).toMatchObject({
      method: 'VENMO',
      nonces: { VENMO: 'fake-venmo-account-nonce' },
      venmoUsername: 'venmojoe',
    });
    await user.click(reviewOrder());
    await screen.findByRole('heading', { level: 2, name: 'Review your order' });
    expect(screen.getByText('Venmo (venmojoe)')).toBeVisible();
  });

  it('connects PayPal through its button (vault, tokenize intent)', async () => {
    let buttons: { onApprove: (data: unknown) => Promise<void>; onCancel: () => void } | undefined;
    (window as { paypal?: unknown }).paypal = {
      FUNDING: { PAYPAL: 'paypal' },
      Buttons: (options: typeof buttons) => {
        buttons = options;
        return { render: vi.fn().mockResolvedValue(undefined) };
      },
    };
    const paypalCheckout = {
      loadPayPalSDK: vi.fn().mockResolvedValue(undefined),
      createPayment: vi.fn().mockResolvedValue('BA-1'),
      tokenizePayment: vi.fn().mockResolvedValue({ nonce: 'fake-paypal-billing-agreement-nonce' }),
      teardown: vi.fn().mockResolvedValue(undefined),
    };
    sdk.paypalCheckout.create.mockResolvedValue(paypalCheckout);
    server();
    const { user } = await openPayment({ flags: { 'paypal-in-join': 'Treatment' } });
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await waitFor(() => expect(buttons).toBeDefined());
    expect(paypalCheckout.loadPayPalSDK).toHaveBeenCalledWith({ vault: true, intent: 'tokenize' });
    await act(
      () => buttons?.onApprove({ payerId: 'P', billingToken: 'BA-1' }) ?? Promise.resolve(),
    );
    expect(useCheckoutStore.getState().nonces).toEqual({
      PAYPAL: 'fake-paypal-billing-agreement-nonce',
    });
    expect(await screen.findByText('PayPal is connected and ready.')).toBeVisible();
    expect(reviewOrder()).toBeEnabled();
    // Cancel clears its nonce.
    act(() => buttons?.onCancel());
    expect(useCheckoutStore.getState().nonces).toEqual({});
  });

  it("shows the spec's message when PayPal cannot be set up", async () => {
    sdk.paypalCheckout.create.mockRejectedValue({ code: 'PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED' });
    server();
    const { user } = await openPayment({ flags: { 'paypal-in-join': 'Treatment' } });
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    expect(
      await screen.findByText(
        'There was an error setting up PayPal. Please refresh the page or try again later.',
      ),
    ).toBeVisible();
  });

  it('hides Apple Pay where the browser has no ApplePaySession', async () => {
    server();
    await openPayment();
    const methods = () =>
      within(screen.getByRole('group', { name: 'How would you like to pay?' }))
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value'));
    await waitFor(() => expect(methods()).toEqual(['CREDIT_CARD']));
  });

  it('pays with Apple Pay where the browser can', async () => {
    class Session {
      static STATUS_SUCCESS = 0;
      static STATUS_FAILURE = 1;
      static canMakePayments = () => true;
      onpaymentauthorized: (event: unknown) => void = () => undefined;
      begin = vi.fn(() =>
        queueMicrotask(() => this.onpaymentauthorized({ payment: { token: 't' } })),
      );
      completePayment = vi.fn();
    }
    window.ApplePaySession = Session as unknown as typeof window.ApplePaySession;
    server();
    const { user } = await openPayment();
    await user.click(await screen.findByRole('radio', { name: 'Apple Pay' }));
    await user.click(screen.getByRole('button', { name: 'Continue with Apple Pay' }));
    await waitFor(() =>
      expect(useCheckoutStore.getState().nonces).toEqual({ APPLE_PAY: 'tokencc_applepay_1' }),
    );
    expect(reviewOrder()).toBeEnabled();
  });
});
