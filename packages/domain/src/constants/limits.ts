/** Business limits the spec fixes: field lengths, counts, timings, defaults. */

export const NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 20;
export const PHONE_MIN_DIGITS = 8;
export const PHONE_MAX_DIGITS = 15;
export const PHONE_EXTENSION_MAX_DIGITS = 10;
export const EMAIL_MAX_LENGTH = 254;
export const SECURITY_TEXT_MIN_LENGTH = 5;
export const SECURITY_TEXT_MAX_LENGTH = 100;
export const SECURITY_CODE_LENGTH = 4;
export const REFERRAL_OTHER_MAX_LENGTH = 200;
export const USERNAME_MIN_LENGTH = 6;
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 25;
/** Children in one family: the family step and a professional's new case (decision 030). */
export const MAX_CHILDREN = 20;

export const ALERT_BANNER_MS = 15_000;
export const CREDENTIALS_REDIRECT_DELAY_MS = 5_000;
export const NEW_LINK_SPAM_HINT_MINUTES = 20;
export const MOBILE_BREAKPOINT_PX = 600;
export const STORAGE_INCLUDED_GB = 1;

export const DEFAULT_CURRENCY = 'USD';
/** The product's name (passwords may not contain it). */
export const PRODUCT_NAME = 'CoParent Hub';
export const DEFAULT_PHONE_CODE = 'US_CANADA';
export const DEFAULT_PRO_COUNTRY = 'US';
/** The countries offered first in country lists. */
export const DEFAULT_COUNTRIES = ['GB', 'US'] as const;

/** Billing address bounds: line 1 3–50, line 2 up to 50, city 3–30, postal code 2–30. */
export const BILLING_ADDRESS_MIN_LENGTH = 3;
export const BILLING_ADDRESS_MAX_LENGTH = 50;
export const BILLING_ADDRESS2_MIN_LENGTH = 0;
export const BILLING_ADDRESS2_MAX_LENGTH = 50;
export const BILLING_CITY_MIN_LENGTH = 3;
export const BILLING_CITY_MAX_LENGTH = 30;
export const BILLING_POSTAL_MIN_LENGTH = 2;
export const BILLING_POSTAL_MAX_LENGTH = 30;

/** Free-text bounds the spec leaves open (see README "Decisions"). */
export const SHORT_TEXT_MAX_LENGTH = 50;
export const LONG_TEXT_MAX_LENGTH = 100;

/** Countries whose billing address line 1 offers address suggestions. */
export const ADDRESS_AUTOCOMPLETE_COUNTRIES = ['us', 'gb', 'au', 'ca', 'nz'] as const;
/** Package ids that use VAT wording instead of tax. */
export const VAT_WORDING_PACKAGE_IDS = [2061, 2063] as const;
/** Build-your-own options that are free in the treatment. */
export const BUILD_YOUR_OWN_FREE_OPTIONS = ['MYFILES', 'CALLSBASIC'] as const;
/**
 * What a professional's practice covers for each parent of its families: Premium for one year (the
 * package professionals buy subscription codes for). The practice is billed outside this app and
 * renews it, so the subscription does not renew here on its own.
 */
export const PROFESSIONAL_COVERAGE = { packageId: 3003, years: 1 } as const;
