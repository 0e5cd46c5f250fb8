import { describe, expect, it } from 'vitest';
import { translateMessage } from '../messages/translate.js';
import {
  codeRefusalKey,
  isCodeForOtherPackages,
  isUnknownCodeRefusal,
  orderCodeRefusalKey,
  refusedCodeIndex,
} from './code-check.js';

describe('a code refused for one order', () => {
  it('names the package chosen beside the ones the code is for, unlike the code check', () => {
    const key = orderCodeRefusalKey('PACKAGE');
    expect(key).not.toBe(codeRefusalKey(['PACKAGE']));
    expect(
      translateMessage(key, 'en', { packages: 'Premium · 1 year', chosen: 'Essentials · 1 year' }),
    ).toBe('This code is only for Premium · 1 year, not for Essentials · 1 year.');
    expect(isCodeForOtherPackages({ key })).toBe(true);
    expect(isCodeForOtherPackages({ key: orderCodeRefusalKey('REDEEMED') })).toBe(false);
    expect(isCodeForOtherPackages({})).toBe(false);
  });

  it('tells an unknown code from one refused for a reason', () => {
    expect(isUnknownCodeRefusal({ key: orderCodeRefusalKey('UNKNOWN') })).toBe(true);
    expect(isUnknownCodeRefusal({ key: orderCodeRefusalKey('EXPIRED') })).toBe(false);
    expect(isUnknownCodeRefusal({})).toBe(false);
  });

  it('reads which entered code a validation error is about', () => {
    expect(refusedCodeIndex({ field: 'paymentCodes.2' })).toBe(2);
    expect(refusedCodeIndex({ field: 'promoCodes.0' })).toBeUndefined();
    expect(refusedCodeIndex({ field: 'paymentCodes.x' })).toBeUndefined();
  });
});
