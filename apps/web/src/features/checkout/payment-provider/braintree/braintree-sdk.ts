import type { CardType, ClientTokenResponse } from '@coparent/domain';
import type { ApplePay } from 'braintree-web/apple-pay';
import type { Client } from 'braintree-web/client';
import type { BraintreeError } from 'braintree-web/core';
import type { HostedFieldFieldOptions, HostedFields } from 'braintree-web/hosted-fields';
import type { PayPalCheckoutCreatePaymentOptions } from 'braintree-web/paypal-checkout';
import type { Venmo } from 'braintree-web/venmo';
import { browserSupportsApplePay } from '../apple-pay-support';
import type { WalletApproval } from '../payment-provider';

/**
 * braintree-web's components, each loaded on first use with a dynamic import: the SDK is its own
 * chunks, fetched only on the payment page with the Braintree gateway. The packages are CommonJS,
 * so the bundle may hand the exports as the namespace itself or as its `default`.
 */
type Component<T> = { create: T };
function exportsOf<T>(namespace: unknown): Component<T> {
  const module = namespace as Partial<Component<T>> & { default?: Component<T> };
  if (typeof module.create === 'function') return module as Component<T>;
  if (module.default && typeof module.default.create === 'function') return module.default;
  throw new Error('braintree-web component without create()');
}

const sdk = {
  client: async () =>
    exportsOf<typeof import('braintree-web/client').create>(await import('braintree-web/client')),
  hostedFields: async () =>
    exportsOf<typeof import('braintree-web/hosted-fields').create>(
      await import('braintree-web/hosted-fields'),
    ),
  dataCollector: async () =>
    exportsOf<typeof import('braintree-web/data-collector').create>(
      await import('braintree-web/data-collector'),
    ),
  paypalCheckout: async () =>
    exportsOf<typeof import('braintree-web/paypal-checkout').create>(
      await import('braintree-web/paypal-checkout'),
    ),
  venmo: async () =>
    exportsOf<typeof import('braintree-web/venmo').create>(await import('braintree-web/venmo')),
  applePay: async () =>
    exportsOf<typeof import('braintree-web/apple-pay').create>(
      await import('braintree-web/apple-pay'),
    ),
};

/** The person closed the wallet's window: not an error to show. */
export class WalletCanceledError extends Error {
  constructor() {
    super('The wallet was closed');
    this.name = 'WalletCanceledError';
  }
}

const VENMO_CANCEL_CODES = new Set([
  'VENMO_CANCELED',
  'VENMO_APP_CANCELED',
  'VENMO_CUSTOMER_CANCELED',
  'VENMO_DESKTOP_CANCELED',
]);

