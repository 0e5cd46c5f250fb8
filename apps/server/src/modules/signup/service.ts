import {
  type CreateSignupRequest,
  type CreateSignupResponse,
  canSaveSection,
  DUPLICATE_COPARENT_FIELD,
  DUPLICATE_PARENT_FIELD,
  familyFormSchema,
  familySectionToFormValues,
  isPhoneCodeId,
  type Locale,
  lastCompletedStepAfter,
  type SignupState,
  stepCompletedBy,
  supportPhoneFor,
  translateMessage,
  type UpdateFamilySectionRequest,
  type UpdateParentSectionRequest,
  type UpdateSignupRequest,
  type ValidationError,
  zodIssuesToValidationErrors,
} from '@coparent/domain';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { userExistsWithEmail } from '../account/repo.js';
import {
  generateRegistrationKey,
  hashRegistrationKey,
  registrationKeyMatches,
} from './registration-key.js';
import {
  findChildren,
  findSignupById,
  findSignupByIdForUpdate,
  insertSignup,
  replaceChildren,
  type SignupChild,
  updateSignup,
} from './repo.js';

export type SignupServiceDeps = {
  db: Db;
  /** Lifetime of a signup after creation and after each successful save. */
  ttlHours: number;
  now: () => Date;
};

export type RequestContext = { locale: Locale };

export type SignupService = ReturnType<typeof createSignupService>;

const HOUR_MS = 60 * 60 * 1000;
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * The duplicate messages name the support phone. The visitor's country is not known before the
 * billing step, so it is the default (US, CA, MX) number the spec quotes in these messages.
 */
function duplicateText(
  key: 'signup_duplicateParent_error' | 'signup_duplicateCoParent_warning',
  locale: Locale,
) {
  return translateMessage(key, locale, { phone: supportPhoneFor(undefined).display });
}

function isParentSection(input: UpdateSignupRequest): input is UpdateParentSectionRequest {
  return input.sections[0] === 'PARENT';
}

