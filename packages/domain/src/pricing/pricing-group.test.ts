import { describe, expect, it } from 'vitest';
import {
  countryFromPhone,
  dialCodeFromInput,
  type PricingGroupRules,
  resolvePricingCountry,
  resolvePricingGroup,
} from './pricing-group.js';

// The demo catalog's rules (apps/server/catalog/pricing-groups.json).
const rules: PricingGroupRules = {
  defaultGroup: 'P0',
  countries: { US: 'P3', CA: 'P2', GB: 'P2', IE: 'P2', AU: 'P2', NZ: 'P2', MX: 'P2' },
};

describe('pricing group assignment', () => {
  it('reads the country calling code in every form the calls send', () => {
    expect(dialCodeFromInput('1')).toBe('1');
    expect(dialCodeFromInput('+44')).toBe('44');
    expect(dialCodeFromInput(' 52 ')).toBe('52');
    expect(dialCodeFromInput('US_CANADA')).toBe('1');
    expect(dialCodeFromInput('UNITED_KINGDOM')).toBe('44');
    expect(dialCodeFromInput('MEXICO')).toBe('52');
    expect(dialCodeFromInput('')).toBeUndefined();
    expect(dialCodeFromInput('abc')).toBeUndefined();
    expect(dialCodeFromInput(null)).toBeUndefined();
  });

  it('tells Canada from the United States by the +1 area code', () => {
    expect(countryFromPhone('1', '4165551234')).toBe('CA'); // Toronto
    expect(countryFromPhone('1', '14165551234')).toBe('CA');
    expect(countryFromPhone('US_CANADA', '6045551234')).toBe('CA'); // Vancouver
    expect(countryFromPhone('1', '2125551234')).toBe('US'); // New York
    expect(countryFromPhone('1', '')).toBe('US');
    expect(countryFromPhone('1')).toBe('US');
  });

  it('maps the other calling codes we price in', () => {
    expect(countryFromPhone('44', '7700900123')).toBe('GB');
    expect(countryFromPhone('52', '5512345678')).toBe('MX');
    expect(countryFromPhone('61', '412345678')).toBe('AU');
    expect(countryFromPhone('64', '211234567')).toBe('NZ');
    expect(countryFromPhone('353', '851234567')).toBe('IE');
    expect(countryFromPhone('33', '612345678')).toBeUndefined();
  });

  it('rule 1: a known country decides, whatever the phone says', () => {
    expect(resolvePricingGroup(rules, { country: 'US', countryCode: '44' })).toEqual({
      pricingGroup: 'P3',
      country: 'US',
      source: 'COUNTRY',
    });
    for (const country of ['CA', 'GB', 'IE', 'AU', 'NZ', 'MX']) {
      expect(resolvePricingGroup(rules, { country }).pricingGroup, country).toBe('P2');
    }
    expect(resolvePricingGroup(rules, { country: 'gb' }).country).toBe('GB');
  });

  it('rule 1: any other known country gets the default group', () => {
    expect(resolvePricingGroup(rules, { country: 'FR', countryCode: '1' })).toEqual({
      pricingGroup: 'P0',
      country: 'FR',
      source: 'COUNTRY',
    });
  });

  it('rule 2: an unknown country falls back to the phone', () => {
    expect(resolvePricingGroup(rules, { countryCode: '1', phoneNumber: '2125551234' })).toEqual({
      pricingGroup: 'P3',
      country: 'US',
      source: 'PHONE',
    });
    expect(
      resolvePricingGroup(rules, { country: '', countryCode: '1', phoneNumber: '4165551234' }),
    ).toMatchObject({ pricingGroup: 'P2', country: 'CA' });
    expect(resolvePricingGroup(rules, { country: 'ZZ', countryCode: '44' })).toMatchObject({
      pricingGroup: 'P2',
      country: 'GB',
    });
    expect(resolvePricingGroup(rules, { countryCode: '52' }).pricingGroup).toBe('P2');
  });

  it('rule 3: nothing known gives the default group', () => {
    expect(resolvePricingGroup(rules, {})).toEqual({
      pricingGroup: 'P0',
      country: null,
      source: 'NONE',
    });
    expect(resolvePricingGroup(rules, { countryCode: '33' }).pricingGroup).toBe('P0');
    expect(resolvePricingCountry({ country: '  ' })).toEqual({ country: null, source: 'NONE' });
  });
});
