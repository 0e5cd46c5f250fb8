import { describe, expect, it } from 'vitest';
import {
  INITIAL_PRO_MACHINE,
  isStepEnabled,
  type ProEvent,
  type ProMachineState,
  proTransition,
} from './pro-machine';

const run = (events: ProEvent[], from: ProMachineState = INITIAL_PRO_MACHINE) =>
  events.reduce(proTransition, from);

const atThree = run([
  { type: 'ACCEPTED', step: 1 },
  { type: 'ACCEPTED', step: 2 },
]);

describe('proTransition', () => {
  it('goes ONE → TWO → THREE → SUBMIT → SUCCESS as the server accepts each step', () => {
    expect(run([{ type: 'ACCEPTED', step: 1 }]).phase).toBe('TWO');
    expect(atThree).toEqual({ phase: 'THREE', accepted: [true, true, false] });
    const done = run(
      [{ type: 'SUBMIT' }, { type: 'ACCEPTED', step: 3 }, { type: 'SUCCEEDED' }],
      atThree,
    );
    expect(done).toEqual({ phase: 'SUCCESS', accepted: [true, true, true] });
  });

  it('goes back TWO → ONE, THREE → TWO and ERROR → TWO; ERROR → SUBMIT on retry', () => {
    expect(run([{ type: 'BACK' }], atThree).phase).toBe('TWO');
    expect(run([{ type: 'BACK' }, { type: 'BACK' }], atThree).phase).toBe('ONE');
    const failed = run([{ type: 'SUBMIT' }, { type: 'FAILED' }], atThree);
    expect(failed.phase).toBe('ERROR');
    expect(run([{ type: 'BACK' }], failed).phase).toBe('TWO');
    expect(run([{ type: 'SUBMIT' }], failed).phase).toBe('SUBMIT');
  });

  it('ignores events that do not apply to the phase', () => {
    expect(run([{ type: 'ACCEPTED', step: 2 }]).phase).toBe('ONE');
    expect(run([{ type: 'SUBMIT' }]).phase).toBe('ONE');
    expect(run([{ type: 'BACK' }]).phase).toBe('ONE');
    const submitting = run([{ type: 'SUBMIT' }], atThree);
    expect(run([{ type: 'BACK' }, { type: 'GO_TO', step: 1 }], submitting).phase).toBe('SUBMIT');
    const done = run([{ type: 'SUCCEEDED' }], submitting);
    expect(
      run(
        [
          { type: 'GO_TO', step: 1 },
          { type: 'EDITED', step: 1 },
        ],
        done,
      ),
    ).toEqual(done);
  });

  it('enables a step only once every step before it is accepted; editing withdraws it', () => {
    expect(isStepEnabled(INITIAL_PRO_MACHINE.accepted, 1)).toBe(true);
    expect(isStepEnabled(INITIAL_PRO_MACHINE.accepted, 2)).toBe(false);
    expect(run([{ type: 'GO_TO', step: 2 }]).phase).toBe('ONE');

    const backAtOne = run([{ type: 'GO_TO', step: 1 }], atThree);
    expect(backAtOne.phase).toBe('ONE');
    expect(run([{ type: 'GO_TO', step: 3 }], backAtOne).phase).toBe('THREE');
    const edited = run([{ type: 'EDITED', step: 1 }], backAtOne);
    expect(edited.accepted).toEqual([false, true, false]);
    expect(run([{ type: 'GO_TO', step: 3 }], edited).phase).toBe('ONE');
    expect(run([{ type: 'ACCEPTED', step: 1 }], edited)).toEqual({
      phase: 'TWO',
      accepted: [true, true, false],
    });
  });

  it('sends a submit whose values a step refuses back to that step', () => {
    const submitting = run([{ type: 'SUBMIT' }], atThree);
    expect(run([{ type: 'REJECTED', step: 1 }], submitting)).toEqual({
      phase: 'ONE',
      accepted: [false, true, false],
    });
    expect(run([{ type: 'REJECTED', step: 3 }], submitting).phase).toBe('THREE');
  });
});
