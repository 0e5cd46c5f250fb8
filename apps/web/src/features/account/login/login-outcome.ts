import type { ValidationError } from '@coparent/domain';
import { isApiError } from '@/lib/api-client';

/** What a failed login means for the form. */
export type LoginOutcome =
  | { kind: 'wrongCredentials' }
  | { kind: 'tooManyAttempts' }
  | { kind: 'fields'; errors: ValidationError[]; unplaced: ValidationError[] }
  | { kind: 'generic' };

export function loginOutcomeOf(error: unknown): LoginOutcome {
  if (isApiError(error)) {
    if (error.status === 401) return { kind: 'wrongCredentials' };
    if (error.status === 429) return { kind: 'tooManyAttempts' };
    if (error.status === 422 && error.fieldErrors.length > 0) {
      return { kind: 'fields', errors: error.fieldErrors, unplaced: [] };
    }
    // An answer of an unknown shape is logged and shown as the generic error.
    if (error.code === 'INVALID_RESPONSE') console.warn('login: unexpected answer', error.message);
  }
  return { kind: 'generic' };
}
