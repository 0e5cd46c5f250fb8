import { z } from 'zod';
import { referralNeedsDetail } from '../constants/enums.js';
import { timeZoneIdsFor } from '../lookups/time-zones.js';
import { type Billing, billingSchema } from '../schemas/address.js';
import { type ParentReferralAnswer, ParentReferralSchema } from '../schemas/referral.js';

/** The payment page's Billing form: the billing address and the referral question, side by side. */
export const BillingFormSchema = z.object({
  billing: billingSchema,
  referral: ParentReferralSchema,
});
/** The same form where the flow does not ask the referral (the invited co-parent). */
export const BillingOnlyFormSchema = z.object({ billing: billingSchema });
/** What the Billing form submits (the referral only where the flow asks it). */
export type BillingFormValues = { billing: Billing; referral?: ParentReferralAnswer };

/** The Billing form's fields as a form holds (and posts) them: text, '' for "not chosen yet". */
export type BillingFormFields = {
  billing: {
    billingAddress: string;
    billingAddress2: string;
    city: string;
    country: string;
    region: string;
    postalCode: string;
    timezone: string;
  };
  referral: { selection: string; other: string };
};

const BILLING_FIELDS = [
  'billingAddress',
  'billingAddress2',
  'city',
  'country',
  'region',
  'postalCode',
  'timezone',
] as const;

/** The names the Billing form's fields are posted under (`billing.city`, `referral.other`…). */
export const BILLING_FORM_FIELDS: readonly string[] = [
  ...BILLING_FIELDS.map((name) => `billing.${name}`),
  'referral.selection',
  'referral.other',
];

/**
 * A posted Billing form → its fields. A country (or state) with a single time zone has it chosen,
 * as the form does in the browser, where the question is not even asked.
 */
export function billingFieldsFromForm(posted: Readonly<Record<string, string>>): BillingFormFields {
  const billing = Object.fromEntries(
    BILLING_FIELDS.map((name) => [name, posted[`billing.${name}`] ?? '']),
  ) as BillingFormFields['billing'];
  if (!billing.timezone && billing.country) {
    const zones = timeZoneIdsFor(billing.country, billing.region || undefined);
    if (zones.length === 1 && zones[0]) billing.timezone = zones[0];
  }
  return {
    billing,
    referral: {
      selection: posted['referral.selection'] ?? '',
      other: posted['referral.other'] ?? '',
    },
  };
}

/** The referral answer as the billing save sends it: a follow-up only where the answer asks one. */
export function referralToSave(
  referral: ParentReferralAnswer | undefined,
): { selection: ParentReferralAnswer['selection']; other?: string } | undefined {
  if (!referral) return undefined;
  return {
    selection: referral.selection,
    ...(referralNeedsDetail(referral.selection) && referral.other ? { other: referral.other } : {}),
  };
}
