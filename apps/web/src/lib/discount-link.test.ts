import { DISCOUNT_LINK_COOKIE, encodeCookieText } from '@coparent/domain';
import { describe, expect, it } from 'vitest';
import { updateSignup } from '../features/join/api/update-signup';
import { mockFetch, on } from '../test/fetch-mock';
import { writeCookie } from './cookies';
import {
  DISCOUNT_LINK_STORAGE_KEY,
  readDiscountLink,
  referrerKeyHeader,
  rememberDiscountLink,
} from './discount-link';

describe('discount link storage', () => {
  it('keeps a valid link for the tab, and a later page without one keeps it', () => {
    expect(rememberDiscountLink('?discount=1&referrerKey=demo-coach&percentage=MTU=')).toEqual({
      referrerKey: 'demo-coach',
      percent: 15,
    });
    expect(rememberDiscountLink('')).toEqual({ referrerKey: 'demo-coach', percent: 15 });
    expect(referrerKeyHeader()).toEqual({ 'X-Referrer-Key': 'demo-coach' });
  });

  it('takes over the link a page written with no script kept in its cookie, once', () => {
    const link = '?discount=1&referrerKey=demo-coach&percentage=MjA=';
    writeCookie(DISCOUNT_LINK_COOKIE, encodeCookieText(link));
    expect(rememberDiscountLink('')).toEqual({ referrerKey: 'demo-coach', percent: 20 });
    expect(document.cookie).not.toContain(DISCOUNT_LINK_COOKIE);
    expect(readDiscountLink()).toEqual({ referrerKey: 'demo-coach', percent: 20 });
  });

  it('keeps the key but no percentage when the base64 was tampered with', () => {
    expect(rememberDiscountLink('?discount=1&referrerKey=demo-coach&percentage=NaN')).toEqual({
      referrerKey: 'demo-coach',
      percent: null,
    });
  });

  it('ignores links without the flag, and anything tampered in storage', () => {
    expect(rememberDiscountLink('?referrerKey=demo-coach&percentage=MTU=')).toBeNull();
    window.sessionStorage.setItem(DISCOUNT_LINK_STORAGE_KEY, '{"referrerKey":"<x>","percent":15}');
    expect(readDiscountLink()).toBeNull();
    window.sessionStorage.setItem(
      DISCOUNT_LINK_STORAGE_KEY,
      '{"referrerKey":"ok-key","percent":"NaN"}',
    );
    expect(readDiscountLink()).toEqual({ referrerKey: 'ok-key', percent: null });
    window.sessionStorage.setItem(DISCOUNT_LINK_STORAGE_KEY, 'not json');
    expect(readDiscountLink()).toBeNull();
    expect(referrerKeyHeader()).toEqual({});
  });

  it('sends X-Referrer-Key on the family step only', async () => {
    rememberDiscountLink('?discount=1&referrerKey=demo-coach&percentage=MTU=');
    const { calls } = mockFetch(on('PATCH', '/v2/signups/s1', { body: { validationErrors: [] } }));
    await updateSignup({
      signupId: 's1',
      registrationKey: 'k',
      body: {
        sections: ['FAMILY'],
        coParent: { firstName: 'Luis', lastName: 'Pérez', email: 'luis@example.com' },
        children: [{ firstName: 'Sofía', lastName: 'Pérez' }],
      },
    });
    await updateSignup({
      signupId: 's1',
      registrationKey: 'k',
      body: { sections: ['PACKAGE'], order: { packageId: 3003 } },
    });
    expect(calls[0]?.headers['x-referrer-key']).toBe('demo-coach');
    expect(calls[1]?.headers['x-referrer-key']).toBeUndefined();
  });
});
