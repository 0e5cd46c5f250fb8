import type { AccountBilling } from '@coparent/domain';
import type { BillingFormInput } from './billing-draft';

/** The country the form starts with when nothing is saved (the funnel's default). */
const DEFAULT_COUNTRY = 'US';

/** What the form starts with: what was typed in this tab, else what is saved. */
export function billingFormDefaults(
  saved: AccountBilling,
  draft: Partial<BillingFormInput> | undefined,
): BillingFormInput {
  return {
    billingAddress: saved.address?.line1 ?? '',
    billingAddress2: saved.address?.line2 ?? '',
    city: saved.address?.city ?? '',
    country: saved.address?.country ?? DEFAULT_COUNTRY,
    region: saved.address?.region ?? '',
    postalCode: saved.address?.postalCode ?? '',
    timezone: saved.timeZone ?? '',
    ...draft,
  };
}

/** Whose draft it is: the email, else the name (an invited co-parent known by phone). */
export function draftOwner(saved: AccountBilling): string {
  return saved.email ?? `${saved.firstName} ${saved.lastName}`;
}
