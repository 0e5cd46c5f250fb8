import {
  type PhoneCodeId,
  phoneCodeCountry,
  type SupportPhone,
  supportPhoneFor,
} from '@coparent/domain';
import { useFunnelStore } from '@/stores/funnel-store';
import { useScreenSupportCountry } from './support-country';
import { useHydrated } from './use-hydrated';

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
  return phoneCode && phoneNumber ? phoneCodeCountry(phoneCode) : region;
}

/**
 * The support line of the country the screen announced (the practice's, the invited co-parent's
 * billing), else of Parent A's billing country once saved, else of the visitor's country.
 */
export function useSupportPhone(): SupportPhone {
  const screenCountry = useScreenSupportCountry();
  const billingCountry = useFunnelStore((s) => s.billingCountry);
  const phoneCode = useFunnelStore((s) => s.stepOneValues?.countryCode);
  const phoneNumber = useFunnelStore((s) => s.stepOneValues?.phoneNumber);
  const isHydrated = useHydrated();
  // The stored signup and the browser's languages are the browser's: not in a server render.
  if (!isHydrated) return supportPhoneFor(screenCountry);
  return supportPhoneFor(
    screenCountry || billingCountry || visitorCountry(phoneCode, phoneNumber, browserRegion()),
  );
}
