import {
  DEFAULT_EXPERIMENT_VALUE,
  EXPERIMENT_VALUES,
  type ExperimentKey,
  type ExperimentValue,
  type Locale,
  type LookKey,
  type RestrictionKey,
  visitorFlagCountry,
} from '@coparent/domain';
import type { FlagContext } from './context.js';
import type { FlagService } from './service.js';

export type ExperimentFlags = Pick<FlagService, 'evaluate'>;

/**
 * An experiment's arm as the server's flag file decides it for `context`; Off when the file has
 * no such flag or the evaluation answers an error. A price never depends on an arm the browser
 * declares: it asks here with the context the browser's flags use.
 */
export async function experimentArm(
  flags: ExperimentFlags,
  key: ExperimentKey,
  context: FlagContext,
): Promise<ExperimentValue> {
  const evaluation = await flags.evaluate(key, context);
  if (!evaluation || !('value' in evaluation)) return DEFAULT_EXPERIMENT_VALUE;
  return EXPERIMENT_VALUES.find((arm) => arm === evaluation.value) ?? DEFAULT_EXPERIMENT_VALUE;
}

/**
 * Is a restriction (or a look: a boolean flag too) on for `context`? False when the file has no
 * such flag or it errs.
 */
export async function isRestricted(
  flags: ExperimentFlags,
  key: RestrictionKey | LookKey,
  context: FlagContext,
): Promise<boolean> {
  const evaluation = await flags.evaluate(key, context);
  return evaluation !== undefined && 'value' in evaluation && evaluation.value === true;
}

/**
 * Parent A's context before an account exists (join flow), as the browser builds it: the
 * signup's anonymous id and email, and the visitor's country (the saved billing country, else
 * the step-1 phone's).
 */
export function signupFlagContext(
  signup: {
    segmentAnonymousId: string | null;
    parentEmail: string | null;
    parentPhoneCountryCode: string | null;
    parentPhoneNumber: string | null;
  },
  locale: Locale,
  billingCountry?: string | undefined,
): FlagContext {
  const country = visitorFlagCountry({
    billingCountry,
    phoneCode: signup.parentPhoneCountryCode,
    phoneNumber: signup.parentPhoneNumber,
  });
  return {
    ...(signup.segmentAnonymousId ? { targetingKey: signup.segmentAnonymousId } : {}),
    ...(signup.parentEmail ? { email: signup.parentEmail } : {}),
    ...(country ? { country } : {}),
    flow: 'join',
    locale,
  };
}

/** The invited co-parent's context: their user id (invite flow). */
export function invitedFlagContext(userId: string, locale: Locale): FlagContext {
  return { userId, flow: 'invite', locale };
}
