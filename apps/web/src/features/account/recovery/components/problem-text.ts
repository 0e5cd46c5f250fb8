import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-client';

/** Is this the answer of a recovery that is over (expired, used, replaced, out of attempts)? */
export function isRecoveryOver(error: unknown): boolean {
  return isApiError(error) && error.code === 'RECOVERY_INVALID';
}

/** The text for a failed call that no field shows. */
export function problemText(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.status === 429) return t('recover.tooMany');
  return t('recover.error');
}