function toSignupState(row: SignupRow, children: SignupChild[]): SignupState {
  const phoneCode = (value: string | null) => (isPhoneCodeId(value) ? value : null);
  const hasCoParent = row.coParentFirstName !== null && row.coParentLastName !== null;
  return {
    signupId: row.id,
    lastCompletedStep: row.lastCompletedStep,
    parent: {
      firstName: row.parentFirstName,
      lastName: row.parentLastName,
      email: row.parentEmail,
      phoneCountryCode: phoneCode(row.parentPhoneCountryCode),
      phoneNumber: row.parentPhoneNumber,
    },
    knowsCoParentEmail: row.knowsCoParentEmail,
    coParent: hasCoParent
      ? {
          firstName: row.coParentFirstName ?? '',
          lastName: row.coParentLastName ?? '',
          email: row.coParentEmail,
          phoneCountryCode: phoneCode(row.coParentPhoneCountryCode),
          phoneNumber: row.coParentPhoneNumber,
        }
      : null,
    children: children.map((child) => ({ ...child })),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Signup use cases: create, read and update a Parent A signup before payment. */
export function createSignupService({ db, ttlHours, now }: SignupServiceDeps) {
  const expiresFrom = (instant: Date) => new Date(instant.getTime() + ttlHours * HOUR_MS);

  /** Blocks step 1 when the parent's email has an account, unless the visitor confirmed it. */
  async function assertParentNotDuplicate(
    exec: Executor,
    email: string | undefined,
    confirmed: boolean | undefined,
    locale: Locale,
  ): Promise<void> {
    if (!email || confirmed === true) return;
    if (await userExistsWithEmail(exec, email)) {
      throw new FieldValidationError([
        {
          field: DUPLICATE_PARENT_FIELD,
          text: duplicateText('signup_duplicateParent_error', locale),
          type: 'DUPLICATE',
        },
      ]);
    }
  }

  /** The signup behind an id and key: 404 unknown, 403 wrong key, 404 expired (in that order). */
  async function authorise(
    exec: Executor,
    signupId: string,
    registrationKey: string | undefined,
    options: { forUpdate: boolean },
  ): Promise<SignupRow> {
    if (!isUuid(signupId)) throw new AppError('SIGNUP_NOT_FOUND');
    const row = options.forUpdate
      ? await findSignupByIdForUpdate(exec, signupId)
      : await findSignupById(exec, signupId);
    if (!row) throw new AppError('SIGNUP_NOT_FOUND');
    if (!registrationKeyMatches(registrationKey, row.registrationKeyHash)) {
      throw new AppError('REGISTRATION_KEY_INVALID');
    }
    if (row.expiresAt.getTime() <= now().getTime()) throw new AppError('SIGNUP_EXPIRED');
    return row;
  }

  async function create(
    input: CreateSignupRequest,
    { locale }: RequestContext,
  ): Promise<CreateSignupResponse> {
    const section = input.sections[0];
    const isParent = section === 'PARENT';
    const { parent } = input;
    if (isParent) {
      await assertParentNotDuplicate(db, parent.email, input.parentDuplicateConfirmed, locale);
    }

    const registrationKey = generateRegistrationKey();
    const instant = now();
    const row = await insertSignup(db, {
      registrationKeyHash: hashRegistrationKey(registrationKey),
      lastCompletedStep: stepCompletedBy(section) ?? 0,
      parentFirstName: parent.firstName,
      parentLastName: parent.lastName,
      // NAME stores the names only; PARENT the whole parent.
      parentEmail: isParent ? parent.email : null,
      parentPhoneCountryCode: isParent ? parent.phoneCountryCode : null,
      parentPhoneNumber: isParent ? parent.phoneNumber : null,
      knowsCoParentEmail: isParent ? input.knowsCoParentEmail : null,
      parentDuplicateConfirmed: isParent && input.parentDuplicateConfirmed === true,
      segmentAnonymousId: input.segmentAnonymousId ?? null,
      locale,
      createdAt: instant,
      updatedAt: instant,
      expiresAt: expiresFrom(instant),
    });
    return { signupId: row.id, registrationKey };
  }

  async function get(signupId: string, registrationKey: string | undefined): Promise<SignupState> {
    const row = await authorise(db, signupId, registrationKey, { forUpdate: false });
    return toSignupState(row, await findChildren(db, row.id));
  }

  async function saveParent(
    tx: Executor,
    row: SignupRow,
    input: UpdateParentSectionRequest,
    locale: Locale,
  ): Promise<ValidationError[]> {
    const { parent } = input;
    await assertParentNotDuplicate(tx, parent.email, input.parentDuplicateConfirmed, locale);
    const instant = now();
    await updateSignup(tx, row.id, {
      parentFirstName: parent.firstName,
      parentLastName: parent.lastName,
      parentEmail: parent.email,
      parentPhoneCountryCode: parent.phoneCountryCode,
      parentPhoneNumber: parent.phoneNumber,
      knowsCoParentEmail: input.knowsCoParentEmail,
      parentDuplicateConfirmed: input.parentDuplicateConfirmed === true,
      lastCompletedStep: lastCompletedStepAfter('PARENT', row.lastCompletedStep),
      locale,
      updatedAt: instant,
      expiresAt: expiresFrom(instant),
    });
    return [];
  }

  async function saveFamily(
    tx: Executor,
    row: SignupRow,
    input: UpdateFamilySectionRequest,
    locale: Locale,
  ): Promise<ValidationError[]> {
    const parentPhone =
      isPhoneCodeId(row.parentPhoneCountryCode) && row.parentPhoneNumber
        ? { countryCode: row.parentPhoneCountryCode, phoneNumber: row.parentPhoneNumber }
        : undefined;
    const schema = familyFormSchema({
      parentEmail: row.parentEmail ?? '',
      parentPhone,
      knowsCoParentEmail: row.knowsCoParentEmail ?? false,
    });
    const parsed = schema.safeParse(familySectionToFormValues(input));
    if (!parsed.success) {
      // The form calls the co-parent's phone code `countryCode`; the request `phoneCountryCode`.
      const issues = parsed.error.issues.map((issue) => ({
        ...issue,
        path: issue.path.map((part) => (part === 'countryCode' ? 'phoneCountryCode' : part)),
      }));
      throw new FieldValidationError(zodIssuesToValidationErrors(issues, locale));
    }

    const { coParent, children } = parsed.data;
    const coParentEmail = coParent.email === '' ? null : coParent.email;
    const hasPhone = coParent.phoneNumber !== '';
    const warnings: ValidationError[] = [];
    if (
      coParentEmail &&
      input.coParentDuplicateConfirmed !== true &&
      (await userExistsWithEmail(tx, coParentEmail))
    ) {
      warnings.push({
        field: DUPLICATE_COPARENT_FIELD,
        text: duplicateText('signup_duplicateCoParent_warning', locale),
        type: 'DUPLICATE',
      });
    }

    const instant = now();
    await updateSignup(tx, row.id, {
      coParentFirstName: coParent.firstName,
      coParentLastName: coParent.lastName,
      coParentEmail,
      coParentPhoneCountryCode: hasPhone ? coParent.countryCode : null,
      coParentPhoneNumber: hasPhone ? coParent.phoneNumber : null,
      coParentDuplicateConfirmed: input.coParentDuplicateConfirmed === true,
      lastCompletedStep: lastCompletedStepAfter('FAMILY', row.lastCompletedStep),
      locale,
      updatedAt: instant,
      expiresAt: expiresFrom(instant),
    });
    await replaceChildren(
      tx,
      row.id,
      children.map((child) => ({
        firstName: child.firstName,
        lastName: child.lastName,
        email: child.email === '' ? null : child.email,
      })),
    );
    return warnings;
  }

  /**
   * Saves one section. Answers the non-blocking warnings (a co-parent duplicate); throws
   * FieldValidationError (nothing saved), or AppError for 403 / 404 / 409.
   */
  async function update(
    signupId: string,
    registrationKey: string | undefined,
    input: UpdateSignupRequest,
    { locale }: RequestContext,
  ): Promise<{ validationErrors: ValidationError[] }> {
    const validationErrors = await db.transaction(async (tx) => {
      const row = await authorise(tx, signupId, registrationKey, { forUpdate: true });
      const section = input.sections[0];
      if (!canSaveSection(section, row.lastCompletedStep)) {
        throw new AppError('SECTION_OUT_OF_ORDER');
      }
      return isParentSection(input)
        ? saveParent(tx, row, input, locale)
        : saveFamily(tx, row, input, locale);
    });
    return { validationErrors };
  }

  return { create, get, update };
}
