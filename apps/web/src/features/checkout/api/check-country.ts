import type { CountryCheckRequest, PricingLookupResponse } from '@coparent/domain';
import { apiRequest } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';

type CheckCountryInput = SignupKey & { body: CountryCheckRequest };

/**
 * POST /v2/signups/{signupId}/country-check: does the chosen package fit the billing country?
 * 200 when it does; 409 problem COUNTRY_MISMATCH when it does not (the mismatch modal).
 */
export function checkCountry({
  signupId,
  registrationKey,
  body,
}: CheckCountryInput): Promise<PricingLookupResponse> {
  return apiRequest<PricingLookupResponse>(
    `/v2/signups/${encodeURIComponent(signupId)}/country-check`,
    { method: 'POST', body, registrationKey },
  );
}
