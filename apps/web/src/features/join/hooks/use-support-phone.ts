import { type PhoneCodeId, type SupportPhone, supportPhoneFor } from '@coparent/domain';
import { useFunnelStore } from '../funnel-store';

/** The country a phone code points to (US_CANADA shares the default support line with CA). */
const PHONE_CODE_COUNTRY: Record<PhoneCodeId, string> = {
  US_CANADA: 'US',
  UNITED_KINGDOM: 'GB',
  MEXICO: 'MX',
};

function browserRegion(): string | undefined {
  if (typeof navigator === 'undefined') return undefined;
  const tag = navigator.languages?.[0] ?? navigator.language;
  if (!tag) return undefined;
  try {
    return new Intl.Locale(tag).maximize().region;
  } catch {
    return undefined;
  }
}

/**
 * The visitor's country: the step-1 phone code once a phone number has been typed with it, else the
 * browser language's region, else unknown (the default support line).
 */
export function visitorCountry(
  phoneCode: PhoneCodeId | undefined,
  phoneNumber: string | undefined,
  region: string | undefined,
): string | undefined {
  if (phoneCode && phoneNumber) return PHONE_CODE_COUNTRY[phoneCode];
  return region;
}

export function useSupportPhone(): SupportPhone {
  const phoneCode = useFunnelStore((s) => s.stepOneValues?.countryCode);
  const phoneNumber = useFunnelStore((s) => s.stepOneValues?.phoneNumber);
  return supportPhoneFor(visitorCountry(phoneCode, phoneNumber, browserRegion()));
}
