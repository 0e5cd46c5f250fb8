import {
  BUILD_YOUR_OWN_OPTION_CODES,
  buildYourOwnServices,
  buildYourOwnValuesFrom,
  type CreateSignupRequest,
  type CreateSignupResponse,
  canSaveSection,
  cleanName,
  DUPLICATE_COPARENT_FIELD,
  DUPLICATE_PARENT_FIELD,
  EXPERIMENTS,
  emailKey,
  familySectionToFormValues,
  isConsentRequired,
  isPhoneCodeId,
  isReferrerKey,
  isTreatment,
  type Locale,
  lastCompletedStepAfter,
  lastCompletedStepAfterPackage,
  normalisePostalCode,
  type PricingRequest,
  PricingRequestSchema,
  type PricingResponse,
  packageSavePricingBody,
  type SignupState,
  SubscriptionTermSchema,
  safeParseFamilyForm,
  sameEmail,
  stepCompletedBy,
  subscriptionYears,
  supportPhoneFor,
  termForYears,
  translateMessage,
  type UpdateBillingSectionRequest,
  type UpdateFamilySectionRequest,
  type UpdatePackageSectionRequest,
  type UpdateParentSectionRequest,
  type UpdateSignupRequest,
  type ValidationError,
  zodIssuesToValidationErrors,
} from '@coparent/domain';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import { AppError, FieldValidationError, fieldError } from '../../errors.js';
import type { EmailRevealGuard } from '../../security/email-reveal-limit.js';
import { generateToken, hashToken, registrationKeyMatches } from '../../security/tokens.js';
import { userExistsWithEmail } from '../account/repo.js';
import { type ExperimentFlags, experimentArm, signupFlagContext } from '../flags/experiment-arm.js';
import { type Metrics, STEP_SECTIONS, stepLabel } from '../metrics/metrics.js';
import { type CatalogPackage, findPackage, termSibling } from '../pricing/catalog.js';
import { findActiveReferrer, readCatalog } from '../pricing/repo.js';
import {
  type CreatedSignupValues,
  type FamilySectionValues,
  findChildren,
  findSignupBilling,
  findSignupBillingCountry,
  findSignupById,
  findSignupByIdForUpdate,
  findSignupForFamilySave,
  findSignupOrder,
  findSignupWithOrder,
  insertSignup,
  insertSignupUnlessEmailTaken,
  type SignupBilling,
  type SignupChild,
  type SignupOrder,
  type SignupOrderChoice,
  saveFamilySection,
  saveSignupBilling,
  saveSignupOrder,
  saveSignupReferrer,
  updateSignup,
} from './repo.js';

export type SignupServiceDeps = {
  db: Db;
  /** Lifetime of a signup after creation and after each successful save. */
  ttlHours: number;
  now: () => Date;
  /** Counts the duplicate answers per email (429 beyond the limit) and notifies the owner. */
  emailReveals: EmailRevealGuard;
  /** Decides the show-price-in-build-your-own arm saved with a build-your-own order. */
  flags: ExperimentFlags;
  metrics: Pick<Metrics, 'signupStarted' | 'stepCompleted'>;
};

/** What a section save did: its non-blocking warnings and the signup's last completed step. */
type SectionSaved = { warnings: ValidationError[]; lastCompletedStep: number };

export type RequestContext = {
  locale: Locale;
  /** The X-Referrer-Key header of a discount link (family step); unknown keys are ignored. */
  referrerKey?: string | undefined;
};

export type SignupService = ReturnType<typeof createSignupService>;

/** Prices a signup's saved order: the pricing module's quote, handed in where the app is built. */
export type QuoteOrder = (
  row: SignupRow,
  order: SignupOrder | undefined,
  body: PricingRequest,
  ctx: { locale: Locale },
) => Promise<PricingResponse>;

const HOUR_MS = 60 * 60 * 1000;
const UuidSchema = z.uuid();
const isUuid = (value: string) => UuidSchema.safeParse(value).success;

/** A FAMILY section save (not an ADDRESS one, whose body has no `sections` of its own). */
function isFamilySection(input: UpdateSignupRequest): input is UpdateFamilySectionRequest {
  return !('address' in input) && input.sections[0] === 'FAMILY';
}

