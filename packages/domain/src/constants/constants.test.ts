import { describe, expect, it } from 'vitest';
import { isAppErrorCode, isSignupResetStatus } from '../errors/app-error-codes.js';
import {
  PARENT_REFERRALS,
  PRICING_GROUPS,
  REFERRALS_NEEDING_DETAIL,
  referralNeedsDetail,
  SUBSCRIPTION_TERMS,
  subscriptionYears,
  TITLES,
} from './enums.js';
import {
  ACTIVE_EXPERIMENT_KEYS,
  BOOLEAN_FLAG_KEYS,
  EXPERIMENTS,
  isTreatment,
  LOOKS,
  RESTRICTIONS,
} from './experiments.js';
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from './limits.js';
import { resolveLocale } from './locale.js';
import {
  dialCodeDigits,
  PHONE_CODES,
  phoneCodeCountry,
  phoneCodeIdFromDialCode,
  visitorFlagCountry,
} from './phone-codes.js';
import { supportPhoneFor } from './support-phones.js';

describe('limits and enums', () => {
  it('match the spec tables', () => {
    expect([NAME_MAX_LENGTH, PHONE_MIN_DIGITS, PHONE_MAX_DIGITS, PASSWORD_MAX_LENGTH]).toEqual([
      20, 8, 15, 25,
    ]);
    expect(TITLES).toEqual(['MR', 'MS', 'MRS', 'HONORABLE', 'DOCTOR']);
    expect(PRICING_GROUPS).toEqual(['P0', 'P2', 'P3']);
    expect(SUBSCRIPTION_TERMS).toEqual(['SUB1YEAR', 'SUB2YEAR']);
    for (const r of REFERRALS_NEEDING_DETAIL) expect(PARENT_REFERRALS).toContain(r);
    expect(referralNeedsDetail('COURT_ORDERED')).toBe(true);
    expect(referralNeedsDetail('SEARCH_ENGINE')).toBe(false);
    expect(subscriptionYears('SUB1YEAR')).toBe(1);
    expect(subscriptionYears('anything')).toBe(2);
  });
});

describe('resolveLocale', () => {
  it('maps any Spanish tag to es-MX and the rest to en', () => {
    expect(resolveLocale('es')).toBe('es-MX');
    expect(resolveLocale('es-MX')).toBe('es-MX');
    expect(resolveLocale('es-419,es;q=0.9')).toBe('es-MX');
    expect(resolveLocale('ES_es')).toBe('es-MX');
    expect(resolveLocale('fr-FR')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale('')).toBe('en');
  });

  it('honours quality values and skips unsupported languages', () => {
    expect(resolveLocale('en;q=0.4, es;q=0.8')).toBe('es-MX');
    expect(resolveLocale('fr, es;q=0.5, en;q=0.3')).toBe('es-MX');
    expect(resolveLocale('es;q=0, en')).toBe('en');
  });
});

describe('phone codes', () => {
  it('has the three codes and their digits', () => {
    expect(PHONE_CODES.US_CANADA.dialCode).toBe('+1');
    expect(dialCodeDigits('UNITED_KINGDOM')).toBe('44');
    expect(dialCodeDigits('MEXICO')).toBe('52');
    expect(phoneCodeIdFromDialCode('+52')).toBe('MEXICO');
    expect(phoneCodeIdFromDialCode('33')).toBeUndefined();
  });

  it('points each code to its country', () => {
    expect(phoneCodeCountry('US_CANADA')).toBe('US');
    expect(phoneCodeCountry('UNITED_KINGDOM')).toBe('GB');
    expect(phoneCodeCountry('MEXICO')).toBe('MX');
  });

  it('gives the flags the billing country, else the typed phone’s country, else nothing', () => {
    expect(
      visitorFlagCountry({ billingCountry: 'CA', phoneCode: 'MEXICO', phoneNumber: '5512345678' }),
    ).toBe('CA');
    expect(visitorFlagCountry({ phoneCode: 'UNITED_KINGDOM', phoneNumber: '7700900123' })).toBe(
      'GB',
    );
    // A code chosen with no number typed says nothing yet; an unknown code nothing at all.
    expect(visitorFlagCountry({ phoneCode: 'UNITED_KINGDOM', phoneNumber: '' })).toBeUndefined();
    expect(visitorFlagCountry({ phoneCode: '+33', phoneNumber: '612345678' })).toBeUndefined();
    expect(visitorFlagCountry({})).toBeUndefined();
  });
});

describe('support phones', () => {
  it('depend on the country', () => {
    expect(supportPhoneFor('NZ').display).toBe('0800 453 751');
    expect(supportPhoneFor('au').display).toBe('1800 823 469');
    expect(supportPhoneFor('GB').display).toBe('020 3514 0008');
    expect(supportPhoneFor('IE').display).toBe('+44 20 3514 0008');
    for (const c of ['US', 'CA', 'MX', 'FR', undefined]) {
      expect(supportPhoneFor(c)).toEqual({ display: '(866) 755-9991', tel: '+18667559991' });
    }
  });
});

describe('experiments', () => {
  it('names flags in kebab case', () => {
    expect(EXPERIMENTS.removeCoParentStatus).toBe('remove-coparent-status');
    for (const key of [...Object.values(EXPERIMENTS), ...BOOLEAN_FLAG_KEYS]) {
      expect(key).toMatch(/^[a-z]+(-[a-z]+)*$/);
    }
    expect(BOOLEAN_FLAG_KEYS).toEqual([...Object.values(RESTRICTIONS), LOOKS.brandRefresh]);
    expect(ACTIVE_EXPERIMENT_KEYS).toEqual(['GROW-886', 'GROW-805', 'GROW-722', 'GROW-621']);
    expect(isTreatment('Treatment')).toBe(true);
    expect(isTreatment('Off')).toBe(false);
  });
});

describe('error codes', () => {
  it('know their statuses', () => {
    expect(isAppErrorCode('SIGNUP_EXPIRED')).toBe(true);
    expect(isAppErrorCode('NOPE')).toBe(false);
    expect(isSignupResetStatus(403)).toBe(true);
    expect(isSignupResetStatus(422)).toBe(false);
  });
});
