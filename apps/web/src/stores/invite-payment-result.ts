import type { PaymentResponse } from '@coparent/domain';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The invited payment's answer, handed from /invite/payment to /invite/credentials and
 * /invite/receipt (this tab's session storage, so a reload keeps it). The single-use credentials
 * token travels apart from the receipt: it is dropped once the credentials are set.
 */
export type InvitePaymentResult = {
  userId: string;
  receipt: PaymentResponse['receipt'];
  registration: PaymentResponse['registration'];
};

export function saveInvitePaymentResult(
  result: InvitePaymentResult,
  clickToJoinToken: string | null,
): void {
  writeStorage('session', STORAGE_KEYS.invitePaymentResult, JSON.stringify(result));
  if (clickToJoinToken) {
    writeStorage('session', STORAGE_KEYS.inviteCredentialsToken, clickToJoinToken);
  } else {
    removeStorage('session', STORAGE_KEYS.inviteCredentialsToken);
  }
}

export function readInvitePaymentResult(): InvitePaymentResult | null {
  const raw = readStorage('session', STORAGE_KEYS.invitePaymentResult);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as InvitePaymentResult;
  } catch {
    return null;
  }
}

/** The credentials token of the invited payment's answer, until the credentials are set. */
export function readInviteCredentialsToken(): string | null {
  return readStorage('session', STORAGE_KEYS.inviteCredentialsToken) || null;
}

export function clearInviteCredentialsToken(): void {
  removeStorage('session', STORAGE_KEYS.inviteCredentialsToken);
}

/** The invite receipt's Login: forget everything of the invited flow in this tab. */
export function clearInvitePaymentResult(): void {
  removeStorage('session', STORAGE_KEYS.invitePaymentResult);
  removeStorage('session', STORAGE_KEYS.inviteCredentialsToken);
}
