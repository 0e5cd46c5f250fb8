import { describe, expect, it } from 'vitest';
import { MAX_CHILDREN } from '../constants/limits.js';
import { en } from '../messages/en.js';
import { esMX } from '../messages/es-mx.js';
import {
  emptyFamilyForm,
  type FamilyFormContext,
  familyFormSchema,
  speedBumpEmailSchema,
} from './family.js';

const ctx: FamilyFormContext = {
  parentEmail: 'Parent@Example.com',
  parentPhone: { countryCode: 'US_CANADA', phoneNumber: '5551234567' },
  knowsCoParentEmail: true,
};

function family(overrides: {
  coParent?: Partial<ReturnType<typeof emptyFamilyForm>['coParent']>;
  children?: { firstName: string; lastName: string; email: string }[];
}) {
  return {
    coParent: {
      firstName: 'Bo',
      lastName: 'Smith',
      email: 'bo@example.com',
      countryCode: 'US_CANADA' as const,
      phoneNumber: '',
      ...overrides.coParent,
    },
    children: overrides.children ?? [{ firstName: 'Kid', lastName: 'Smith', email: '' }],
  };
}

function issues(context: FamilyFormContext, value: unknown) {
  const result = familyFormSchema(context).safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('familyFormSchema', () => {
  it(`accepts ${MAX_CHILDREN} children and refuses one more, with the cap's message`, () => {
    const child = { firstName: 'Kid', lastName: 'Smith', email: '' };
    expect(issues(ctx, family({ children: Array(MAX_CHILDREN).fill(child) }))).toEqual([]);
    expect(issues(ctx, family({ children: Array(MAX_CHILDREN + 1).fill(child) }))).toEqual([
      ['children', 'signup_childrenMax_error'],
    ]);
    expect(en.signup_childrenMax_error).toBe('You can add up to 20 children');
    expect(esMX.signup_childrenMax_error).toBe('Puedes agregar hasta 20 hijos e hijas');
  });

  it("refuses a spoofing co-parent's or child's name at its field", () => {
    const value = family({
      coParent: { firstName: 'Ab\u202Efdp.exe' },
      children: [{ firstName: 'Kid', lastName: 'Sm\u200Bith', email: '' }],
    });
    expect(issues(ctx, value)).toEqual([
      ['coParent.firstName', 'signup_nameInvisible_error'],
      ['children.0.lastName', 'signup_nameInvisible_error'],
    ]);
  });

  it('accepts a co-parent with an email and one child', () => {
    const result = familyFormSchema(ctx).safeParse(family({}));
    expect(result.success).toBe(true);
  });

  it('cleans names and trims emails in its output', () => {
    const parsed = familyFormSchema(ctx).parse(
      family({ coParent: { firstName: '  D’Arcy ', email: ' Bo@Example.com ' } }),
    );
    expect(parsed.coParent.firstName).toBe("D'Arcy");
    expect(parsed.coParent.email).toBe('Bo@Example.com');
  });

  it('requires the co-parent email when knowsCoParentEmail is true', () => {
    expect(issues(ctx, family({ coParent: { email: '' } }))).toEqual([
      ['coParent.email', 'signup_coParentEmailRequired_error'],
    ]);
  });

  it('leaves the co-parent email optional when not known, but then needs the phone', () => {
    const unknown = { ...ctx, knowsCoParentEmail: false };
    expect(issues(unknown, family({ coParent: { email: '' } }))).toEqual([
      ['coParent.phoneNumber', 'signup_coParentPhoneRequired_error'],
    ]);
    expect(issues(unknown, family({ coParent: { email: '', phoneNumber: '5559876543' } }))).toEqual(
      [],
    );
    // Not known, but given anyway: no phone needed.
    expect(issues(unknown, family({}))).toEqual([]);
  });

  it('refuses a co-parent email equal to the parent’s (trimmed, case-insensitive)', () => {
    expect(issues(ctx, family({ coParent: { email: '  parent@EXAMPLE.com ' } }))).toEqual([
      ['coParent.email', 'signup_coParentEmailSame_error'],
    ]);
  });

  it('checks the co-parent email format', () => {
    expect(issues(ctx, family({ coParent: { email: 'bo@' } }))).toEqual([
      ['coParent.email', 'signup_email_error'],
    ]);
  });

  it('checks the co-parent phone: 8–15 digits and not the parent’s phone', () => {
    expect(issues(ctx, family({ coParent: { phoneNumber: '123' } }))).toEqual([
      ['coParent.phoneNumber', 'signup_phoneNumber_error'],
    ]);
    expect(issues(ctx, family({ coParent: { phoneNumber: '5551234567' } }))).toEqual([
      ['coParent.phoneNumber', 'signup_coParentPhoneSame_error'],
    ]);
    // Same digits under another country code are a different phone.
    expect(
      issues(ctx, family({ coParent: { phoneNumber: '5551234567', countryCode: 'MEXICO' } })),
    ).toEqual([]);
  });

  it('needs at least one child', () => {
    expect(issues(ctx, family({ children: [] }))).toEqual([['children', 'signup_children_error']]);
  });

  it('checks each child’s names', () => {
    expect(
      issues(ctx, family({ children: [{ firstName: '', lastName: 'x'.repeat(21), email: '' }] })),
    ).toEqual([
      ['children.0.firstName', 'signup_firstName_error'],
      ['children.0.lastName', 'signup_nameLength_error'],
    ]);
  });

  it('reports child email problems at children.<i>.email', () => {
    const result = issues(
      ctx,
      family({
        children: [
          { firstName: 'A', lastName: 'S', email: 'kid@example.com' },
          { firstName: 'B', lastName: 'S', email: ' KID@example.com' },
          { firstName: 'C', lastName: 'S', email: 'parent@example.com' },
          { firstName: 'D', lastName: 'S', email: 'bo@example.com' },
          { firstName: 'E', lastName: 'S', email: 'not-an-email' },
          { firstName: 'F', lastName: 'S', email: '' },
          { firstName: 'G', lastName: 'S', email: '' },
        ],
      }),
    );
    expect(result).toEqual([
      ['children.4.email', 'signup_email_error'],
      ['children.1.email', 'signup_childEmailDuplicate_error'],
      ['children.2.email', 'signup_childEmailParent_error'],
      ['children.3.email', 'signup_childEmailParent_error'],
    ]);
  });

  it('runs the cross-field rules even when another field is invalid', () => {
    expect(
      issues(ctx, family({ coParent: { firstName: '', email: 'parent@example.com' } })),
    ).toEqual([
      ['coParent.firstName', 'signup_firstName_error'],
      ['coParent.email', 'signup_coParentEmailSame_error'],
    ]);
  });

  it('emptyFamilyForm gives one empty child and the default phone code', () => {
    expect(emptyFamilyForm()).toEqual({
      coParent: {
        firstName: '',
        lastName: '',
        email: '',
        countryCode: 'US_CANADA',
        phoneNumber: '',
      },
      children: [{ firstName: '', lastName: '', email: '' }],
    });
  });
});

describe('speedBumpEmailSchema', () => {
  const schema = speedBumpEmailSchema({ parentEmail: 'Parent@Example.com' });
  const message = (value: string) => {
    const result = schema.safeParse(value);
    return result.success ? result.data : result.error.issues[0]?.message;
  };

  it('answers a trimmed, valid email', () => {
    expect(message('  bo@example.com ')).toBe('bo@example.com');
  });

  it('asks for a valid email when it is empty or malformed', () => {
    expect(message('')).toBe('signup_speedBumpEmail_error');
    expect(message('bo@')).toBe('signup_speedBumpEmail_error');
  });

  it('refuses Parent A’s own email', () => {
    expect(message(' parent@EXAMPLE.com')).toBe('signup_coParentEmailSame_error');
  });
});
