import { type PhoneCodeId, type SupportPhone, supportPhoneFor } from '@coparent/domain';
import { useProStore } from '../pro-store';

/** The country a phone code points to (US_CANADA shares the default support line with CA). */
const PHONE_CODE_COUNTRY: Record<PhoneCodeId, string> = {
  US_CANADA: 'US',
  UNITED_KINGDOM: 'GB',
  MEXICO: 'MX',
};

/** The support line for the practice's country, else for the phone code's country. */
export function useProSupportPhone(): SupportPhone {
  const country = useProStore((s) => s.user?.country.id ?? s.stepTwo?.country);
  const phoneCode = useProStore((s) => s.stepOne?.phoneCountryCode);
  const fromPhone =
    phoneCode && phoneCode in PHONE_CODE_COUNTRY
      ? PHONE_CODE_COUNTRY[phoneCode as PhoneCodeId]
      : undefined;
  return supportPhoneFor(country || fromPhone);
}
