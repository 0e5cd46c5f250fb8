import {
  ACCOUNT_ACTIVATE_PATH,
  type CreateProfessionalRequest,
  type CreateProfessionalResponse,
  countryName,
  DEFAULT_PHONE_CODE,
  emailSchema,
  hasRegions,
  type IssueLike,
  isPhoneCodeId,
  type Locale,
  normalisePostalCode,
  PHONE_CODES,
  type ProfessionalUser,
  type ProValidatorStep,
  professionalRolesFor,
  proStepSchema,
  regionName,
  securityTextKey,
  supportPhoneFor,
  TITLE_LABELS,
  type Title,
  timeZoneName,
  translateMessage,
  type ValidationError,
  zodIssuesToValidationErrors,
} from '@coparent/domain';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Db, Executor } from '../../db/client.js';
import type { ProfessionalProfileRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, FieldValidationError } from '../../errors.js';
import type { EmailRevealGuard } from '../../security/email-reveal-limit.js';
import { hashSecret } from '../../security/hash.js';
import { userExistsWithEmail } from '../account/repo.js';
import { issueCredentialsToken } from '../accounts/credentials-token.js';
import { createProfessionalUser } from '../accounts/provision.js';
import { professionalWelcomeEmail } from '../email/templates/professional-welcome.js';
import { findProfessionalProfile, insertProfessionalProfile } from './repo.js';

export type ProfessionalServiceDeps = {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: the welcome email's login link starts with it. */
  publicUrl: string;
  /** The browser-test hook (practice name `FAIL ON CREATE`); never on in production. */
  allowTestHooks: boolean;
  /** How long the welcome email's activation (credentials) link works (PRO_ACTIVATION_TTL_HOURS). */
  activationTtlHours: number;
  /** Counts the "email taken" answers per email (429 beyond the limit) and notifies the owner. */
  emailReveals: EmailRevealGuard;
  now?: () => Date;
};

export type RequestContext = { locale: Locale };

export type ProfessionalService = ReturnType<typeof createProfessionalService>;

/**
 * Test hooks for the browser suite (never in production): a practice name of exactly
 * `FAIL ON CREATE` makes every create answer 503 PROFESSIONAL_CREATE_FAILED;
 * `FAIL ONCE ON CREATE` fails only the first attempt for an email (per server instance), so
 * "Try again" then succeeds. Nothing is saved by a failed attempt.
 */
export const FAIL_ON_CREATE = 'FAIL ON CREATE';
export const FAIL_ONCE_ON_CREATE = 'FAIL ONCE ON CREATE';

/** The login page of the account area, linked from the welcome email. */
export const LOGIN_PATH = '/app/account/login';

/**
 * Every professional field is top level, so an issue inside a value (`roles.0`) belongs to its
 * field (`roles`): the form shows one message beside each field.
 */
function toValidationErrors(issues: readonly IssueLike[], locale: Locale): ValidationError[] {
  const topLevel = issues.map((issue) => ({ ...issue, path: issue.path.slice(0, 1) }));
  return zodIssuesToValidationErrors(topLevel, locale);
}

function emailTakenError(locale: Locale): ValidationError {
  return {
    field: 'email',
    text: translateMessage('signup_emailTaken_error', locale),
    type: 'ERROR',
  };
}

const emptyToNull = (value: string | undefined | null): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;

function toProfessionalUser(
  user: UserRow,
  profile: ProfessionalProfileRow,
  locale: Locale,
): ProfessionalUser {
  // Always set for professionals (step 1 requires it); the default only satisfies the types.
  const phoneCode = isPhoneCodeId(user.phoneCountryCode)
    ? user.phoneCountryCode
    : DEFAULT_PHONE_CODE;
  const title = profile.title as Title | null;
  const roleNames = new Map<string, { id: string; name: string }>(
    professionalRolesFor(profile.country, locale).map((role) => [role.id, role]),
  );
  let region: ProfessionalUser['region'] = null;
  if (profile.region !== null) {
    region = {
      id: profile.region,
      name: hasRegions(profile.country)
        ? regionName(profile.country, profile.region, locale)
        : profile.region,
    };
  }
  return {
    userId: user.id,
    name: { firstName: user.firstName, lastName: user.lastName },
    title: title ? { id: title, name: TITLE_LABELS[locale][title] } : null,
    credentials: profile.credentials,
    email: user.email ?? '',
    practiceName: profile.practiceName,
    phone: {
      countryCode: phoneCode,
      dialCode: PHONE_CODES[phoneCode].dialCode,
      number: user.phoneNumber ?? '',
      extension: profile.phoneExtension,
    },
    country: { id: profile.country, name: countryName(profile.country, locale) },
    region,
    timezone: { id: profile.timeZone, name: timeZoneName(profile.timeZone, locale) },
    roles: profile.roles.map((id) => roleNames.get(id) ?? { id, name: id }),
  };
}

/** The country of a professional's practice (where their emails' support phone is), if known. */
export async function practiceCountry(
  db: Executor,
  professionalId: string,
): Promise<string | undefined> {
  return (await findProfessionalProfile(db, professionalId))?.country;
}

