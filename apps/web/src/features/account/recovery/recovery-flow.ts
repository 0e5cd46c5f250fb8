import { RECOVERY_METHODS, type RecoveryLookupForm, type RecoveryState } from '@coparent/domain';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The recovery page's state machine: the spec's RECOVERY_STATES plus NEW_PASSWORD (the code or the
 * emailed link was accepted). Kept in session storage for this tab, so a reload resumes it; the
 * password is never stored.
 */
export type RecoveryStep = RecoveryState | 'NEW_PASSWORD';

export type RecoveryFlow = {
  step: RecoveryStep;
  lookup: RecoveryLookupForm;
  recoveryId: string | null;
  /** The verify answer's token, or the emailed link's. */
  resetToken: string | null;
  /** The code as typed (kept across a reload). */
  code: string;
};

export const RECOVERY_STORAGE_KEY = 'coparent.recovery';

const STEPS: readonly RecoveryStep[] = [
  'INITIAL',
  'MULTIPLE',
  'CODE',
  'NEW_PASSWORD',
  'SUCCESS',
  'FAILURE',
];

const EMPTY_LOOKUP: RecoveryLookupForm = {
  method: 'email',
  email: '',
  username: '',
  countryCode: 'US_CANADA',
  phone: '',
};

function initialFlow(): RecoveryFlow {
  return { step: 'INITIAL', lookup: EMPTY_LOOKUP, recoveryId: null, resetToken: null, code: '' };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The stored flow, or a fresh one when nothing (or something unreadable) is stored. */
export function readFlow(): RecoveryFlow {
  try {
    const raw = JSON.parse(readStorage('session', RECOVERY_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof raw !== 'object' || raw === null) return initialFlow();
    const data = raw as Record<string, unknown>;
    const lookup = (typeof data.lookup === 'object' && data.lookup) || {};
    const l = lookup as Record<string, unknown>;
    const method = RECOVERY_METHODS.find((m) => m === l.method) ?? 'email';
    const step = STEPS.find((s) => s === data.step) ?? 'INITIAL';
    const flow: RecoveryFlow = {
      step,
      lookup: {
        method,
        email: text(l.email),
        username: text(l.username),
        countryCode: text(l.countryCode) || EMPTY_LOOKUP.countryCode,
        phone: text(l.phone),
      },
      recoveryId: textOrNull(data.recoveryId),
      resetToken: textOrNull(data.resetToken),
      code: text(data.code),
    };
    // A step whose data is missing starts again.
    if (flow.step === 'CODE' && !flow.recoveryId) return { ...flow, step: 'INITIAL' };
    if (flow.step === 'NEW_PASSWORD' && !flow.resetToken) return { ...flow, step: 'INITIAL' };
    return flow;
  } catch {
    return initialFlow();
  }
}

export function writeFlow(flow: RecoveryFlow): void {
  writeStorage('session', RECOVERY_STORAGE_KEY, JSON.stringify(flow));
}
