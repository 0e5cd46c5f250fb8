import {
  DUPLICATE_PARENT_COOKIE,
  DUPLICATE_PARENT_COOKIE_MAX_AGE_SECONDS,
  DUPLICATE_PARENT_COOKIE_PATH,
  type DuplicateParent,
  duplicateParentCookieValue,
} from '@coparent/domain';
import { writeCookie } from './cookies';

/**
 * Keeps who step 1 was refused for where the server reads it for /duplicate alone (its Path):
 * a reload of the page, written with no script, still names the person.
 */
export function keepDuplicateParent(parent: DuplicateParent): void {
  const value = duplicateParentCookieValue(parent);
  if (!value) return;
  writeCookie(DUPLICATE_PARENT_COOKIE, value, {
    path: DUPLICATE_PARENT_COOKIE_PATH,
    maxAgeSeconds: DUPLICATE_PARENT_COOKIE_MAX_AGE_SECONDS,
  });
}
