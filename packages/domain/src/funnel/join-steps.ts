import type { SignupSection } from '../constants/enums.js';

/** The Parent A funnel's numbered steps (step 4 is the payment page). */
export const JOIN_STEPS = [
  { step: 1, path: '/step1' },
  { step: 2, path: '/step2' },
  { step: 3, path: '/step3' },
  { step: 4, path: '/payment' },
] as const;
export type JoinStep = (typeof JOIN_STEPS)[number]['step'];
export type JoinStepPath = (typeof JOIN_STEPS)[number]['path'];
export const FIRST_JOIN_STEP: JoinStep = 1;
export const LAST_JOIN_STEP: JoinStep = 4;
/** lastCompletedStep goes from 0 (nothing done) to 4 (paid). */
export const MAX_COMPLETED_STEP = 4;

function clampCompleted(lastCompletedStep: number): number {
  if (!Number.isFinite(lastCompletedStep)) return 0;
  return Math.min(Math.max(Math.trunc(lastCompletedStep), 0), MAX_COMPLETED_STEP);
}

/** The earliest step the user still has to do (1..4). Once everything is done, 4. */
export function nextIncompleteStep(lastCompletedStep: number): JoinStep {
  return Math.min(clampCompleted(lastCompletedStep) + 1, LAST_JOIN_STEP) as JoinStep;
}

/** A step can be entered (or its indicator circle clicked) up to last completed + 1. */
export function canEnterStep(step: number, lastCompletedStep: number): boolean {
  return (
    step >= FIRST_JOIN_STEP &&
    step <= LAST_JOIN_STEP &&
    step <= clampCompleted(lastCompletedStep) + 1
  );
}

export function pathForStep(step: JoinStep): JoinStepPath {
  const entry = JOIN_STEPS.find((s) => s.step === step);
  if (!entry) throw new RangeError(`Unknown join step ${String(step)}`);
  return entry.path;
}

export function stepForPath(path: string): JoinStep | undefined {
  return JOIN_STEPS.find((s) => s.path === path)?.step;
}

/**
 * The step a section's save completes: NAME → 0 (a partial save completes nothing),
 * PARENT → 1, FAMILY → 2, PACKAGE → 3 (a complete package choice; see
 * `lastCompletedStepAfterPackage` for build-your-own). ADDRESS and REFERRAL are saved on the
 * payment page and complete no numbered step (null).
 */
export function stepCompletedBy(section: SignupSection): number | null {
  switch (section) {
    case 'NAME':
      return 0;
    case 'PARENT':
      return 1;
    case 'FAMILY':
      return 2;
    case 'PACKAGE':
      return 3;
    case 'ADDRESS':
    case 'REFERRAL':
      return null;
  }
}

/** The last completed step after saving a section (never goes backwards). */
export function lastCompletedStepAfter(section: SignupSection, lastCompletedStep: number): number {
  const completed = stepCompletedBy(section);
  const current = clampCompleted(lastCompletedStep);
  return completed === null ? current : Math.max(current, completed);
}

/**
 * lastCompletedStep after a PACKAGE save: 3 after a package or build-your-own
 * choice; 2 when heading to /alacarte (a build-your-own package whose values are not submitted
 * yet), even when step 3 had been completed with another package before. A paid signup (4)
 * stays paid.
 */
export function lastCompletedStepAfterPackage(
  lastCompletedStep: number,
  { complete }: { complete: boolean },
): number {
  const current = clampCompleted(lastCompletedStep);
  if (current >= MAX_COMPLETED_STEP) return current;
  return complete ? Math.max(current, 3) : 2;
}

/**
 * Whether a section may be saved now: NAME and PARENT always; FAMILY once step 1 is done;
 * PACKAGE once step 2 is done and before payment; ADDRESS and REFERRAL once a package is
 * chosen (step 3).
 */
export function canSaveSection(section: SignupSection, lastCompletedStep: number): boolean {
  const current = clampCompleted(lastCompletedStep);
  switch (section) {
    case 'NAME':
    case 'PARENT':
      return true;
    case 'FAMILY':
      return current >= 1;
    case 'PACKAGE':
      return current >= 2 && current < MAX_COMPLETED_STEP;
    case 'ADDRESS':
    case 'REFERRAL':
      return current >= 3;
  }
}
