import {
  type CurrencyCode,
  encodeGaPayload,
  formatMoney,
  type Package,
  type PaymentResponse,
  type PricingResponse,
  type TaxLine,
} from '@coparent/domain';
import { signupFlowId, useCheckoutStore } from '../features/checkout/checkout-store';
import { type MockReply, on, type RecordedCall } from './fetch-mock';
import { PARENT, SIGNUP_ID } from './join-fixtures';
import { signupWithOrder, US_PACKAGES } from './packages-fixtures';

// The checkout calls as the server answers them, small enough
// to reason about: WELCOME10 is 10 % off, PRO-PREM1-DEMO1 covers one Premium 1 year, Texas adds
// 6.25 % sales tax, Great Britain includes 20 % VAT.

export const USER_ID = '5f0c3a52-6a7d-4d1f-9d0e-8a7b6c5d4e3f';
const FAMILY_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const CREDENTIALS_TOKEN = 'credentials-token-43-characters-long-abcdefg';

const money = (minor: number, currency: CurrencyCode = 'USD') =>
  formatMoney(minor, currency, currency === 'GBP' ? 'en-GB' : 'en-US');

type PricingBody = {
  address?: { country?: string; region?: string };
  orderDetail: { packageId: number; services?: string[] };
  payForCoparent?: boolean;
  paymentCodes?: string[];
  promoCodes?: string[];
};

/** Codes the server refuses with their reason (and its key), as the pricing call words them. */
const REFUSED_CODES: Record<string, { text: string; key: string }> = {
  'PRO-ESS1-DEMO1': {
    text: 'This code is only for Essentials · 1 year, not for Premium · 1 year.',
    key: 'code_otherPackageChosen_error',
  },
  'PRO-USED-DEMO1': { text: 'This code has already been used.', key: 'code_used_error' },
};

/** The server's pricing answer for a request (or 422 for a subscription code it refuses). */
export function priceFor(
  packages: readonly Package[],
  body: PricingBody,
): { status: number; body: unknown } {
  const pkg = packages.find((p) => p.id === body.orderDetail.packageId) ?? US_PACKAGES[2];
  if (!pkg) throw new Error('no package');
  const currency = pkg.currencyCode as CurrencyCode;
  const options = pkg.options
    .filter((option) => body.orderDetail.services?.includes(option.code) && !option.freeInTreatment)
    .reduce((sum, option) => sum + option.amount, 0);
  const count = body.payForCoparent ? 2 : 1;
  const subTotal = (pkg.totalPrice + options) * count;
  const promo = (body.promoCodes ?? []).map((c) => c.trim().toUpperCase())[0];
  const discount = promo === 'WELCOME10' ? Math.round(subTotal / 10) : 0;
  const afterDiscount = subTotal - discount;
  const codes = (body.paymentCodes ?? []).map((c) => c.trim().toUpperCase());
  const details = [];
  let left = afterDiscount;
  for (const [index, code] of codes.entries()) {
    const refusal = REFUSED_CODES[code];
    if (refusal) {
      return {
        status: 422,
        body: { validationErrors: [{ field: `paymentCodes.${index}`, type: 'ERROR', ...refusal }] },
      };
    }
    if (code !== 'PRO-PREM1-DEMO1') {
      return {
        status: 422,
        body: {
          validationErrors: [{ field: `paymentCodes.${index}`, text: 'Invalid activation code' }],
        },
      };
    }
    const amount = Math.min(left, 14999);
    left -= amount;
    details.push({ code, amount, amountFormatted: money(amount, currency) });
  }
  const codeTotal = afterDiscount - left;
  const country = body.address?.country ?? null;
  const taxes: TaxLine[] = [];
  let taxAmount = 0;
  let isIncluded = false;
  if (country === 'US' && body.address?.region === 'TX') {
    taxAmount = Math.round(left * 0.0625);
    taxes.push({
      kind: 'SALES_TAX',
      jurisdiction: 'US-TX',
      ratePercent: '6.25',
      amount: taxAmount,
      amountFormatted: money(taxAmount, currency),
      included: false,
    });
  } else if (country === 'GB') {
    isIncluded = true;
    taxAmount = Math.round((left * 20) / 120);
    taxes.push({
      kind: 'VAT',
      jurisdiction: 'GB',
      ratePercent: '20',
      amount: taxAmount,
      amountFormatted: money(taxAmount, currency),
      included: true,
    });
  }
  const total = left + (isIncluded ? 0 : taxAmount);
  const isCalculated = country !== null;
  const answer: PricingResponse = {
    couponDetail: discount
      ? {
          couponCode: 'WELCOME10',
          description: '10% off',
          discount,
          discountFormatted: money(discount, currency),
          percent: 10,
        }
      : null,
    payForCoParent: Boolean(body.payForCoparent),
    paymentCodeDetails: details,
    taxes,
    taxId: isCalculated ? `table-2025-04:${country}` : null,
    finalPrice: isCalculated,
    taxesCalculated: isCalculated,
    pricesIncludeTax: isIncluded,
    totals: {
      currencyCode: currency,
      selectedPackageTotal: subTotal,
      selectedPackageTotalFormatted: money(subTotal, currency),
      subTotal,
      subTotalFormatted: money(subTotal, currency),
      subTotalAfterDiscount: afterDiscount,
      subTotalAfterDiscountFormatted: money(afterDiscount, currency),
      paymentCodeTotal: codeTotal,
      paymentCodeTotalFormatted: money(codeTotal, currency),
      taxAmount,
      taxAmountFormatted: money(taxAmount, currency),
      total,
      totalFormatted: money(total, currency),
    },
    request: {
      orderDetail: {
        packageId: pkg.id,
        productId: pkg.subscription,
        services: (body.orderDetail.services ??
          []) as PricingResponse['request']['orderDetail']['services'],
      },
      payForCoparent: Boolean(body.payForCoparent),
      paymentCodes: codes,
      promoCodes: promo ? [promo] : [],
      country,
      region: body.address?.region ?? null,
      pricingGroupName: pkg.pricingGroup,
    },
  };
  return { status: 200, body: answer };
}

