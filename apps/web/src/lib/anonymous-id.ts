import { ANONYMOUS_ID_COOKIE, ANONYMOUS_ID_COOKIE_MAX_AGE_SECONDS } from '@coparent/domain';
import { readCookie, writeCookie } from './cookies';
import { randomId } from './random-id';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** Ids the server accepts as an analytics anonymousId. */
const ID = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * A random visitor id kept in localStorage: the Segment-style anonymousId sent with the signup.
 * A page the server wrote with no script gave the visitor one in a cookie (the id its page view
 * and experiment arm were recorded with): the app keeps that one when the device has none, and
 * writes its own there, so the server's pages and the app name the visitor alike.
 */
export function getAnonymousId(): string {
  const cookie = readCookie(ANONYMOUS_ID_COOKIE);
  const stored = readStorage('local', STORAGE_KEYS.anonymousId);
  const fromCookie = cookie && ID.test(cookie) ? cookie : undefined;
  const id = stored || fromCookie || randomId();
  if (!stored) writeStorage('local', STORAGE_KEYS.anonymousId, id);
  if (id !== cookie) {
    writeCookie(ANONYMOUS_ID_COOKIE, id, { maxAgeSeconds: ANONYMOUS_ID_COOKIE_MAX_AGE_SECONDS });
  }
  return id;
}
