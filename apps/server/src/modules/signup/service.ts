import {
  type CreateSignupRequest,
  type CreateSignupResponse,
  canSaveSection,
  DUPLICATE_PARENT_FIELD,
  emailKey,
  isReferrerKey,
  type Locale,
  lastCompletedStepAfter,
  PricingRequestSchema,
  type PricingResponse,
  packageSavePricingBody,
  type SignupState,
  stepCompletedBy,
  type UpdateFamilySectionRequest,
  type UpdatePackageSectionRequest,
  type UpdateParentSectionRequest,
  type UpdateSignupRequest,
  type ValidationError,
} from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../errors.js';
import type { EmailRevealGuard } from '../../security/email-reveal-limit.js';
import { generateToken, hashToken } from '../../security/tokens.js';
import { userExistsWithEmail } from '../account/repo.js';
import type { CoreDeps } from '../core-deps.js';
import type { ExperimentFlags } from '../flags/experiment-arm.js';
import { type Metrics, STEP_SECTIONS, stepLabel } from '../metrics/metrics.js';
import type { PricingService } from '../pricing/service.js';
import { createSignupAccess, isUuid } from './access.js';
import { createBillingSave } from './billing-save.js';
import { createCompletionAccess } from './completion-access.js';
import { duplicateText } from './duplicate.js';
import { createFamilySave } from './family-save.js';
import { createPackageSave } from './package-save.js';
import {
  type CreatedSignupValues,
  findChildren,
  findSignupBilling,
  findSignupOrder,
  findSignupWithOrder,
  insertSignup,
  insertSignupUnlessEmailTaken,
  type PricedSignupRow,
  type SignupBilling,
  type SignupOrder,
  updateSignup,
} from './repo.js';
import type { RequestContext, SectionSaved } from './save-context.js';
import { toSignupState } from './state.js';

export { duplicateText } from './duplicate.js';
/** The saved order and billing a payment is priced from (the checkout reads them). */
export type { SignupBilling, SignupOrder } from './repo.js';

export type SignupServiceDeps = CoreDeps & {
  /** Lifetime of a signup after creation and after each successful save. */
  ttlHours: number;
  /** Counts the duplicate answers per email (429 beyond the limit) and notifies the owner. */
  emailReveals: EmailRevealGuard;
  /** Decides the show-price-in-build-your-own arm saved with a build-your-own order. */
  flags: ExperimentFlags;
  metrics: Pick<Metrics, 'signupStarted' | 'stepCompleted'>;
  /** The catalog a package is chosen from, the referrers, and the price of a saved order. */
  pricing: Pick<PricingService, 'quote' | 'catalogNow' | 'activeReferrer'>;
};

export type SignupService = ReturnType<typeof createSignupService>;

/** A signup's row with its saved billing country: what the pricing of its order reads. */
export type PricedRow = SignupRow & { billingCountry: string | undefined };

const HOUR_MS = 60 * 60 * 1000;

/** A FAMILY section save (not an ADDRESS one, whose body has no `sections` of its own). */
function isFamilySection(input: UpdateSignupRequest): input is UpdateFamilySectionRequest {
  return !('address' in input) && input.sections[0] === 'FAMILY';
}

