import { ANONYMOUS_ID_COOKIE } from '@coparent/domain';
import { describe, expect, it } from 'vitest';
import { getAnonymousId } from './anonymous-id';
import { writeCookie } from './cookies';

const cookieId = () =>
  document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${ANONYMOUS_ID_COOKIE}=`))
    ?.split('=')[1];

describe('the anonymous id', () => {
  it('keeps the id a page written with no script gave the visitor', () => {
    writeCookie(ANONYMOUS_ID_COOKIE, 'from-the-server-page');
    expect(getAnonymousId()).toBe('from-the-server-page');
    expect(window.localStorage.getItem('coparent.anonymousId')).toBe('from-the-server-page');
  });

  it("writes the device's own id where the server's pages read it", () => {
    window.localStorage.setItem('coparent.anonymousId', 'kept-on-the-device');
    writeCookie(ANONYMOUS_ID_COOKIE, 'another');
    expect(getAnonymousId()).toBe('kept-on-the-device');
    expect(cookieId()).toBe('kept-on-the-device');
  });

  it('makes one for a new visitor, in both places', () => {
    const id = getAnonymousId();
    expect(id).toMatch(/\S{8,}/);
    expect(cookieId()).toBe(id);
    expect(getAnonymousId()).toBe(id);
  });
});
