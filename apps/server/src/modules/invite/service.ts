import {
  type CountryCheckRequest,
  INVITE_COMPLETED_MEMBER,
  type InviteCredentialsTokenResponse,
  type InvitedContext,
  type InvitedPaymentRequest,
  type InvitedUser,
  type InvitePricingRequest,
  isConsentRequired,
  type Locale,
  mayGetInviteCredentials,
  type PaymentResponse,
  type PricingLookupResponse,
  type PricingResponse,
} from '@coparent/domain';
import type { FamilyMemberRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { hashToken } from '../../security/tokens.js';
import { findUserAddress, findUserById, hasCredentials } from '../account/repo.js';
import { issueCredentialsToken } from '../accounts/credentials-token.js';
import { familyMembers } from '../accounts/families.js';
import { createInvitedParent } from '../accounts/provision.js';
import { pricedAddress } from '../checkout/attempt.js';
import type { InviteAuth, InviteServiceDeps } from './deps.js';
import { createNewLinkRequests } from './new-link.js';
import { findInviteByTokenHash, linkInviteUser } from './repo.js';
import { progressStep, readInviteState, savedOrder } from './state.js';
import { createInvitedUserUpdates } from './update.js';

export type { InviteAuth, InviteServiceDeps } from './deps.js';

export type InviteService = ReturnType<typeof createInviteService>;

type Ctx = { locale: Locale };

/**
 * The invited co-parent's use cases: the token, the invited context, the parent's updates and
 * progress (update.ts), terms and marketing, pricing, the payment (through the checkout), the
 * credentials token, and a new link (new-link.ts).
 */
export function createInviteService(deps: InviteServiceDeps) {
  const { db, pricing, checkout, now, settings } = deps;
  const state = (auth: InviteAuth) => readInviteState(db, auth, now());
  const updates = createInvitedUserUpdates(deps);
  const newLinks = createNewLinkRequests(deps);

  // ── The token ────────────────────────────────────────────────────────────────────────────────

  /**
   * The invite and user of a live token; 403 INVITE_INVALID for a missing, unknown, expired or
   * replaced one, and for any token of a user who has credentials: the invite's job is done, and
   * a link lying in a mailbox or a log must not reach the account (its email, its password
   * recovery). With `sayCompleted` (the token check) that last refusal carries
   * `inviteCompleted: true`, so the browser can say "You're all set" instead of offering a new
   * link. An invite without a user (a co-parent known by phone, from before users were created
   * for them) gets an INVITED user without an email here.
   */
  async function authenticate(
    token: string | undefined,
    { sayCompleted = false }: { sayCompleted?: boolean } = {},
  ): Promise<InviteAuth> {
    if (!token) throw new AppError('INVITE_INVALID');
    const invite = await findInviteByTokenHash(db, hashToken(token));
    if (!invite) throw new AppError('INVITE_INVALID');
    if (invite.userId && (await hasCredentials(db, invite.userId))) {
      throw completedInvite(sayCompleted);
    }
    if (invite.revokedAt !== null || invite.expiresAt.getTime() <= now().getTime()) {
      throw new AppError('INVITE_INVALID');
    }
    if (invite.userId) {
      const user = await findUserById(db, invite.userId);
      if (!user) throw new AppError('INVITE_INVALID');
      return { invite, user };
    }
    const member = (await familyMembers(db, invite.familyId)).find(
      (m) => m.id === invite.familyMemberId,
    );
    if (!member) throw new AppError('INVITE_INVALID');
    const user = await db.transaction(async (tx) => {
      const created = await createInvitedParent(tx, {
        email: null,
        firstName: member.firstName,
        lastName: member.lastName,
        phoneCountryCode: member.phoneCountryCode,
        phoneNumber: member.phoneNumber,
      });
      await linkInviteUser(tx, invite, created.id);
      return created;
    });
    return { invite: { ...invite, userId: user.id }, user };
  }

  /** The refusal of a finished invite: exactly an expired token's, unless the check may say so. */
  function completedInvite(sayCompleted: boolean): AppError {
    return new AppError(
      'INVITE_INVALID',
      sayCompleted ? { extras: { [INVITE_COMPLETED_MEMBER]: true } } : undefined,
    );
  }

  /** A user id in a path must be the token's user: 403 INVITE_USER_MISMATCH otherwise. */
  function assertUser(auth: InviteAuth, userId: string): void {
    if (auth.user.id !== userId) throw new AppError('INVITE_USER_MISMATCH');
  }

  /** GET /v2/invites/current: the invited context (never the token). */
  async function context(auth: InviteAuth): Promise<InvitedContext> {
    const s = await state(auth);
    return {
      userId: auth.user.id,
      isSubscriptionCurrent: s.subscription !== undefined,
      billingAddressComplete: s.billingAddressComplete,
      requireCredentials: !s.credentials,
      familyMembers: s.members.map((m: FamilyMemberRow) => ({
        userId: m.userId,
        firstName: m.firstName,
        lastName: m.lastName,
        color: m.color as InvitedContext['familyMembers'][number]['color'],
        displayInitials: m.displayInitials,
      })),
      userCreatedByPro: s.pro !== undefined,
      pro: s.pro ? { firstName: s.pro.firstName, lastName: s.pro.lastName } : null,
      coparentPackageId: s.subscription?.packageId ?? null,
      availableCoupons: await pricing.availableCouponCodes(),
      agreedToTerms: auth.user.termsAcceptedAt !== null,
      address: { country: s.address?.country ?? null },
      lastCompletedStep: progressStep(s.progress?.lastCompletedStep),
      locale: auth.user.locale,
      expiresAt: auth.invite.expiresAt.toISOString(),
    };
  }

  /** GET /v2/users/{userId}: the invited parent as saved (no secrets). */
  async function getUser(auth: InviteAuth): Promise<InvitedUser> {
    const user = (await findUserById(db, auth.user.id)) ?? auth.user;
    const s = await state({ ...auth, user });
    return {
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phoneCountryCode: user.phoneCountryCode,
      phoneNumber: user.phoneNumber,
      timeZone: user.timeZone,
      agreedToTerms: user.termsAcceptedAt !== null,
      marketingOptIn: user.marketingOptIn,
      address: {
        line1: s.address?.line1 ?? null,
        line2: s.address?.line2 ?? null,
        city: s.address?.city ?? null,
        region: s.address?.region ?? null,
        postalCode: s.address?.postalCode ?? null,
        country: s.address?.country ?? null,
        type: 'PRIMARY',
      },
      referral: s.profile?.referralSelection
        ? { selection: s.profile.referralSelection, other: s.profile.referralOther }
        : null,
      securityQuestion: s.profile?.securityQuestion ?? null,
      hasSecurityAnswer: Boolean(s.profile?.securityAnswerHash),
      hasSecurityCode: Boolean(s.profile?.securityCodeHash),
      order: savedOrder(s.progress),
      lastCompletedStep: progressStep(s.progress?.lastCompletedStep),
      consentRequired: isConsentRequired(s.address?.country),
    };
  }

  // ── Pricing and payment ──────────────────────────────────────────────────────────────────────

  /** POST /v2/users/{userId}/pricing: the pricing service's answer for the invited user. */
  async function price(
    auth: InviteAuth,
    body: InvitePricingRequest,
    ctx: Ctx,
  ): Promise<PricingResponse> {
    if (body.userId !== undefined && body.userId !== auth.user.id) {
      throw new AppError('INVITE_USER_MISMATCH');
    }
    const address = await findUserAddress(db, auth.user.id);
    return pricing.quoteFor(
      {
        id: auth.user.id,
        parentPhoneCountryCode: auth.user.phoneCountryCode,
        parentPhoneNumber: auth.user.phoneNumber,
      },
      {
        address: address ? pricedAddress(address) : undefined,
        limboId: undefined,
        orderDetail: body.orderDetail,
        payForCoparent: false,
        paymentCodes: body.subscriptionCodes,
        promoCodes: body.promoCodes,
        phoneCountryCode: undefined,
        phoneNumber: undefined,
      },
      ctx,
    );
  }

  /** POST /v2/users/{userId}/country-check. */
  function countryCheck(
    _auth: InviteAuth,
    body: CountryCheckRequest,
    ctx: Ctx,
  ): Promise<PricingLookupResponse> {
    return pricing.checkCountry(body, ctx);
  }

  /** POST /v2/users/{userId}/payment: the checkout's exactly-once payment, as the invited user. */
  async function pay(
    auth: InviteAuth,
    idempotencyKey: string,
    body: InvitedPaymentRequest,
    ctx: Ctx,
  ): Promise<PaymentResponse> {
    const user = (await findUserById(db, auth.user.id)) ?? auth.user;
    // Nothing is charged to a professional's family: their practice covers it.
    if (user.createdByProfessionalId) throw new AppError('INVITE_COVERED_BY_PROFESSIONAL');
    const s = await state({ ...auth, user });
    const inviter = auth.invite.invitedByUserId
      ? await findUserById(db, auth.invite.invitedByUserId)
      : undefined;
    return checkout.payInvited(
      {
        user,
        familyId: auth.invite.familyId,
        familyMemberId: auth.invite.familyMemberId,
        inviter: inviter
          ? {
              email: inviter.email,
              phoneCountryCode: inviter.phoneCountryCode,
              phoneNumber: inviter.phoneNumber,
            }
          : null,
        billing:
          s.address && user.timeZone
            ? {
                line1: s.address.line1,
                line2: s.address.line2,
                city: s.address.city,
                region: s.address.region,
                postalCode: s.address.postalCode,
                country: s.address.country,
                timeZone: user.timeZone,
              }
            : null,
        isSubscriptionCurrent: s.subscription !== undefined,
        agreedToTerms: user.termsAcceptedAt !== null,
      },
      idempotencyKey,
      body,
      ctx,
    );
  }

  // ── Credentials ──────────────────────────────────────────────────────────────────────────────

  /**
   * POST /v2/users/{userId}/credentials-token: a single-use credentials token (the payment
   * answer's `clickToJoinToken`) for POST /v2/credentials, for an invited user who did not pay in
   * this flow (Parent A paid, or a professional's family). Only the newest works; 409
   * CREDENTIALS_ALREADY_SET once the user has a username; 409 SECTION_OUT_OF_ORDER before the
   * steps the browser's `mayGetInviteCredentials` asks for (step 1, the payment or the billing).
   */
  async function credentialsToken(auth: InviteAuth): Promise<InviteCredentialsTokenResponse> {
    if (await hasCredentials(db, auth.user.id)) throw new AppError('CREDENTIALS_ALREADY_SET');
    const s = await state(auth);
    const mayGet = mayGetInviteCredentials({
      isSubscriptionCurrent: s.subscription !== undefined,
      billingAddressComplete: s.billingAddressComplete,
      userCreatedByPro: s.pro !== undefined,
      lastCompletedStep: progressStep(s.progress?.lastCompletedStep),
    });
    if (!mayGet) throw new AppError('SECTION_OUT_OF_ORDER');
    const { token, expiresAt } = await issueCredentialsToken(db, auth.user.id, {
      now: now(),
      lifetimeMs: settings.credentialsTokenTtlMinutes * 60_000,
    });
    return { clickToJoinToken: token, expiresAt: expiresAt.toISOString() };
  }

  return {
    authenticate,
    assertUser,
    context,
    getUser,
    ...updates,
    price,
    countryCheck,
    pay,
    credentialsToken,
    ...newLinks,
  };
}