/**
 * The duplicate messages name the support phone. The visitor's country is not known before the
 * billing step, so it is the default (US, CA, MX) number the spec quotes in these messages.
 */
export function duplicateText(
  key: 'signup_duplicateParent_error' | 'signup_duplicateCoParent_warning',
  locale: Locale,
) {
  return translateMessage(key, locale, { phone: supportPhoneFor(undefined).display });
}

/** The order part of the signup state: the complete order, its BYO values, or the pending BYO. */
function orderState(
  order: SignupOrder | undefined,
): Pick<SignupState, 'order' | 'buildYourOwn' | 'pendingBuildYourOwnPackageId'> {
  if (!order || order.packageId === null) {
    return { order: null, buildYourOwn: null, pendingBuildYourOwnPackageId: null };
  }
  if (!order.complete) {
    return { order: null, buildYourOwn: null, pendingBuildYourOwnPackageId: order.packageId };
  }
  const productId = SubscriptionTermSchema.safeParse(order.productId).data ?? null;
  const services = BUILD_YOUR_OWN_OPTION_CODES.filter((code) => order.services.includes(code));
  return {
    order: { packageId: order.packageId, productId, services },
    buildYourOwn:
      order.buildYourOwn && productId ? buildYourOwnValuesFrom(productId, services) : null,
    pendingBuildYourOwnPackageId: null,
  };
}

/** The billing part of the signup state. */
function billingState(billing: SignupBilling | undefined): SignupState['billing'] {
  if (!billing) return null;
  return {
    address: {
      line1: billing.line1,
      line2: billing.line2,
      city: billing.city,
      region: billing.region,
      postalCode: billing.postalCode,
      country: billing.country,
    },
    timeZone: billing.timeZone,
    referral: billing.referralSelection
      ? { selection: billing.referralSelection, other: billing.referralOther }
      : null,
    consentRequired: isConsentRequired(billing.country),
  };
}

function toSignupState(
  row: SignupRow,
  children: SignupChild[],
  order?: SignupOrder | undefined,
  billing?: SignupBilling | undefined,
): SignupState {
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
    ...orderState(order),
    billing: billingState(billing),
    paid: row.completedAt !== null,
  };
}