/** Professional registration: validate one step, create the professional. */
export function createProfessionalService({
  db,
  mailer,
  publicUrl,
  allowTestHooks,
  activationTtlHours,
  emailReveals,
  now = () => new Date(),
}: ProfessionalServiceDeps) {
  /** Emails whose `FAIL ONCE ON CREATE` attempt has failed already (test hook only). */
  const failedOnce = new Set<string>();

  function testHookFails(practiceName: string, email: string): boolean {
    if (!allowTestHooks) return false;
    if (practiceName === FAIL_ON_CREATE) return true;
    if (practiceName !== FAIL_ONCE_ON_CREATE) return false;
    const key = email.toLowerCase();
    if (failedOnce.has(key)) return false;
    failedOnce.add(key);
    return true;
  }

  /**
   * Checks one step's values with the domain's step schema plus the server's rules (step 1: the
   * email must not belong to an account). Throws FieldValidationError with status 409 listing
   * every failing field; 429 instead when the email's "taken" answers are beyond the per-email
   * limit.
   */
  async function validateStep(
    step: ProValidatorStep,
    values: Record<string, unknown>,
    { locale }: RequestContext,
  ): Promise<{ valid: true }> {
    const parsed = proStepSchema(step).safeParse(values);
    const errors = parsed.success ? [] : toValidationErrors(parsed.error.issues, locale);

    if (step === 1 && !errors.some((e) => e.field === 'email')) {
      const email = emailSchema.safeParse(values.email);
      if (email.success && (await userExistsWithEmail(db, email.data))) {
        await emailReveals.revealed(email.data, 'SIGNUP');
        errors.push(emailTakenError(locale));
      }
    }

    if (errors.length > 0) throw new FieldValidationError(errors, { status: 409 });
    return { valid: true };
  }

  /**
   * Creates the professional: the user (kind PROFESSIONAL), the profile, the activation
   * (credentials) token and the welcome email in the outbox, in one transaction. The security
   * answer (cleaned and case-folded) and code are stored only as argon2id hashes. An email that
   * has an account is 409 `{ validationErrors }` (429 beyond the per-email limit). The SMTP send,
   * when configured, starts after the commit and never fails the registration.
   */
  async function create(
    input: CreateProfessionalRequest,
    { locale }: RequestContext,
  ): Promise<CreateProfessionalResponse> {
    if (await userExistsWithEmail(db, input.email)) {
      await emailReveals.revealed(input.email, 'SIGNUP');
      throw new FieldValidationError([emailTakenError(locale)], { status: 409 });
    }

    const [securityAnswerHash, securityCodeHash] = await Promise.all([
      // The answer is hashed in its comparison form (cleaned, case-folded: `securityTextKey`), so
      // a later check of `securityTextKey(typed)` against this hash is case-insensitive.
      hashSecret(securityTextKey(input.securityAnswer)),
      hashSecret(input.securityCode),
    ]);

    // Only the referral fields of the chosen source are kept.
    const source = input.hearAboutUs;
    const benchOfficer = source === 'BENCH_OFFICER';
    const colleague = source === 'REFERRED_BY_COLLEAGUE';

    let result: { user: UserRow; profile: ProfessionalProfileRow; deliver: () => Promise<void> };
    try {
      result = await db.transaction(async (tx) => {
        const user = await createProfessionalUser(tx, {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phoneCountryCode: input.phoneCountryCode,
          phoneNumber: input.phoneNumber,
        });
        const profile = await insertProfessionalProfile(tx, {
          userId: user.id,
          title: emptyToNull(input.title),
          credentials: emptyToNull(input.credentials),
          phoneExtension: emptyToNull(input.phoneExtension),
          hearAboutUs: source,
          referralBenchOfficerName: benchOfficer
            ? emptyToNull(input.referralBenchOfficerName)
            : null,
          referralBenchOfficerPosition: benchOfficer
            ? emptyToNull(input.referralBenchOfficerPosition)
            : null,
          referralColleagueName: colleague ? emptyToNull(input.referralColleagueName) : null,
          referralColleagueRole: colleague ? emptyToNull(input.referralColleagueRole) : null,
          referralOther: source === 'OTHER' ? emptyToNull(input.referralOther) : null,
          practiceName: input.practiceName,
          addressLine1: input.addressLine1,
          addressLine2: emptyToNull(input.addressLine2),
          country: input.country,
          city: input.city,
          region: emptyToNull(input.region),
          postalCode: emptyToNull(normalisePostalCode(input.postalCode, input.country)),
          timeZone: input.timezone,
          roles: [...input.roles],
          securityQuestion: input.securityQuestion,
          securityAnswerHash,
          securityCodeHash,
          locale,
        });
        // The activation link: a single-use credentials token, so the professional chooses a
        // username and password with the existing credentials calls.
        const { token, expiresAt } = await issueCredentialsToken(tx, user.id, {
          now: now(),
          lifetimeMs: activationTtlHours * 3_600_000,
        });
        const welcome = professionalWelcomeEmail({
          locale,
          firstName: input.firstName,
          lastName: input.lastName,
          loginUrl: `${publicUrl}${LOGIN_PATH}`,
          activateUrl: `${publicUrl}${ACCOUNT_ACTIVATE_PATH}?token=${encodeURIComponent(token)}`,
          activateExpiresInHours: activationTtlHours,
          supportPhone: supportPhoneFor(input.country).display,
        });
        const queued = await mailer.send(
          { to: user.email, locale, ...welcome, secretsExpireAt: expiresAt },
          tx,
        );
        // The browser-test hook fails after the writes, so the rollback is exercised too.
        if (testHookFails(input.practiceName, input.email)) {
          throw new AppError('PROFESSIONAL_CREATE_FAILED');
        }
        return { user, profile, deliver: queued.deliver };
      });
    } catch (error) {
      // Two registrations with one email at the same time: the second loses on the unique index.
      if (isUniqueViolation(error)) {
        await emailReveals.revealed(input.email, 'SIGNUP');
        throw new FieldValidationError([emailTakenError(locale)], { status: 409 });
      }
      throw error;
    }

    // After the commit; never rejects (a failure is recorded on the outbox row and logged).
    void result.deliver();
    return { user: toProfessionalUser(result.user, result.profile, locale) };
  }

  return { validateStep, create };
}
