import {
  type InviteStep,
  isConsentRequired,
  type Locale,
  nextInviteStep,
  securityTextKey,
  type UpdateInvitedUserRequest,
  type UpdateInvitedUserResponse,
} from '@coparent/domain';
import type { Db } from '../../db/client.js';
import { storedAddress } from '../../db/stored-address.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, fieldError } from '../../errors.js';
import { assertPostalCodeOfRegion } from '../../http/postal-region.js';
import { hashSecret } from '../../security/hash.js';
import {
  hasCredentials,
  updateUser,
  upsertUserAddress,
  userExistsWithEmail,
} from '../account/repo.js';
import { findPackage } from '../pricing/catalog.js';
import type { PricingService } from '../pricing/service.js';
import type { InviteAuth } from './deps.js';
import { upsertInviteProgress, upsertParentProfile } from './repo.js';
import { progressStep, readInviteState } from './state.js';

type Ctx = { locale: Locale };

/** The order the invited flow keeps with its progress. */
type SavedProgressOrder = { packageId: number; productId: string | null; services: string[] };

/** The invited parent's own saves: their details and answers, terms, and marketing consent. */
export function createInvitedUserUpdates(deps: {
  db: Db;
  now: () => Date;
  pricing: Pick<PricingService, 'catalogNow'>;
}) {
  const { db, now } = deps;
  const state = (auth: InviteAuth) => readInviteState(db, auth, now());

  /** Where the sections sent move the flow: the order chosen, the step and the next page. */
  async function progressAfter(
    body: UpdateInvitedUserRequest,
    s: Awaited<ReturnType<typeof state>>,
    locale: Locale,
  ): Promise<{ step: InviteStep; nextPath: string | null; order?: SavedProgressOrder }> {
    const has = (section: UpdateInvitedUserRequest['sections'][number]) =>
      body.sections.includes(section);
    let step = progressStep(s.progress?.lastCompletedStep);
    let nextPath: string | null = null;
    let order: SavedProgressOrder | undefined;
    if (has('PACKAGE') && s.pro) throw new AppError('INVITE_COVERED_BY_PROFESSIONAL');
    if (has('PACKAGE') && body.order) {
      const catalog = await deps.pricing.catalogNow(db);
      const pkg = findPackage(catalog, body.order.packageId);
      if (!pkg) throw fieldError('order.packageId', 'pricing_package_error', locale);
      order = {
        packageId: pkg.id,
        productId: body.order.productId ?? null,
        services: [...(body.order.services ?? [])],
      };
      const next =
        pkg.buildYourOwn && body.order.productId !== undefined
          ? nextInviteStep({ kind: 'CHOOSE_YOUR_OWN_SUBMITTED' })
          : nextInviteStep({ kind: 'PACKAGE_CHOSEN', buildYourOwn: pkg.buildYourOwn });
      step = next.step;
      nextPath = next.path;
    }
    if (has('PARENT') && !has('ADDRESS')) {
      const next = nextInviteStep({
        kind: 'STEP1_SUBMITTED',
        isSubscriptionCurrent: s.subscription !== undefined,
        billingAddressComplete: s.billingAddressComplete,
        userCreatedByPro: s.pro !== undefined,
      });
      step = next.step;
      nextPath = next.path;
    }
    return { step, nextPath, ...(order ? { order } : {}) };
  }

  /**
   * PATCH /v2/users/{userId}: saves the sections sent, in one transaction, and moves the invited
   * flow's progress with `nextInviteStep`. Secrets are hashed with argon2id before the
   * transaction (the answer in its comparison form, like the professional's).
   */
  async function update(
    auth: InviteAuth,
    body: UpdateInvitedUserRequest,
    { locale }: Ctx,
  ): Promise<UpdateInvitedUserResponse> {
    const has = (section: UpdateInvitedUserRequest['sections'][number]) =>
      body.sections.includes(section);
    const user = auth.user;
    const parent = body.parent ?? {};
    if (parent.userId !== undefined && parent.userId !== user.id) {
      throw new AppError('INVITE_USER_MISMATCH');
    }
    const email = has('PARENT') ? parent.email : undefined;
    if (
      email !== undefined &&
      email.trim().toLowerCase() !== (user.email ?? '').trim().toLowerCase() &&
      (await userExistsWithEmail(db, email))
    ) {
      throw fieldError('parent.email', 'signup_emailTaken_error', locale);
    }
    const s = await state(auth);
    const { step, nextPath, order } = await progressAfter(body, s, locale);
    const answerHash =
      has('SECURITY_QUESTION') && body.securityAnswer
        ? await hashSecret(securityTextKey(body.securityAnswer))
        : undefined;
    const codeHash =
      has('SECURITY_CODE') && body.securityCode ? await hashSecret(body.securityCode) : undefined;

    const { address } = body;
    const newAddress =
      has('ADDRESS') && address?.line1 && address.city && address.country
        ? storedAddress({
            ...address,
            line1: address.line1,
            city: address.city,
            country: address.country,
          })
        : undefined;
    if (newAddress) assertPostalCodeOfRegion(newAddress, locale);

    const instant = now();
    try {
      await db.transaction(async (tx) => {
        // Credentials set since the token check: the address where a password reset goes may
        // then change only in the account area, with the password.
        if (email !== undefined && (await hasCredentials(tx, user.id))) {
          throw new AppError('INVITE_INVALID');
        }
        if (has('PARENT') || has('ADDRESS')) {
          await updateUser(tx, user.id, {
            ...(parent.firstName !== undefined ? { firstName: parent.firstName } : {}),
            ...(parent.lastName !== undefined ? { lastName: parent.lastName } : {}),
            ...(email !== undefined ? { email } : {}),
            ...(parent.phoneCountryCode !== undefined && parent.phoneNumber !== undefined
              ? { phoneCountryCode: parent.phoneCountryCode, phoneNumber: parent.phoneNumber }
              : {}),
            ...(parent.timeZone !== undefined ? { timeZone: parent.timeZone } : {}),
          });
        }
        if (newAddress) {
          await upsertUserAddress(tx, { userId: user.id, type: 'PRIMARY', ...newAddress }, instant);
        }
        const profile: Parameters<typeof upsertParentProfile>[2] = {};
        if (has('REFERRAL') && body.referral) {
          profile.referralSelection = body.referral.selection;
          profile.referralOther = body.referral.other || null;
        }
        if (answerHash && body.securityQuestion) {
          profile.securityQuestion = body.securityQuestion;
          profile.securityAnswerHash = answerHash;
        }
        if (codeHash) profile.securityCodeHash = codeHash;
        if (Object.keys(profile).length > 0) {
          await upsertParentProfile(tx, user.id, profile, instant);
        }
        if (order || nextPath) {
          await upsertInviteProgress(
            tx,
            user.id,
            { lastCompletedStep: step, ...(order ?? {}) },
            instant,
          );
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw fieldError('parent.email', 'signup_emailTaken_error', locale);
      }
      throw error;
    }
    const country = has('ADDRESS') ? body.address?.country : s.address?.country;
    return {
      validationErrors: [],
      lastCompletedStep: step,
      nextPath,
      consentRequired: isConsentRequired(country),
    };
  }

  /** POST /v2/users/{userId}/terms: terms agreed (kept at the first agreement). */
  async function agreeToTerms(auth: InviteAuth): Promise<{ agreedToTerms: true }> {
    if (auth.user.termsAcceptedAt === null) {
      await updateUser(db, auth.user.id, { termsAcceptedAt: now() });
    }
    return { agreedToTerms: true };
  }

  /** PUT /v2/users/{userId}/marketing-opt-in. */
  async function setMarketingOptIn(
    auth: InviteAuth,
    optIn: boolean,
  ): Promise<{ marketingOptIn: boolean }> {
    await updateUser(db, auth.user.id, { marketingOptIn: optIn });
    return { marketingOptIn: optIn };
  }

  return { update, agreeToTerms, setMarketingOptIn };
}
