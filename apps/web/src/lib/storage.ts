// Browser storage that never throws (private modes and locked-down browsers can refuse access).

type StorageKind = 'local' | 'session';

function storageFor(kind: StorageKind): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return storageFor(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: StorageKind, key: string, value: string): void {
  try {
    storageFor(kind)?.setItem(key, value);
  } catch {
    // Storage full or refused: the app keeps working with in-memory state.
  }
}

export function removeStorage(kind: StorageKind, key: string): void {
  try {
    storageFor(kind)?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export const STORAGE_KEYS = {
  language: 'coparent.language',
  anonymousId: 'coparent.anonymousId',
  flags: 'coparent.flags',
  joinFunnel: 'coparent.join',
  proRegistration: 'coparent.pro',
  /** The payment page's state, the payment result and the credentials token (this tab only). */
  checkout: 'coparent.checkout',
  /** After the login post: that the person is logged in, and their user id (this tab only). */
  auth: 'coparent.auth',
  userId: 'coparent.userId',
  /** The invited co-parent's invite token, taken out of the address bar (this tab only). */
  inviteToken: 'coparent.inviteToken',
  invitePaymentResult: 'coparent.invitePaymentResult',
  inviteCredentialsToken: 'coparent.inviteCredentialsToken',
} as const;

/** The fields of a store's state that are not its actions (functions). */
export type StoreData<TState> = {
  [K in keyof TState as TState[K] extends (...args: never[]) => unknown ? never : K]: TState[K];
};

/** A store's state without its actions: what a persisted store writes to storage. */
export function storeData<TState extends object>(state: TState): StoreData<TState> {
  return Object.fromEntries(
    Object.entries(state).filter(([, value]) => typeof value !== 'function'),
  ) as StoreData<TState>;
}
