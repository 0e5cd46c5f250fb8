import { describe, expect, it } from 'vitest';
import { buildYourOwnChoiceFromForm } from './build-your-own.js';

describe('buildYourOwnChoiceFromForm', () => {
  const packages = { 'packageFor.SUB1YEAR': '3101', 'packageFor.SUB2YEAR': '3102' };

  it("reads the term, its package and the ticked options (a checkbox sends 'on')", () => {
    expect(
      buildYourOwnChoiceFromForm({
        ...packages,
        subscription: 'SUB2YEAR',
        myfiles: 'on',
        calls: 'on',
      }),
    ).toEqual({
      packageId: 3102,
      values: {
        subscription: 'SUB2YEAR',
        myfiles: true,
        tonemeter: false,
        unlimitedPayments: false,
        calls: true,
      },
    });
  });

  it('names nothing for an unknown term or a term without its package', () => {
    expect(buildYourOwnChoiceFromForm({ ...packages, subscription: 'SUB3YEAR' })).toBeUndefined();
    expect(buildYourOwnChoiceFromForm({ subscription: 'SUB1YEAR' })).toBeUndefined();
    expect(
      buildYourOwnChoiceFromForm({ subscription: 'SUB1YEAR', 'packageFor.SUB1YEAR': '1.5' }),
    ).toBeUndefined();
  });
});
