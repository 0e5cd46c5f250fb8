import { type Locale, supportPhoneFor, translateMessage } from '@coparent/domain';

/**
 * The duplicate messages name the support phone. The visitor's country is not known before the
 * billing step, so it is the default (US, CA, MX) number these messages quote.
 */
export function duplicateText(
  key: 'signup_duplicateParent_error' | 'signup_duplicateCoParent_warning',
  locale: Locale,
) {
  return translateMessage(key, locale, { phone: supportPhoneFor(undefined).display });
}