/** Signup use cases: create, read and update a Parent A signup before payment. */
export function createSignupService({
  db,
  ttlHours,
  now,
  emailReveals,
  flags,
  metrics,
}: SignupServiceDeps) {
  const expiresFrom = (instant: Date) => new Date(instant.getTime() + ttlHours * HOUR_MS);

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

  /**
   * The signup behind an id and key: 404 unknown, 403 wrong key, 404 expired (in that order).
   * A paid signup does not expire for the calls that read its result (`allowPaid`).
   */
  async function authorise(
    exec: Executor,
    signupId: string,
    registrationKey: string | undefined,
    options: { forUpdate: boolean; allowPaid?: boolean },
  ): Promise<SignupRow> {
    if (!isUuid(signupId)) throw new AppError('SIGNUP_NOT_FOUND');
    const row = options.forUpdate
      ? await findSignupByIdForUpdate(exec, signupId)
      : await findSignupById(exec, signupId);
    return assertAccess(row, registrationKey, options);
  }

  /** 404 unknown, 403 wrong key, 404 expired (in that order), for a signup already read. */
  function assertAccess(
    row: SignupRow | undefined,
    registrationKey: string | undefined,
    options: { allowPaid?: boolean },
  ): SignupRow {
    if (!row) throw new AppError('SIGNUP_NOT_FOUND');
    if (!registrationKeyMatches(registrationKey, row.registrationKeyHash)) {
      throw new AppError('REGISTRATION_KEY_INVALID');
    }
    if (options.allowPaid && row.completedAt !== null) return row;
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
   * What the PACKAGE save answers besides its warnings (issue [F8], round trips): the signup as
   * GET reads it after the save, and the price of the saved order for the payment page's first
   * pricing body, so the browser opens /payment without asking for either. No codes: pricing
   * them here would bypass the pricing call's rate limit (codes are guessed there). A body the
   * pricing refuses (a package the phone's country does not sell) answers no price: the payment
   * page then asks and handles the refusal as it always did.
   */
  async function packageSaveAnswer(
    signupId: string,
    registrationKey: string | undefined,
    { locale, quote }: { locale: Locale; quote: QuoteOrder },
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
      return { signup, pricing: await quote(row, order, body, { locale }) };
    } catch (error) {
      if (error instanceof AppError || error instanceof FieldValidationError) {
        return { signup, pricing: null };
      }
      throw error;
    }
  }

  /**
   * The signup behind an id and key, for other modules' calls on it (pricing, coupons, country
   * check): 404 unknown, 403 wrong key, 404 expired. Also answers its order and referrer.
   */
  async function authorize(
    signupId: string,
    registrationKey: string | undefined,
  ): Promise<{ row: SignupRow; order: SignupOrder | undefined }> {
    if (!isUuid(signupId)) throw new AppError('SIGNUP_NOT_FOUND');
    const found = await findSignupWithOrder(db, signupId);
    const row = assertAccess(found?.row, registrationKey, {});
    return { row, order: found?.order };
  }

  /**
   * The signup for the checkout calls (payment, receipt): like `authorize`, but a paid signup
   * is answered even after its expiry (its result can be read again), with its billing.
   */
  async function authorizeForCheckout(
    signupId: string,
    registrationKey: string | undefined,
  ): Promise<{
    row: SignupRow;
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
    return { row, order, billing };
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
      const referrer = await findActiveReferrer(tx, referrerKey);
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
    const row = assertAccess(found?.row, registrationKey, { allowPaid: true });
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

  /** Checks build-your-own option codes against a package's options. */
  function assertOptions(
    pkg: CatalogPackage,
    services: readonly string[],
    field: string,
    locale: Locale,
  ): void {
    const offered = new Set(pkg.options.map((o) => o.code));
    if (!services.every((code) => offered.has(code as (typeof pkg.options)[number]['code']))) {
      throw fieldError(field, 'pricing_services_error', locale);
    }
  }

  /**
   * Saves the package choice (step 3 and /alacarte). A package other than build-your-own
   * completes step 3; a build-your-own package without its values is recorded as pending and
   * sets lastCompletedStep to 2 (the browser goes to /alacarte); its values complete step 3,
   * switching to the package of the chosen term (BYO1 ↔ BYO2). A confirmed duplicate Parent A
   * may only choose P0 packages (409 DUPLICATE_PARENT: the browser goes to /duplicate).
   */
  async function savePackage(
    tx: Executor,
    row: SignupRow,
    input: UpdatePackageSectionRequest,
    locale: Locale,
  ): Promise<SectionSaved> {
    const catalog = await readCatalog(tx);
    const pkg = findPackage(catalog, input.order.packageId);
    if (!pkg) throw fieldError('order.packageId', 'pricing_package_error', locale);
    if (row.parentDuplicateConfirmed && pkg.pricingGroup !== 'P0') {
      throw new AppError('DUPLICATE_PARENT');
    }
    const term = termForYears(pkg.subDurationInYears);
    // The arm the browser showed the options in, decided again here from the signup's context.
    const inTreatment = async () =>
      isTreatment(
        await experimentArm(
          flags,
          EXPERIMENTS.showPriceInBuildYourOwn,
          signupFlagContext(row, locale, await findSignupBillingCountry(tx, row.id)),
        ),
      );
    const { order, buildYourOwn } = input;
    const canonical = (codes: readonly string[]) =>
      BUILD_YOUR_OWN_OPTION_CODES.filter((code) => codes.includes(code));

    let choice: SignupOrderChoice;
    if (!pkg.buildYourOwn) {
      if (buildYourOwn) throw fieldError('buildYourOwn', 'pricing_services_error', locale);
      if ((order.services ?? []).length > 0) {
        throw fieldError('order.services', 'pricing_services_error', locale);
      }
      if (order.productId !== undefined && order.productId !== term) {
        throw fieldError('order.productId', 'pricing_subscription_error', locale);
      }
      choice = {
        packageId: pkg.id,
        productId: term,
        services: [],
        complete: true,
        freeOptionsTreatment: false,
      };
    } else if (buildYourOwn) {
      const target = termSibling(catalog, pkg, subscriptionYears(buildYourOwn.subscription));
      if (!target)
        throw fieldError('buildYourOwn.subscription', 'pricing_subscription_error', locale);
      const services = buildYourOwnServices(buildYourOwn);
      assertOptions(target, services, 'buildYourOwn', locale);
      choice = {
        packageId: target.id,
        productId: buildYourOwn.subscription,
        services,
        complete: true,
        freeOptionsTreatment: await inTreatment(),
      };
    } else if (order.productId !== undefined && order.services !== undefined) {
      if (order.productId !== term) {
        throw fieldError('order.productId', 'pricing_subscription_error', locale);
      }
      assertOptions(pkg, order.services, 'order.services', locale);
      choice = {
        packageId: pkg.id,
        productId: term,
        services: canonical(order.services),
        complete: true,
        freeOptionsTreatment: await inTreatment(),
      };
    } else {
      choice = {
        packageId: pkg.id,
        productId: null,
        services: [],
        complete: false,
        freeOptionsTreatment: false,
      };
    }

    const instant = now();
    await saveSignupOrder(tx, row.id, choice, instant);
    const lastCompletedStep = lastCompletedStepAfterPackage(row.lastCompletedStep, {
      complete: choice.complete,
    });
    await updateSignup(tx, row.id, {
      lastCompletedStep,
      locale,
      updatedAt: instant,
      expiresAt: expiresFrom(instant),
    });
    return { warnings: [], lastCompletedStep };
  }

  /**
   * The payment page's billing save (sections PARENT + ADDRESS [+ REFERRAL], spec 001 §7
   * "Billing registration save"). Names and email are read-only: when sent they must be the
   * saved ones. The phone may be corrected. Answers whether consent is required (not US).
   */
  async function saveBilling(
    tx: Executor,
    row: SignupRow,
    input: UpdateBillingSectionRequest,
    locale: Locale,
  ): Promise<{ validationErrors: ValidationError[]; consentRequired: boolean }> {
    const { parent, address } = input;
    const readOnly: ValidationError[] = [];
    const text = translateMessage('billing_readOnly_error', locale);
    if (parent.firstName !== undefined && cleanName(parent.firstName) !== row.parentFirstName) {
      readOnly.push({ field: 'parent.firstName', text, type: 'ERROR' });
    }
    if (parent.lastName !== undefined && cleanName(parent.lastName) !== row.parentLastName) {
      readOnly.push({ field: 'parent.lastName', text, type: 'ERROR' });
    }
    if (parent.email !== undefined && !sameEmail(parent.email, row.parentEmail)) {
      readOnly.push({ field: 'parent.email', text, type: 'ERROR' });
    }
    if (readOnly.length > 0) throw new FieldValidationError(readOnly);

    const instant = now();
    await saveSignupBilling(
      tx,
      row.id,
      {
        line1: address.line1,
        line2: address.line2 === '' ? null : address.line2,
        city: address.city,
        region: address.region,
        postalCode: normalisePostalCode(address.postalCode, address.country),
        country: address.country,
        timeZone: parent.timeZone,
        referral: input.referral
          ? {
              selection: input.referral.selection,
              other: input.referral.other === '' ? null : (input.referral.other ?? null),
            }
          : undefined,
      },
      instant,
    );
    const phone =
      parent.phoneCountryCode !== undefined && parent.phoneNumber !== undefined
        ? { parentPhoneCountryCode: parent.phoneCountryCode, parentPhoneNumber: parent.phoneNumber }
        : {};
    await updateSignup(tx, row.id, {
      ...phone,
      ...(input.parentDuplicateConfirmed === true ? { parentDuplicateConfirmed: true } : {}),
      ...(input.segmentAnonymousId ? { segmentAnonymousId: input.segmentAnonymousId } : {}),
      locale,
      updatedAt: instant,
      expiresAt: expiresFrom(instant),
    });
    return { validationErrors: [], consentRequired: isConsentRequired(address.country) };
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

  return { create, get, update, packageSaveAnswer, authorize, authorizeForCheckout };
}