/** POST /v2/signups/{id}/pricing, answered by `priceFor`. */
export function onCheckoutPricing(packages: readonly Package[] = US_PACKAGES) {
  return on('POST', `/v2/signups/${SIGNUP_ID}/pricing`, (call) =>
    priceFor(packages, call.body as PricingBody),
  );
}

export const TEXAS = {
  billingAddress: '100 Congress Ave',
  billingAddress2: '',
  city: 'Austin',
  country: 'US',
  region: 'TX',
  postalCode: '78701',
  timezone: 'America/Chicago',
};

export const onCountryCheck = (reply: MockReply = { body: {} }) =>
  on('POST', `/v2/signups/${SIGNUP_ID}/country-check`, reply);

export const onClientToken = (provider: 'sandbox' | 'braintree' = 'sandbox') =>
  on('GET', /^\/v2\/payment\/client-token/, {
    body: { clientToken: `${provider}_token`, provider, merchantCurrency: 'USD' },
  });

/** The sandbox's tokenisation: the last four of the number typed. */
export const onTokenize = () =>
  on('POST', '/v2/payment/sandbox/tokenize', (call) => {
    const number = String((call.body as { number: string }).number).replace(/\D/g, '');
    return {
      body: {
        nonce: `tokencc_sb_${number.slice(-4)}`,
        details: {
          cardType: 'Visa',
          lastFour: number.slice(-4),
          lastTwo: number.slice(-2),
          expirationMonth: '12',
          expirationYear: '2034',
        },
        description: `ending in ${number.slice(-2)}`,
        type: 'CreditCard',
      },
    };
  });