/** Signup use cases: create, read and update a Parent A signup before payment. */
export function createSignupService({
  db,
  ttlHours,
  now,
  emailReveals,
  flags,
  metrics,
  pricing,
}: SignupServiceDeps) {
  const expiresFrom = (instant: Date) => new Date(instant.getTime() + ttlHours * HOUR_MS);
  const access = createSignupAccess({ now });
  const { authorise } = access;
  const { saveFamily, saveFamilyUnlocked } = createFamilySave({
    db,
    now,
    expiresFrom,
    access,
    emailReveals,
    pricing,
  });
  const { savePackage } = createPackageSave({ now, expiresFrom, flags, pricing });
  const { saveBilling } = createBillingSave({ now, expiresFrom });

  /**
   * Blocks step 1 when the parent's email has an account, unless the visitor confirmed it (429
   * instead beyond the per-email limit of such answers).
   */
  async function assertParentNotDuplicate(
    exec: Executor,
    email: string | undefined,
    confirmed: boolean | undefined,
    locale: Locale,
  ): Promise<void> {
    if (!email || confirmed === true) return;
    if (await userExistsWithEmail(exec, email)) await refuseDuplicateParent(email, locale);
  }

  /** The duplicate-parent answer (429 instead beyond the per-email limit of such answers). */
  async function refuseDuplicateParent(email: string, locale: Locale): Promise<never> {
    await emailReveals.revealed(email, 'SIGNUP');
    throw new FieldValidationError([
      {
        field: DUPLICATE_PARENT_FIELD,
        text: duplicateText('signup_duplicateParent_error', locale),
        type: 'DUPLICATE',
      },
    ]);
  }

  async function create(
    input: CreateSignupRequest,
    { locale }: RequestContext,
  ): Promise<CreateSignupResponse> {
    const section = input.sections[0];
    const isParent = section === 'PARENT';
    const { parent } = input;
    const registrationKey = generateToken();
    const instant = now();
    const values: CreatedSignupValues = {
      registrationKeyHash: hashToken(registrationKey),
      lastCompletedStep: stepCompletedBy(section) ?? 0,
      parentFirstName: parent.firstName,
      parentLastName: parent.lastName,
      // NAME stores the names only; PARENT the whole parent.
      parentEmail: isParent ? (parent.email ?? null) : null,
      parentPhoneCountryCode: isParent ? (parent.phoneCountryCode ?? null) : null,
      parentPhoneNumber: isParent ? (parent.phoneNumber ?? null) : null,
      knowsCoParentEmail: isParent ? (input.knowsCoParentEmail ?? null) : null,
      parentDuplicateConfirmed: isParent && input.parentDuplicateConfirmed === true,
      segmentAnonymousId: input.segmentAnonymousId ?? null,
      locale,
      createdAt: instant,
      updatedAt: instant,
      expiresAt: expiresFrom(instant),
    };
    // Step 1 is blocked when the parent's email has an account, unless the visitor confirmed it:
    // the insert itself checks (one round trip) and inserts nothing for a taken email.
    if (isParent && parent.email && input.parentDuplicateConfirmed !== true) {
      const row = await insertSignupUnlessEmailTaken(db, values, emailKey(parent.email));
      if (!row) return refuseDuplicateParent(parent.email, locale);
      countCreated(values.lastCompletedStep);
      return { signupId: row.id, registrationKey };
    }
    const row = await insertSignup(db, values);
    countCreated(values.lastCompletedStep);
    return { signupId: row.id, registrationKey };
  }

  function countCreated(lastCompletedStep: number): void {
    metrics.signupStarted();
    countStepsCompleted(0, lastCompletedStep);
  }

  /** Counts the steps a committed save completed: those past the signup's last completed one. */
  function countStepsCompleted(before: number, after: number): void {
    for (const section of STEP_SECTIONS) {
      const step = stepCompletedBy(section) ?? 0;
      if (step > before && step <= after) metrics.stepCompleted(stepLabel(section));
    }
  }

  async function get(signupId: string, registrationKey: string | undefined): Promise<SignupState> {
    const row = await authorise(db, signupId, registrationKey, {
      forUpdate: false,
      allowPaid: true,
    });
    const [children, order, billing] = await Promise.all([
      findChildren(db, row.id),
      findSignupOrder(db, row.id),
      findSignupBilling(db, row.id),
    ]);
    return toSignupState(row, children, order, billing);
  }

  /**
   * What the PACKAGE save answers besides its warnings (one round trip per step): the signup as
   * GET reads it after the save, and the price of the saved order for the payment page's first
   * pricing body, so the browser opens /payment without asking for either. No codes: pricing
   * them here would bypass the pricing call's rate limit (codes are guessed there). A body the
   * pricing refuses (a package the phone's country does not sell) answers no price: the payment
   * page then asks and handles the refusal as it always did.
   */
  async function packageSaveAnswer(
    signupId: string,
    registrationKey: string | undefined,
    { locale }: { locale: Locale },
  ): Promise<{ signup: SignupState; pricing: PricingResponse | null }> {
    const row = await authorise(db, signupId, registrationKey, { forUpdate: false });
    const [children, order, billing] = await Promise.all([
      findChildren(db, row.id),
      findSignupOrder(db, row.id),
      findSignupBilling(db, row.id),
    ]);
    const signup = toSignupState(row, children, order, billing);
    if (!signup.order) return { signup, pricing: null };
    const body = PricingRequestSchema.parse(packageSavePricingBody(signup.order, signup.parent));
    try {
      const priced = { ...row, billingCountry: billing?.country };
      return { signup, pricing: await pricing.quote(priced, order, body, { locale }) };
    } catch (error) {
      if (error instanceof AppError || error instanceof FieldValidationError) {
        return { signup, pricing: null };
      }
      throw error;
    }
  }

  /**
   * The signup behind an id and key, for other modules' calls on it (pricing, coupons, country
   * check): 404 unknown, 403 wrong key, 404 expired. Also answers its order and referrer, and
   * its billing country with the row (what the pricing of a build-your-own order reads).
   */
  async function authorize(
    signupId: string,
    registrationKey: string | undefined,
  ): Promise<{
    row: PricedSignupRow & { billingCountry: string | undefined };
    order: SignupOrder | undefined;
  }> {
    if (!isUuid(signupId)) throw new AppError('SIGNUP_NOT_FOUND');
    const found = await findSignupWithOrder(db, signupId);
    const row = access.assertAccess(found?.row, registrationKey, {});
    return { row: { ...row, billingCountry: found?.billingCountry }, order: found?.order };
  }

  /**
   * The signup for the checkout calls (payment, receipt): like `authorize`, but a paid signup
   * is answered even after its expiry (its result can be read again), with its billing.
   */
  async function authorizeForCheckout(
    signupId: string,
    registrationKey: string | undefined,
  ): Promise<{
    row: PricedRow;
    order: SignupOrder | undefined;
    billing: SignupBilling | undefined;
  }> {
    const row = await authorise(db, signupId, registrationKey, {
      forUpdate: false,
      allowPaid: true,
    });
    const [order, billing] = await Promise.all([
      findSignupOrder(db, row.id),
      findSignupBilling(db, row.id),
    ]);
    return { row: { ...row, billingCountry: billing?.country }, order, billing };
  }

  async function saveParent(
    tx: Executor,
    row: SignupRow,
    input: UpdateParentSectionRequest,
    locale: Locale,
  ): Promise<SectionSaved> {
    const { parent } = input;
    await assertParentNotDuplicate(tx, parent.email, input.parentDuplicateConfirmed, locale);
    const instant = now();
    const lastCompletedStep = lastCompletedStepAfter('PARENT', row.lastCompletedStep);
    await updateSignup(tx, row.id, {
      parentFirstName: parent.firstName,
      parentLastName: parent.lastName,
      parentEmail: parent.email,
      parentPhoneCountryCode: parent.phoneCountryCode,
      parentPhoneNumber: parent.phoneNumber,
      knowsCoParentEmail: input.knowsCoParentEmail,
      parentDuplicateConfirmed: input.parentDuplicateConfirmed === true,
      lastCompletedStep,
      locale,
      updatedAt: instant,
      expiresAt: expiresFrom(instant),
    });
    return { warnings: [], lastCompletedStep };
  }

  /**
   * Saves one section. Answers the non-blocking warnings (a co-parent duplicate); throws
   * FieldValidationError (nothing saved), or AppError for 403 / 404 / 409. A step the save
   * completed is counted once the transaction has committed.
   */
  async function update(
    signupId: string,
    registrationKey: string | undefined,
    input: UpdateSignupRequest,
    context: RequestContext,
  ): Promise<{ validationErrors: ValidationError[]; consentRequired?: boolean }> {
    const { locale } = context;
    // A referrer link's save stays in the transaction: it writes the order too.
    let revealedEmail: string | undefined;
    if (isFamilySection(input) && !isReferrerKey(context.referrerKey)) {
      const attempt = await saveFamilyUnlocked(signupId, registrationKey, input, context);
      if (attempt.saved) {
        countStepsCompleted(attempt.progress.before, attempt.progress.after);
        return { validationErrors: attempt.warnings };
      }
      revealedEmail = attempt.revealedEmail;
    }
    let progress: { before: number; after: number } | undefined;
    const answer = await db.transaction(async (tx) => {
      const row = await authorise(tx, signupId, registrationKey, {
        forUpdate: true,
        allowPaid: true,
      });
      // A paid signup is final: nothing in it changes any more.
      if (row.completedAt !== null) throw new AppError('ALREADY_PAID');
      if ('address' in input) {
        if (!canSaveSection('ADDRESS', row.lastCompletedStep)) {
          throw new AppError('SECTION_OUT_OF_ORDER');
        }
        return saveBilling(tx, row, input, locale);
      }
      const section = input.sections[0];
      if (!canSaveSection(section, row.lastCompletedStep)) {
        throw new AppError('SECTION_OUT_OF_ORDER');
      }
      let saved: SectionSaved;
      switch (input.sections[0]) {
        case 'PARENT':
          saved = await saveParent(tx, row, input as UpdateParentSectionRequest, locale);
          break;
        case 'FAMILY':
          saved = await saveFamily(
            tx,
            row,
            input as UpdateFamilySectionRequest,
            context,
            revealedEmail,
          );
          break;
        case 'PACKAGE':
          saved = await savePackage(tx, row, input as UpdatePackageSectionRequest, locale);
          break;
      }
      progress = { before: row.lastCompletedStep, after: saved.lastCompletedStep };
      return { validationErrors: saved.warnings };
    });
    if (progress) countStepsCompleted(progress.before, progress.after);
    return answer;
  }

  return {
    create,
    get,
    update,
    packageSaveAnswer,
    authorize,
    authorizeForCheckout,
    ...createCompletionAccess(db),
  };
}
