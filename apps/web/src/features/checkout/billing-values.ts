import {
  type BillingFormFields,
  type PhoneCodeId,
  phoneCodeCountry,
  type SavedBilling,
} from '@coparent/domain';
import type { Path } from 'react-hook-form';

/** What the person has typed on the Billing view (any field may still be missing). */
export type BillingDraft = {
  billing?: {
    billingAddress?: string;
    billingAddress2?: string;
    city?: string;
    country?: string;
    region?: string;
    postalCode?: string;
    timezone?: string;
  };
  referral?: { selection?: string; other?: string };
};

/** The billing address's fields as the form holds them (and the store keeps them once saved). */
export type BillingAddressValues = BillingFormFields['billing'];
export type BillingFormInput = BillingFormFields;

/** The pricing lookup's country, else the one the step-1 phone code points to, else the US. */
export function defaultCountryFor(
  pricingCountry: string | null | undefined,
  phoneCode: PhoneCodeId | undefined,
): string {
  if (pricingCountry) return pricingCountry;
  return phoneCode ? phoneCodeCountry(phoneCode) : 'US';
}

/** What the form starts with: what was typed, else what the server saved, else the defaults. */
export function billingDefaults(
  draft: BillingDraft | undefined,
  saved: SavedBilling | null | undefined,
  defaultCountry: string,
): BillingFormInput {
  const fromSaved: BillingFormInput = {
    billing: {
      billingAddress: saved?.address.line1 ?? '',
      billingAddress2: saved?.address.line2 ?? '',
      city: saved?.address.city ?? '',
      country: saved?.address.country ?? defaultCountry,
      region: saved?.address.region ?? '',
      postalCode: saved?.address.postalCode ?? '',
      timezone: saved?.timeZone ?? '',
    },
    referral: {
      selection: saved?.referral?.selection ?? '',
      other: saved?.referral?.other ?? '',
    },
  };
  return {
    billing: { ...fromSaved.billing, ...stripUndefined(draft?.billing) },
    referral: { ...fromSaved.referral, ...stripUndefined(draft?.referral) },
  };
}

function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The billing save's field names → the form's fields. */
const SERVER_FIELDS: Record<string, Path<BillingFormInput>> = {
  'address.line1': 'billing.billingAddress',
  'address.line2': 'billing.billingAddress2',
  'address.city': 'billing.city',
  'address.country': 'billing.country',
  'address.region': 'billing.region',
  'address.postalCode': 'billing.postalCode',
  'parent.timeZone': 'billing.timezone',
  referral: 'referral.selection',
  'referral.selection': 'referral.selection',
  'referral.other': 'referral.other',
};

export function billingFieldFor(field: string): Path<BillingFormInput> | undefined {
  return SERVER_FIELDS[field];
}
