import { describe, expect, it } from 'vitest';
import { loginPath, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps paths inside the account area', () => {
    expect(safeReturnTo('/receipts/abc')).toBe('/receipts/abc');
    expect(safeReturnTo('/billing?tab=card')).toBe('/billing?tab=card');
    expect(safeReturnTo('/')).toBe('/');
  });

  it('refuses anything that could leave the site, and the login page itself', () => {
    for (const value of [
      null,
      undefined,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'receipts/abc',
      '/receipts/\nabc',
      '/login',
      '/login?returnTo=/x',
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnTo(value), String(value)).toBeNull();
    }
  });

  it('builds the login path that comes back to a page', () => {
    expect(loginPath('/receipts/abc')).toBe('/login?returnTo=%2Freceipts%2Fabc');
    expect(loginPath('/')).toBe('/login');
    expect(loginPath('//evil.example')).toBe('/login');
  });
});
