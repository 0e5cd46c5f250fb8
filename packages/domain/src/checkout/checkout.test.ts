import { describe, expect, it } from 'vitest';
import { isMessageKey } from '../messages/translate.js';
import { UpdateSignupRequestSchema } from '../schemas/signup.js';
import { zodIssuesToValidationErrors } from '../schemas/validation-errors.js';
import {
  base64DecodeUtf8,
  base64EncodeUtf8,
  decodeGaPayload,
  encodeGaPayload,
  gaPurchasePayload,
} from './analytics.js';
import {
  billingFormToRequest,
  declineMessageKey,
  isConsentRequired,
  isValidIdempotencyKey,
  PAYMENT_DECLINE_REASONS,
  PaymentRequestSchema,
  receiptPaymentType,
  UpdateBillingSectionRequestSchema,
} from './schemas.js';

const billing = {
  sections: ['PARENT', 'ADDRESS'],
  parent: { timeZone: 'America/Chicago' },
  address: {
    line1: '1 Main St',
    line2: null,
    city: 'Austin',
    region: 'TX',
    postalCode: '73301',
    country: 'US',
  },
};

function errors(value: unknown) {
  const result = UpdateSignupRequestSchema.safeParse(value);
  return result.success
    ? []
    : zodIssuesToValidationErrors(result.error.issues, 'en').map((e) => [e.field, e.text]);
}

describe('the billing save (PATCH sections PARENT + ADDRESS)', () => {
  it('accepts a complete billing, line2 null meaning empty', () => {
    const parsed = UpdateBillingSectionRequestSchema.parse(billing);
    expect(parsed.address).toMatchObject({ line2: '', region: 'TX', country: 'US' });
  });

  it("checks the postal code against the country's format, at the request's paths", () => {
    expect(errors({ ...billing, address: { ...billing.address, postalCode: '7330' } })).toEqual([
      ['address.postalCode', 'Postal code is not valid'],
    ]);
    expect(
      errors({
        ...billing,
        address: { ...billing.address, country: 'GB', region: 'ENG', postalCode: 'SW1A 1AA' },
        parent: { timeZone: 'Europe/London' },
      }),
    ).toEqual([]);
    expect(
      errors({
        ...billing,
        address: { ...billing.address, country: 'CA', region: 'ON', postalCode: '12345' },
        parent: { timeZone: 'America/Toronto' },
      }),
    ).toEqual([['address.postalCode', 'Postal code is not valid']]);
  });

  it('reports every field at once: city, region, time zone', () => {
    expect(
      errors({
        ...billing,
        parent: { timeZone: 'Europe/Paris' },
        address: { ...billing.address, city: 'A', region: 'ZZ' },
      }),
    ).toEqual([
      ['address.city', 'The city must be between 3 and 30 characters'],
      ['address.region', 'Select a state or province'],
      ['parent.timeZone', 'Select a time zone'],
    ]);
  });

  it('needs the referral when REFERRAL is among the sections', () => {
    const sections = ['PARENT', 'ADDRESS', 'REFERRAL'];
    expect(errors({ ...billing, sections })).toEqual([
      ['referral.selection', 'Select how you heard about us'],
    ]);
    expect(errors({ ...billing, sections, referral: { selection: 'OTHER', other: '' } })).toEqual([
      ['referral.other', 'Tell us more about how you heard about us'],
    ]);
    expect(errors({ ...billing, sections, referral: { selection: 'SEARCH_ENGINE' } })).toEqual([]);
  });

  it('billingFormToRequest turns the billing form into this body', () => {
    const body = billingFormToRequest(
      {
        billingAddress: '1 Main St',
        billingAddress2: '',
        city: 'Austin',
        country: 'US',
        region: 'TX',
        postalCode: '73301',
        timezone: 'America/Chicago',
      },
      { referral: { selection: 'SEARCH_ENGINE' } },
    );
    expect(UpdateSignupRequestSchema.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      sections: ['PARENT', 'ADDRESS', 'REFERRAL'],
      address: { line2: null },
    });
  });
});

describe('consent', () => {
  it('is required outside the US', () => {
    expect(isConsentRequired('US')).toBe(false);
    expect(isConsentRequired('us')).toBe(false);
    expect(isConsentRequired('GB')).toBe(true);
    expect(isConsentRequired(null)).toBe(true);
  });
});

describe('PaymentRequestSchema', () => {
  it('fills the spec defaults: credit card, store on file, no codes, tax 0', () => {
    const parsed = PaymentRequestSchema.parse({
      order: { packageId: 3003 },
      payment: { amountDisplayed: 14999, nonce: 'fake-valid-nonce' },
      promoCodes: null,
    });
    expect(parsed).toMatchObject({
      payForCoparent: false,
      promoCodes: [],
      paymentCodes: [],
      payment: { paymentType: 'CREDIT_CARD', storePaymentOnFile: true, taxAmountDisplayed: 0 },
    });
  });

  it('refuses decimal amounts (amounts are minor units)', () => {
    expect(
      PaymentRequestSchema.safeParse({
        order: { packageId: 1 },
        payment: { amountDisplayed: 149.99 },
      }).success,
    ).toBe(false);
  });
});

describe('payment helpers', () => {
  it('idempotency keys are 8–128 visible ASCII characters', () => {
    expect(isValidIdempotencyKey('abcd-1234')).toBe(true);
    expect(isValidIdempotencyKey('short')).toBe(false);
    expect(isValidIdempotencyKey('has space 123')).toBe(false);
    expect(isValidIdempotencyKey('x'.repeat(129))).toBe(false);
    expect(isValidIdempotencyKey(undefined)).toBe(false);
  });

  it('every decline reason has a message key', () => {
    for (const reason of PAYMENT_DECLINE_REASONS)
      expect(isMessageKey(declineMessageKey(reason))).toBe(true);
    expect(declineMessageKey('PROCESSOR_DECLINED')).toBe('payment_declined_error');
  });

  it('an Apple Pay receipt says CREDIT_CARD', () => {
    expect(receiptPaymentType('APPLE_PAY')).toBe('CREDIT_CARD');
    expect(receiptPaymentType('PAYPAL')).toBe('PAYPAL');
  });
});

describe('the GA purchase payload', () => {
  it('round-trips through base64 with non-ASCII text, and uses decimal amounts', () => {
    const payload = gaPurchasePayload({
      transactionId: 'abc123',
      affiliation: 'CoParent Hub',
      currency: 'MXN',
      total: 208_684,
      taxAmount: 28_784,
      coupon: 'BIENVENIDO',
      packageId: 2001,
      analyticsPackage: 'Esencial año',
      pricingGroup: 'P2',
      productId: 'SUB1YEAR',
      unitPrice: 179_900,
      quantity: 1,
      discount: 0,
    });
    expect(payload.ecommerce).toMatchObject({
      value: 2086.84,
      tax: 287.84,
      currency: 'MXN',
      coupon: 'BIENVENIDO',
    });
    expect(decodeGaPayload(encodeGaPayload(payload))).toEqual(payload);
    expect(base64EncodeUtf8('ñ😀')).toBe('w7Hwn5iA');
    expect(base64DecodeUtf8('w7Hwn5iA')).toBe('ñ😀');
  });
});
