import { z } from 'zod';
import { DEFAULT_PHONE_CODE, MAX_CHILDREN } from '../constants/limits.js';
import {
  errorKey,
  fieldIssue,
  optionalEmailSchema,
  optionalPhoneNumberSchema,
  personNameFields,
  phoneCodeIdSchema,
} from '../validation/fields.js';
import { sameEmail } from '../validation/text.js';
import { ChildFormSchema } from './family.js';

/**
 * A professional's cases (docs/professionals.md): a family-law professional invites a
 * family (two parents, the children); each parent with an email gets an invitation link.
 */

/** Where the professional's cases live in the account area. */
export const ACCOUNT_CASES_PATH = '/app/account/cases';
/** The professional's activation page (the welcome email's credentials link). */
export const ACCOUNT_ACTIVATE_PATH = '/app/account/activate';

export const CASE_PARENT_KEYS = ['parent1', 'parent2'] as const;
export type CaseParentKey = (typeof CASE_PARENT_KEYS)[number];

/** One parent of a case; empty strings mean "not given" (email and phone are optional). */
export const CaseParentSchema = z.object(
  {
    ...personNameFields,
    email: optionalEmailSchema.default(''),
    phoneCountryCode: phoneCodeIdSchema.default(DEFAULT_PHONE_CODE),
    phoneNumber: optionalPhoneNumberSchema.default(''),
  },
  errorKey('invalidValue'),
);
export type CaseParent = z.infer<typeof CaseParentSchema>;

/** A child of a case: first and last name (the family step's name rules). */
export const CaseChildSchema = ChildFormSchema.pick({ firstName: true, lastName: true });
export type CaseChild = z.infer<typeof CaseChildSchema>;

/**
 * POST /v2/account/cases (and the "Invite a family" form): both parents, at least one child.
 * At least one parent needs an email (issue at `parent1.email`), and the two emails differ
 * (issue at `parent2.email`). Whether an email already has an account is the server's check.
 */
export const CreateCaseRequestSchema = z
  .object(
    {
      parent1: CaseParentSchema,
      parent2: CaseParentSchema,
      children: z
        .array(CaseChildSchema, errorKey('signup_children_error'))
        .min(1, errorKey('signup_children_error'))
        .max(MAX_CHILDREN, errorKey('signup_childrenMax_error')),
    },
    errorKey('invalidValue'),
  )
  .superRefine((value, issues) => {
    const first = value.parent1?.email ?? '';
    const second = value.parent2?.email ?? '';
    if (first === '' && second === '') {
      fieldIssue(issues, ['parent1', 'email'], 'cases_parentEmailRequired_error');
    } else if (first !== '' && second !== '' && sameEmail(first, second)) {
      fieldIssue(issues, ['parent2', 'email'], 'cases_parentEmailSame_error');
    }
  });
export type CreateCaseRequest = z.infer<typeof CreateCaseRequestSchema>;
export type CreateCaseInput = z.input<typeof CreateCaseRequestSchema>;

/** A parent who was emailed an invitation. */
export const InvitedParentSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/** 201 answer of POST /v2/account/cases. */
export const CreateCaseResponseSchema = z.object({
  /** The family's id. */
  caseId: z.uuid(),
  /** Who was emailed an invitation (the parents with an email), in form order. */
  invited: z.array(InvitedParentSchema),
});
export type CreateCaseResponse = z.infer<typeof CreateCaseResponseSchema>;

/**
 * A parent's status in a case: INVITED (emailed, no username yet), JOINED (has a username and
 * password), NOT_INVITED (no email was given, so nobody could be invited).
 */
export const CASE_PARENT_STATUSES = ['INVITED', 'JOINED', 'NOT_INVITED'] as const;
export type CaseParentStatus = (typeof CASE_PARENT_STATUSES)[number];

export const CaseSummarySchema = z.object({
  caseId: z.uuid(),
  createdAt: z.iso.datetime(),
  parents: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string().nullable(),
      status: z.enum(CASE_PARENT_STATUSES),
    }),
  ),
  childrenCount: z.number().int().nonnegative(),
});
export type CaseSummary = z.infer<typeof CaseSummarySchema>;

/** 200 answer of GET /v2/account/cases: the professional's cases, newest first. */
export const ListCasesResponseSchema = z.object({ cases: z.array(CaseSummarySchema) });
export type ListCasesResponse = z.infer<typeof ListCasesResponseSchema>;
