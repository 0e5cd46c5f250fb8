import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMessageKey } from '../messages/translate.js';
import { passwordSchema } from '../validation/password.js';
import { usernameSchema } from '../validation/username.js';
import { billingSchema } from './address.js';
import { credentialsSchema } from './credentials.js';
import { familyFormSchema } from './family.js';
import { ProStepOneSchema, ProStepTwoSchema } from './professional.js';
import { ParentReferralSchema } from './referral.js';
import { ProStepThreeSchema, SecuritySchema } from './security.js';
import { StepOneFormSchema } from './step-one.js';

type Parser = {
  safeParse: (value: unknown) => {
    success: boolean;
    error?: { issues: readonly { message: string; path: readonly PropertyKey[] }[] };
  };
};

const schemas: Record<string, Parser> = {
  StepOneFormSchema,
  familyFormSchema: familyFormSchema({
    parentEmail: 'a@b.co',
    parentPhone: { countryCode: 'US_CANADA', phoneNumber: '12345678' },
    knowsCoParentEmail: true,
  }),
  ProStepOneSchema,
  ProStepTwoSchema,
  ProStepThreeSchema,
  SecuritySchema,
  billingSchema,
  ParentReferralSchema,
  credentialsSchema: credentialsSchema({ email: 'a@b.co' }),
  usernameSchema,
  passwordSchema: passwordSchema({ username: 'someone' }),
};

/** Field-ish values: strings (often empty or junk), booleans, arrays of records, nothing. */
const fieldValue = fc.oneof(
  fc.constantFrom('', ' ', 'US', 'US_CANADA', 'OTHER', 'BENCH_OFFICER', '1234', 'a@b.co', 'TX'),
  fc.string({ maxLength: 30 }),
  fc.boolean(),
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
);
const fieldNames = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'phoneNumber',
  'knowsCoParentEmail',
  'title',
  'credentials',
  'phoneCountryCode',
  'phoneExtension',
  'hearAboutUs',
  'referralBenchOfficerName',
  'referralBenchOfficerPosition',
  'referralColleagueName',
  'referralColleagueRole',
  'referralOther',
  'practiceName',
  'addressLine1',
  'addressLine2',
  'country',
  'city',
  'region',
  'postalCode',
  'timezone',
  'securityQuestion',
  'securityAnswer',
  'securityCode',
  'confirmCode',
  'securityCodeConfirm',
  'billingAddress',
  'billingAddress2',
  'selection',
  'other',
  'username',
  'password',
];
const record = fc.dictionary(fc.constantFrom(...fieldNames), fieldValue);
const input = fc.oneof(
  record,
  fc.record({
    coParent: record,
    children: fc.oneof(fc.array(record, { maxLength: 3 }), fieldValue),
    roles: fc.oneof(fc.array(fieldValue, { maxLength: 3 }), fieldValue),
  }),
  fc.anything(),
);

describe('every form schema reports message keys only', () => {
  for (const [name, schema] of Object.entries(schemas)) {
    it(`${name}: any input yields issues whose messages are MessageKeys`, () => {
      fc.assert(
        fc.property(input, (value) => {
          const result = schema.safeParse(value);
          for (const issue of result.error?.issues ?? []) {
            expect(isMessageKey(issue.message), `${issue.path.join('.')}: ${issue.message}`).toBe(
              true,
            );
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});
