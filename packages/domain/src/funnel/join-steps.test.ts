import { describe, expect, it } from 'vitest';
import { SIGNUP_SECTIONS } from '../constants/enums.js';
import {
  canEnterStep,
  canSaveSection,
  JOIN_STEPS,
  lastCompletedStepAfter,
  lastCompletedStepAfterPackage,
  nextIncompleteStep,
  pathForStep,
  stepCompletedBy,
  stepForPath,
} from './join-steps.js';

describe('join funnel progress', () => {
  it('lists the four steps', () => {
    expect(JOIN_STEPS.map((s) => s.path)).toEqual(['/step1', '/step2', '/step3', '/payment']);
  });

  it('nextIncompleteStep is last completed + 1, within 1..4', () => {
    expect([0, 1, 2, 3, 4, 9, -1, Number.NaN].map(nextIncompleteStep)).toEqual([
      1, 2, 3, 4, 4, 4, 1, 1,
    ]);
  });

  it('canEnterStep allows steps up to last completed + 1', () => {
    expect(canEnterStep(1, 0)).toBe(true);
    expect(canEnterStep(2, 0)).toBe(false);
    expect(canEnterStep(2, 1)).toBe(true);
    expect(canEnterStep(3, 1)).toBe(false);
    expect(canEnterStep(4, 3)).toBe(true);
    expect(canEnterStep(5, 4)).toBe(false);
    expect(canEnterStep(0, 4)).toBe(false);
  });

  it('maps steps and paths', () => {
    expect(pathForStep(4)).toBe('/payment');
    expect(stepForPath('/step2')).toBe(2);
    expect(stepForPath('/duplicate')).toBeUndefined();
  });

  it('says which step a section completes', () => {
    expect(stepCompletedBy('NAME')).toBe(0);
    expect(stepCompletedBy('PARENT')).toBe(1);
    expect(stepCompletedBy('FAMILY')).toBe(2);
    expect(stepCompletedBy('ADDRESS')).toBeNull();
    expect(lastCompletedStepAfter('PARENT', 0)).toBe(1);
    expect(lastCompletedStepAfter('PARENT', 2)).toBe(2);
    expect(lastCompletedStepAfter('FAMILY', 1)).toBe(2);
    expect(lastCompletedStepAfter('REFERRAL', 3)).toBe(3);
    expect(stepCompletedBy('PACKAGE')).toBe(3);
  });

  it('sets 3 after a package choice and 2 when heading to build-your-own', () => {
    expect(lastCompletedStepAfterPackage(2, { complete: true })).toBe(3);
    expect(lastCompletedStepAfterPackage(3, { complete: true })).toBe(3);
    expect(lastCompletedStepAfterPackage(2, { complete: false })).toBe(2);
    // Choosing build-your-own after another package sends the visitor back to /alacarte.
    expect(lastCompletedStepAfterPackage(3, { complete: false })).toBe(2);
    expect(lastCompletedStepAfterPackage(4, { complete: false })).toBe(4);
  });

  it('refuses out-of-order saves', () => {
    expect(SIGNUP_SECTIONS.map((s) => canSaveSection(s, 0))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(canSaveSection('FAMILY', 1)).toBe(true);
    expect(canSaveSection('PACKAGE', 1)).toBe(false);
    expect(canSaveSection('PACKAGE', 2)).toBe(true);
    expect(canSaveSection('PACKAGE', 3)).toBe(true);
    expect(canSaveSection('PACKAGE', 4)).toBe(false);
    expect(canSaveSection('ADDRESS', 2)).toBe(false);
    expect(canSaveSection('ADDRESS', 3)).toBe(true);
  });
});