/** The payment answer for a priced order. */
export function paymentResponse(
  pricing: PricingResponse,
  {
    method = 'CREDIT_CARD',
    token = CREDENTIALS_TOKEN,
    coParentEmail = 'luis@example.com',
  }: {
    method?: PaymentResponse['receipt']['paymentMethod'];
    token?: string | null;
    coParentEmail?: string | null;
  } = {},
): PaymentResponse {
  const { request, ...info } = pricing;
  return {
    gaPayloadBase64: encodeGaPayload({
      event: 'purchase',
      ecommerce: {
        transaction_id: 'txn_123',
        affiliation: 'CoParent Hub',
        value: pricing.totals.total / 100,
        tax: pricing.totals.taxAmount / 100,
        currency: pricing.totals.currencyCode,
        items: [
          {
            item_id: String(request.orderDetail.packageId),
            item_name: 'Premium',
            item_category: 'P3',
            item_variant: 'SUB1YEAR',
            price: 149.99,
            quantity: 1,
          },
        ],
      },
    }),
    receipt: {
      transactionId: 'txn_123',
      cardLastFour: method === 'CREDIT_CARD' ? '1111' : null,
      cardType: method === 'CREDIT_CARD' ? 'Visa' : null,
      paymentType: method === 'APPLE_PAY' ? 'CREDIT_CARD' : method,
      paymentMethod: method,
      totals: pricing.totals,
      payForCoParent: pricing.payForCoParent,
      paymentCodeDetails: pricing.paymentCodeDetails,
      couponDetail: pricing.couponDetail,
      taxes: pricing.taxes,
      transactionDateTime: '2025-05-01T14:03:00.000Z',
      packageId: request.orderDetail.packageId,
      packageDisplayName: 'Premium · 1 year',
      receiptText: 'Premium, one year',
      subDurationInYears: 1,
      autoRenew: true,
      renewsAt: '2026-05-01T14:03:00.000Z',
      email: PARENT.email,
    },
    registration: {
      order: request.orderDetail,
      parent: { email: PARENT.email, userId: USER_ID, familyId: FAMILY_ID },
      coParent: { email: coParentEmail, phoneNumberWithCountryCode: null },
      promoCodes: request.promoCodes,
    },
    pricingInfo: info,
    clickToJoinToken: token,
  };
}

/** The signup on the server once the package is chosen (and, optionally, the billing saved). */
export function checkoutSignup(extra: Record<string, unknown> = {}) {
  return signupWithOrder(3, {
    order: { packageId: 3003, productId: 'SUB1YEAR', services: [] },
    billing: null,
    paid: false,
    ...extra,
  });
}

export const onCheckoutSignup = (extra: Record<string, unknown> = {}) =>
  on('GET', `/v2/signups/${SIGNUP_ID}`, { body: checkoutSignup(extra) });

/** PATCH of the billing: 200 with the consent requirement of the country sent. */
export const onBillingSave = (reply?: MockReply) =>
  on('PATCH', `/v2/signups/${SIGNUP_ID}`, (call: RecordedCall) => {
    if (reply) return reply;
    const country = (call.body as { address?: { country?: string } }).address?.country;
    return { body: { validationErrors: [], consentRequired: country !== 'US' } };
  });

/** A checkout that reached `view` with a Texas billing saved (and, from Review, a card nonce). */
export function seedCheckout(
  view: 'PAYMENT' | 'REVIEW',
  { country = 'US', ...extra }: { country?: string } & Record<string, unknown> = {},
) {
  const isUs = country === 'US';
  useCheckoutStore.setState({
    flowId: signupFlowId(SIGNUP_ID),
    view,
    lastCompletedPaymentStep: view === 'REVIEW' ? 2 : 1,
    billing: isUs
      ? TEXAS
      : {
          ...TEXAS,
          country,
          region: '',
          postalCode: 'SW1A 1AA',
          city: 'London',
          timezone: 'Europe/London',
        },
    consent: { isRequired: !isUs, termsAndConditions: false, marketingOptIn: isUs },
    method: 'CREDIT_CARD',
    nonces: view === 'REVIEW' ? { CREDIT_CARD: 'tokencc_sb_1111' } : {},
    card: view === 'REVIEW' ? { cardType: 'Visa', lastFour: '1111' } : undefined,
    ...extra,
  });
}

/** Simulates a reload of the checkout store from sessionStorage. */
export async function reloadCheckoutFromStorage() {
  const saved = window.sessionStorage.getItem('coparent.checkout');
  useCheckoutStore.setState(useCheckoutStore.getInitialState(), true);
  if (saved) window.sessionStorage.setItem('coparent.checkout', saved);
  await useCheckoutStore.persist.rehydrate();
}
