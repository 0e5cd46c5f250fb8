import {
  canSaveSection,
  DUPLICATE_COPARENT_FIELD,
  emailKey,
  familySectionToFormValues,
  isPhoneCodeId,
  isReferrerKey,
  type Locale,
  lastCompletedStepAfter,
  safeParseFamilyForm,
  type UpdateFamilySectionRequest,
  type ValidationError,
  zodIssuesToValidationErrors,
} from '@coparent/domain';
import { textablePhoneIssue } from '@coparent/domain/phone-type';
import type { Db, Executor } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../errors.js';
import type { EmailRevealGuard } from '../../security/email-reveal-limit.js';
import { userExistsWithEmail } from '../account/repo.js';
import type { PricingService } from '../pricing/service.js';
import { isUuid, type SignupAccessCheck } from './access.js';
import { duplicateText } from './duplicate.js';
import {
  type FamilySectionValues,
  findSignupForFamilySave,
  type SignupChild,
  saveFamilySection,
  saveSignupReferrer,
} from './repo.js';
import type { RequestContext, SaveClock, SectionSaved } from './save-context.js';

export type FamilySaveDeps = SaveClock & {
  db: Db;
  access: SignupAccessCheck;
  /** Counts the duplicate answers per email (429 beyond the limit) and notifies the owner. */
  emailReveals: EmailRevealGuard;
  /** Knows the discount links' referrers. */
  pricing: Pick<PricingService, 'activeReferrer'>;
};

/**
 * The FAMILY save (step 2: the co-parent and the children): the funnel's busiest save, tried
 * first without a transaction and saved again under the row lock when the row changed meanwhile.
 */
export function createFamilySave({
  db,
  now,
  expiresFrom,
  access,
  emailReveals,
  pricing,
}: FamilySaveDeps) {
  /** A FAMILY section checked against its signup: what to write and the warnings to answer. */
  type CheckedFamily = {
    values: FamilySectionValues;
    children: SignupChild[];
    warnings: ValidationError[];
    /** The co-parent's email counted as revealed (it has an account), if any. */
    revealedEmail: string | undefined;
  };

  /**
   * Validates a FAMILY section against the signup (FieldValidationError) and looks the co-parent's
   * email up: an account there is a warning, counted as a reveal (429 beyond the limit) unless
   * `options.revealedEmail` already counted it. `options.known`: whether a user has that email
   * key, when the caller read it already.
   */
  async function checkFamily(
    exec: Executor,
    row: SignupRow,
    input: UpdateFamilySectionRequest,
    locale: Locale,
    options: { known?: { key: string; taken: boolean }; revealedEmail?: string },
  ): Promise<CheckedFamily> {
    const parentPhone =
      isPhoneCodeId(row.parentPhoneCountryCode) && row.parentPhoneNumber
        ? { countryCode: row.parentPhoneCountryCode, phoneNumber: row.parentPhoneNumber }
        : undefined;
    const parsed = safeParseFamilyForm(
      {
        parentEmail: row.parentEmail ?? '',
        parentPhone,
        knowsCoParentEmail: row.knowsCoParentEmail ?? false,
        textablePhone: textablePhoneIssue,
      },
      familySectionToFormValues(input),
    );
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
    let revealedEmail: string | undefined;
    if (coParentEmail && input.coParentDuplicateConfirmed !== true) {
      const key = emailKey(coParentEmail);
      const taken =
        options.known?.key === key
          ? options.known.taken
          : await userExistsWithEmail(exec, coParentEmail);
      if (taken) {
        // Parent A learns that the co-parent's address has an account: counted and notified too.
        if (emailKey(options.revealedEmail) !== key) {
          await emailReveals.revealed(coParentEmail, 'COPARENT');
        }
        revealedEmail = coParentEmail;
        warnings.push({
          field: DUPLICATE_COPARENT_FIELD,
          text: duplicateText('signup_duplicateCoParent_warning', locale),
          type: 'DUPLICATE',
        });
      }
    }

    const instant = now();
    return {
      values: {
        coParentFirstName: coParent.firstName,
        coParentLastName: coParent.lastName,
        coParentEmail,
        coParentPhoneCountryCode: hasPhone ? coParent.countryCode : null,
        coParentPhoneNumber: hasPhone ? coParent.phoneNumber : null,
        coParentDuplicateConfirmed: input.coParentDuplicateConfirmed === true,
        coParentAlsoText: coParent.alsoText === true,
        lastCompletedStep: lastCompletedStepAfter('FAMILY', row.lastCompletedStep),
        locale,
        updatedAt: instant,
        expiresAt: expiresFrom(instant),
      },
      children: children.map((child) => ({
        firstName: child.firstName,
        lastName: child.lastName,
        email: child.email === '' ? null : child.email,
      })),
      warnings,
      revealedEmail,
    };
  }

  /** The FAMILY save inside the update's transaction, the signup row locked. */
  async function saveFamily(
    tx: Executor,
    row: SignupRow,
    input: UpdateFamilySectionRequest,
    { locale, referrerKey }: RequestContext,
    revealedEmail: string | undefined,
  ): Promise<SectionSaved> {
    const checked = await checkFamily(tx, row, input, locale, { revealedEmail });
    await saveFamilySection(tx, row.id, checked.values, checked.children, null);
    // A discount link's referrer: attached when known and active, ignored otherwise (the browser
    // may hold a stale or tampered key; the percentage always comes from our referrer record).
    if (isReferrerKey(referrerKey)) {
      const referrer = await pricing.activeReferrer(tx, referrerKey);
      if (referrer) await saveSignupReferrer(tx, row.id, referrer.key, checked.values.updatedAt);
    }
    return { warnings: checked.warnings, lastCompletedStep: checked.values.lastCompletedStep };
  }

  /**
   * The FAMILY save without a transaction (the funnel's busiest save): one read (the signup, its
   * row version and the co-parent's email lookup) and one write that applies only if the row is
   * still that version. The same checks as `update`'s, in the same order. `saved` false when the
   * row changed in between: the caller saves again under the lock (`revealedEmail` was counted).
   */
  async function saveFamilyUnlocked(
    signupId: string,
    registrationKey: string | undefined,
    input: UpdateFamilySectionRequest,
    { locale }: RequestContext,
  ): Promise<
    | { saved: true; warnings: ValidationError[]; progress: { before: number; after: number } }
    | { saved: false; revealedEmail?: string }
  > {
    if (!isUuid(signupId)) throw new AppError('SIGNUP_NOT_FOUND');
    const key = emailKey(input.coParent.email);
    const found = await findSignupForFamilySave(db, signupId, key);
    const row = access.assertAccess(found?.row, registrationKey, { allowPaid: true });
    if (row.completedAt !== null) throw new AppError('ALREADY_PAID');
    if (!canSaveSection('FAMILY', row.lastCompletedStep))
      throw new AppError('SECTION_OUT_OF_ORDER');
    const checked = await checkFamily(db, row, input, locale, {
      known: { key, taken: found?.coParentEmailTaken ?? false },
    });
    const saved = await saveFamilySection(
      db,
      row.id,
      checked.values,
      checked.children,
      found?.version ?? null,
    );
    return saved
      ? {
          saved: true,
          warnings: checked.warnings,
          progress: { before: row.lastCompletedStep, after: checked.values.lastCompletedStep },
        }
      : { saved: false, revealedEmail: checked.revealedEmail };
  }

  return { saveFamily, saveFamilyUnlocked };
}
