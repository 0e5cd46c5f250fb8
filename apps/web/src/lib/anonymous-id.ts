import { randomId } from './random-id';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

/** A random visitor id kept in localStorage: the Segment-style anonymousId sent with the signup. */
export function getAnonymousId(): string {
  const stored = readStorage('local', STORAGE_KEYS.anonymousId);
  if (stored) return stored;
  const id = randomId();
  writeStorage('local', STORAGE_KEYS.anonymousId, id);
  return id;
}