function braintreeErrorCode(error: unknown): string | undefined {
  const code = (error as Partial<BraintreeError> | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The fields a failed tokenisation names (HOSTED_FIELDS_FIELDS_INVALID), all for EMPTY. */
export function invalidFieldsOf(error: unknown): string[] | null {
  const code = braintreeErrorCode(error);
  if (code === 'HOSTED_FIELDS_FIELDS_EMPTY') return ['number', 'expirationDate', 'cvv'];
  if (code === 'HOSTED_FIELDS_FIELDS_INVALID') {
    const keys = (error as { details?: { invalidFieldKeys?: unknown } }).details?.invalidFieldKeys;
    return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
  }
  if (code === 'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED') return ['cvv'];
  return null;
}

/**
 * Apple Pay's total: the order's total to 2 decimals, from our
 * integer minor units (15936 → '159.36', 1500 → '15.00').
 */
export function applePayAmount(minor: number): string {
  const cents = Math.round(Math.abs(minor));
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Hosted fields' brand ids for the brands the restriction flags refuse. */
const HOSTED_FIELDS_BRANDS: Partial<Record<CardType, string>> = {
  'American Express': 'american-express',
  Discover: 'discover',
};
/** Apple Pay's network names for the same brands. */
const APPLE_PAY_NETWORKS: Partial<Record<CardType, string>> = {
  'American Express': 'amex',
  Discover: 'discover',
};

/** `supportedCardBrands` turning the refused brands off (the others follow the merchant). */
export function supportedCardBrands(refused: readonly CardType[]): Record<string, boolean> {
  const brands: Record<string, boolean> = {};
  for (const type of refused) {
    const id = HOSTED_FIELDS_BRANDS[type];
    if (id) brands[id] = false;
  }
  return brands;
}

type PayPalButtons = {
  render: (container: HTMLElement) => Promise<void>;
  close?: () => Promise<void>;
};
type PayPalNamespace = {
  FUNDING: { PAYPAL: string };
  Buttons: (options: {
    fundingSource: string;
    createBillingAgreement: () => Promise<string>;
    onApprove: (data: { payerId: string; billingToken?: string }) => Promise<void>;
    onCancel: () => void;
    onError: (error: unknown) => void;
  }) => PayPalButtons;
};

type CardFieldsOptions = {
  fields: HostedFieldFieldOptions;
  styles: Record<string, Record<string, string>>;
};

type PayPalHandlers = {
  onApprove: (approval: WalletApproval) => void;
  onCancel: () => void;
  onError: (error: unknown) => void;
};

type ApplePayRequest = {
  /** Minor units. */
  total: number;
  label: string;
  refusedCardTypes: readonly CardType[];
};

/** One Braintree client (from the client token) and the components made with it. */
export type BraintreeSession = {
  /** The merchant account's currency, USD when the token names none. */
  currency: string;
  venmo: Venmo | null;
  applePay: ApplePay | null;
  mountCardFields: (options: CardFieldsOptions) => Promise<HostedFields>;
  /** Device data from the data collector (collected once); null when it cannot be had. */
  deviceData: () => Promise<string | null>;
  /** Renders PayPal's button in the container; answers its teardown. */
  renderPayPal: (container: HTMLElement, handlers: PayPalHandlers) => Promise<() => void>;
  tokenizeVenmo: () => Promise<WalletApproval>;
  /** Starts Apple Pay's sheet: call it straight from the click (Safari wants the gesture). */
  payWithApplePay: (request: ApplePayRequest) => Promise<WalletApproval>;
};

async function createVenmo(client: Client): Promise<Venmo | null> {
  try {
    const venmo = await (await sdk.venmo()).create({
      client,
      paymentMethodUsage: 'multi_use',
      // Our checkout state lives in this tab's storage: Venmo must come back to this tab.
      allowNewBrowserTab: false,
    });
    return venmo.isBrowserSupported() ? venmo : null;
  } catch (error) {
    // An unsupported browser (or Venmo not enabled) hides the button.
    console.warn('Venmo is not available', braintreeErrorCode(error) ?? error);
    return null;
  }
}

async function createApplePay(client: Client): Promise<ApplePay | null> {
  try {
    if (!browserSupportsApplePay()) return null;
    return await (await sdk.applePay()).create({ client });
  } catch (error) {
    // Apple Pay unsupported or failing is hidden, the error logged.
    console.error('Apple Pay is not available', error);
    return null;
  }
}

function payWithApplePay(
  applePay: ApplePay,
  currency: string,
  { total, label, refusedCardTypes }: ApplePayRequest,
): Promise<WalletApproval> {
  const Session = window.ApplePaySession;
  if (!Session) return Promise.reject(new Error('ApplePaySession is not available'));
  const request = applePay.createPaymentRequest({
    total: { label, amount: applePayAmount(total) },
    currencyCode: currency,
  });
  const refused = refusedCardTypes.map((type) => APPLE_PAY_NETWORKS[type]).filter(Boolean);
  request.supportedNetworks = (request.supportedNetworks ?? []).filter(
    (network) => !refused.includes(network.toLowerCase()),
  );
  return new Promise((resolve, reject) => {
    const session = new Session(3, request);
    session.onvalidatemerchant = (event: { validationURL: string }) => {
      applePay
        .performValidation({ validationURL: event.validationURL, displayName: label })
        .then((merchantSession) => session.completeMerchantValidation(merchantSession))
        .catch((error: unknown) => {
          session.abort();
          reject(error);
        });
    };
    session.onpaymentauthorized = (event: { payment: { token: unknown } }) => {
      applePay
        .tokenize({ token: event.payment.token })
        .then((payload) => {
          session.completePayment(Session.STATUS_SUCCESS);
          resolve({ nonce: payload.nonce });
        })
        .catch((error: unknown) => {
          session.completePayment(Session.STATUS_FAILURE);
          reject(error);
        });
    };
    session.oncancel = () => reject(new WalletCanceledError());
    session.begin();
  });
}

/**
 * Creates the Braintree client from the client token, and with it the Venmo and Apple Pay
 * components this browser supports. A failure to load the SDK or create the client rejects: the
 * page says the secure form could not load.
 */
export async function createBraintreeSession(
  token: Pick<ClientTokenResponse, 'clientToken' | 'merchantCurrency'>,
): Promise<BraintreeSession> {
  const client = await (await sdk.client()).create({ authorization: token.clientToken });
  const [venmo, applePay] = await Promise.all([createVenmo(client), createApplePay(client)]);
  const currency = token.merchantCurrency || 'USD';
  let deviceData: Promise<string | null> | undefined;

  return {
    currency,
    venmo,
    applePay,
    mountCardFields: async ({ fields, styles }) =>
      (await sdk.hostedFields()).create({ client, fields, styles }),
    deviceData: () => {
      deviceData ??= sdk
        .dataCollector()
        .then((dataCollector) => dataCollector.create({ client }))
        .then((collector) => collector.deviceData)
        .catch((error: unknown) => {
          // Fraud data helps the gateway's checks; without it the payment still goes through.
          console.warn('Device data could not be collected', braintreeErrorCode(error) ?? error);
          deviceData = undefined;
          return null;
        });
      return deviceData;
    },
    renderPayPal: async (container, handlers) => {
      const paypalCheckout = await (await sdk.paypalCheckout()).create({ client });
      // PayPal with vault and the tokenize intent (a billing agreement for renewals).
      await paypalCheckout.loadPayPalSDK({ vault: true, intent: 'tokenize' });
      const paypal = (window as unknown as { paypal?: PayPalNamespace }).paypal;
      if (!paypal?.Buttons) throw new Error('The PayPal SDK did not load');
      const buttons = paypal.Buttons({
        fundingSource: paypal.FUNDING.PAYPAL,
        createBillingAgreement: () =>
          paypalCheckout.createPayment({
            flow: 'vault' as PayPalCheckoutCreatePaymentOptions['flow'],
          }),
        onApprove: async (data) => {
          const payload = await paypalCheckout.tokenizePayment(data);
          handlers.onApprove({ nonce: payload.nonce });
        },
        onCancel: handlers.onCancel,
        onError: handlers.onError,
      });
      await buttons.render(container);
      return () => {
        void buttons.close?.().catch(() => undefined);
        void paypalCheckout.teardown().catch(() => undefined);
      };
    },
    tokenizeVenmo: async () => {
      if (!venmo) throw new Error('Venmo is not available');
      try {
        const payload = await venmo.tokenize();
        return { nonce: payload.nonce, venmoUsername: payload.details.username };
      } catch (error) {
        if (VENMO_CANCEL_CODES.has(braintreeErrorCode(error) ?? ''))
          throw new WalletCanceledError();
        throw error;
      }
    },
    payWithApplePay: (request) => {
      if (!applePay) return Promise.reject(new Error('Apple Pay is not available'));
      return payWithApplePay(applePay, currency, request);
    },
  };
}
