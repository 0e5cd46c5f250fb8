/**
 * The /pro registration as a state machine:
 *
 *   ONE → TWO → THREE → SUBMIT → SUCCESS | ERROR
 *   back: TWO → ONE, THREE → TWO, ERROR → TWO;   retry: ERROR → SUBMIT
 *
 * `accepted[n - 1]` records that the server accepted step n (the validator answered 200) for the
 * values as they are now; editing a step withdraws it. A step is enabled once every step before it
 * is accepted, and the step indicator may jump to any enabled step. SUCCESS and ERROR show the
 * step-3 layout. Pure: the store and the tests drive it.
 */

const PRO_PHASES = ['ONE', 'TWO', 'THREE', 'SUBMIT', 'SUCCESS', 'ERROR'] as const;
export type ProPhase = (typeof PRO_PHASES)[number];
export type ProStepNumber = 1 | 2 | 3;

export type ProMachineState = {
  phase: ProPhase;
  accepted: readonly [boolean, boolean, boolean];
};

export type ProEvent =
  /** The server accepted step 1 or 2: go on to the next step. Step 3 is accepted inside SUBMIT. */
  | { type: 'ACCEPTED'; step: ProStepNumber }
  /** The person changed a value of this step: the server must check it again. */
  | { type: 'EDITED'; step: ProStepNumber }
  | { type: 'BACK' }
  /** Complete (from THREE) or Try again (from ERROR). */
  | { type: 'SUBMIT' }
  | { type: 'SUCCEEDED' }
  | { type: 'FAILED' }
  /** The submit found a problem in a step's values: back to that step to fix it. */
  | { type: 'REJECTED'; step: ProStepNumber }
  /** A click on an enabled circle of the step indicator. */
  | { type: 'GO_TO'; step: ProStepNumber };

export const INITIAL_PRO_MACHINE: ProMachineState = {
  phase: 'ONE',
  accepted: [false, false, false],
};

const PHASE_OF_STEP: Record<ProStepNumber, ProPhase> = { 1: 'ONE', 2: 'TWO', 3: 'THREE' };

/** The step whose layout a phase shows (SUBMIT, SUCCESS and ERROR show step 3's). */
export function stepOfPhase(phase: ProPhase): ProStepNumber {
  if (phase === 'ONE') return 1;
  if (phase === 'TWO') return 2;
  return 3;
}

/** A step is enabled once the server has accepted every step before it. */
export function isStepEnabled(accepted: ProMachineState['accepted'], step: ProStepNumber): boolean {
  return accepted.slice(0, step - 1).every(Boolean);
}

/** Phases in which the person is filling in a step (the indicator and Back work). */
export function isEditingPhase(phase: ProPhase): boolean {
  return phase === 'ONE' || phase === 'TWO' || phase === 'THREE' || phase === 'ERROR';
}

function withAccepted(
  accepted: ProMachineState['accepted'],
  step: ProStepNumber,
  value: boolean,
): ProMachineState['accepted'] {
  const next: [boolean, boolean, boolean] = [...accepted];
  next[step - 1] = value;
  return next;
}

export function proTransition(state: ProMachineState, event: ProEvent): ProMachineState {
  const { phase, accepted } = state;
  switch (event.type) {
    case 'ACCEPTED': {
      const next = withAccepted(accepted, event.step, true);
      if (event.step === 1 && phase === 'ONE') return { phase: 'TWO', accepted: next };
      if (event.step === 2 && phase === 'TWO') return { phase: 'THREE', accepted: next };
      if (event.step === 3 && phase === 'SUBMIT') return { phase, accepted: next };
      return state;
    }
    case 'EDITED':
      if (phase === 'SUBMIT' || phase === 'SUCCESS' || !accepted[event.step - 1]) return state;
      return { phase, accepted: withAccepted(accepted, event.step, false) };
    case 'BACK':
      if (phase === 'TWO') return { phase: 'ONE', accepted };
      if (phase === 'THREE' || phase === 'ERROR') return { phase: 'TWO', accepted };
      return state;
    case 'SUBMIT':
      return phase === 'THREE' || phase === 'ERROR' ? { phase: 'SUBMIT', accepted } : state;
    case 'SUCCEEDED':
      return phase === 'SUBMIT' ? { phase: 'SUCCESS', accepted: [true, true, true] } : state;
    case 'FAILED':
      return phase === 'SUBMIT' ? { phase: 'ERROR', accepted } : state;
    case 'REJECTED':
      return phase === 'SUBMIT'
        ? { phase: PHASE_OF_STEP[event.step], accepted: withAccepted(accepted, event.step, false) }
        : state;
    case 'GO_TO':
      if (!isEditingPhase(phase) || !isStepEnabled(accepted, event.step)) return state;
      if (stepOfPhase(phase) === event.step) return state;
      return { phase: PHASE_OF_STEP[event.step], accepted };
  }
}
