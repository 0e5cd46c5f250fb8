import {
  isPhoneCodeId,
  phoneCodeCountry,
  type SupportPhone,
  supportPhoneFor,
} from '@coparent/domain';
import { useProStore } from '../pro-store';

/** The support line for the practice's country, else for the phone code's country. */
export function useProSupportPhone(): SupportPhone {
  const country = useProStore((s) => s.user?.country.id ?? s.stepTwo?.country);
  const phoneCode = useProStore((s) => s.stepOne?.phoneCountryCode);
  const fromPhone = isPhoneCodeId(phoneCode) ? phoneCodeCountry(phoneCode) : undefined;
  return supportPhoneFor(country || fromPhone);
}
