import {
  isPhoneCodeId,
  phoneCodeCountry,
  type SupportPhone,
  supportPhoneFor,
} from '@coparent/domain';
import { useProStore } from '../pro-store';

/** The practice's country, else the phone code's country. */
export function useProSupportCountry(): string | undefined {
  const country = useProStore((s) => s.user?.country.id ?? s.stepTwo?.country);
  const phoneCode = useProStore((s) => s.stepOne?.phoneCountryCode);
  const fromPhone = isPhoneCodeId(phoneCode) ? phoneCodeCountry(phoneCode) : undefined;
  return country || fromPhone;
}

/** The support line for the practice's country, else for the phone code's country. */
export function useProSupportPhone(): SupportPhone {
  return supportPhoneFor(useProSupportCountry());
}
