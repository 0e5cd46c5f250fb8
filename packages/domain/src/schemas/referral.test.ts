import { describe, expect, it } from 'vitest';
import { ParentReferralSchema } from './referral.js';

function issues(value: unknown) {
  const result = ParentReferralSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('ParentReferralSchema', () => {
  it('requires a selection', () => {
    expect(issues({})).toEqual([['selection', 'signup_hearAboutUs_error']]);
    expect(issues({ selection: 'NOPE' })).toEqual([['selection', 'signup_hearAboutUs_error']]);
  });

  it('needs detail for OTHER, COURT_ORDERED and REFERRED_FL', () => {
    for (const selection of ['OTHER', 'COURT_ORDERED', 'REFERRED_FL']) {
      expect(issues({ selection, other: '  ' })).toEqual([['other', 'signup_referralOther_error']]);
      expect(issues({ selection, other: 'Judge Ruiz' })).toEqual([]);
    }
  });

  it('does not need detail for the others', () => {
    expect(issues({ selection: 'SEARCH_ENGINE' })).toEqual([]);
  });

  it('reads a null follow-up as not given, as the server answers it', () => {
    expect(issues({ selection: 'SEARCH_ENGINE', other: null })).toEqual([]);
    expect(ParentReferralSchema.parse({ selection: 'SEARCH_ENGINE', other: null })).toEqual({
      selection: 'SEARCH_ENGINE',
    });
    expect(issues({ selection: 'OTHER', other: null })).toEqual([
      ['other', 'signup_referralOther_error'],
    ]);
  });

  it('limits the detail to 200 characters', () => {
    expect(issues({ selection: 'OTHER', other: 'x'.repeat(201) })).toEqual([
      ['other', 'signup_referralOtherLength_error'],
    ]);
    expect(ParentReferralSchema.parse({ selection: 'OTHER', other: ' radio ' }).other).toBe(
      'radio',
    );
  });
});
