import { describe, expect, it } from 'vitest';
import { billingSchema } from './address.js';

const valid = {
  billingAddress: '123 Main St',
  billingAddress2: '',
  city: 'Austin',
  country: 'US',
  region: 'TX',
  postalCode: '78701',
  timezone: 'America/Chicago',
};

function issues(value: unknown) {
  const result = billingSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('billingSchema', () => {
  it('accepts a valid US address', () => {
    expect(billingSchema.parse({ ...valid, country: 'us', region: 'tx' })).toEqual(valid);
  });

  it('checks address, address 2 and city lengths', () => {
    expect(
      issues({ ...valid, billingAddress: 'ab', billingAddress2: 'x'.repeat(51), city: 'Ab' }),
    ).toEqual([
      ['billingAddress', 'signup_billingAddress_error'],
      ['billingAddress2', 'signup_addressLine2_error'],
      ['city', 'signup_city_error'],
    ]);
    expect(issues({ ...valid, billingAddress: 'x'.repeat(51), city: 'x'.repeat(31) })).toEqual([
      ['billingAddress', 'signup_billingAddress_error'],
      ['city', 'signup_city_error'],
    ]);
    expect(issues({ ...valid, billingAddress: 'x'.repeat(50), city: 'x'.repeat(30) })).toEqual([]);
  });

  it('requires a country of the list', () => {
    expect(issues({ ...valid, country: '' })).toEqual([['country', 'signup_country_error']]);
    expect(issues({ ...valid, country: 'ZZ' })).toEqual([['country', 'signup_country_error']]);
  });

  it('requires a region of the country’s list', () => {
    expect(issues({ ...valid, region: '' })).toEqual([['region', 'signup_region_error']]);
    expect(issues({ ...valid, region: 'ON' })).toEqual([['region', 'signup_region_error']]);
  });

  it('accepts free-text or no region where the country has no list', () => {
    const fr = {
      ...valid,
      country: 'FR',
      region: '',
      postalCode: '75001',
      timezone: 'Europe/Paris',
    };
    expect(issues(fr)).toEqual([]);
    expect(issues({ ...fr, region: 'Île-de-France' })).toEqual([]);
  });

  it('checks the postal code against the country: Postal code is not valid', () => {
    expect(issues({ ...valid, postalCode: '7870' })).toEqual([
      ['postalCode', 'signup_postalCode_error'],
    ]);
    expect(issues({ ...valid, postalCode: '' })).toEqual([
      ['postalCode', 'signup_postalCode_error'],
    ]);
    expect(
      issues({
        ...valid,
        country: 'GB',
        region: 'ENG',
        postalCode: 'SW1A 1AA',
        timezone: 'Europe/London',
      }),
    ).toEqual([]);
    expect(
      issues({
        ...valid,
        country: 'CA',
        region: 'ON',
        postalCode: '78701',
        timezone: 'America/Toronto',
      }),
    ).toEqual([['postalCode', 'signup_postalCode_error']]);
  });

  it('does not require a postal code where the country has none', () => {
    expect(
      issues({ ...valid, country: 'AE', region: '', postalCode: '', timezone: 'Asia/Dubai' }),
    ).toEqual([]);
  });

  it('requires a time zone of the country', () => {
    expect(issues({ ...valid, timezone: '' })).toEqual([['timezone', 'signup_timezone_error']]);
    expect(issues({ ...valid, timezone: 'Europe/Paris' })).toEqual([
      ['timezone', 'signup_timezone_error'],
    ]);
  });

  it('accepts APO/FPO regions with a zone abroad', () => {
    expect(
      issues({ ...valid, region: 'AE', postalCode: '09021', timezone: 'Europe/Berlin' }),
    ).toEqual([]);
  });
});
