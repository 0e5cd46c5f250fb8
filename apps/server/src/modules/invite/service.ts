import {
  type CountryCheckRequest,
  INVITE_COMPLETED_MEMBER,
  type InviteCredentialsTokenResponse,
  type InvitedContext,
  type InvitedPaymentRequest,
  type InvitedUser,
  type InvitePricingRequest,
  type InviteStep,
  isConsentRequired,
  type Locale,
  mayGetInviteCredentials,
  nextInviteStep,
  normalisePostalCode,
  type PaymentResponse,
  type PricingLookupResponse,
  type PricingResponse,
  resolveLocale,
  type SavedOrder,
  SubscriptionTermSchema,
  securityTextKey,
  supportPhoneFor,
  type UpdateInvitedUserRequest,
  type UpdateInvitedUserResponse,
} from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { Db, Executor } from '../../db/client.js';
import type { FamilyMemberRow, InviteRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, fieldError } from '../../errors.js';
import { hashSecret } from '../../security/hash.js';
import { hashToken } from '../../security/tokens.js';
import {
  findUserAddress,
  findUserById,
  hasCredentials,
  updateUser,
  upsertUserAddress,
  userExistsWithEmail,
} from '../account/repo.js';
import { issueCredentialsToken } from '../accounts/credentials-token.js';
import { createInvitedParent, inviteToFamily } from '../accounts/provision.js';
import type { CheckoutService } from '../checkout/service.js';
import { inviteNewLinkEmail } from '../email/templates/invite-new-link.js';
import type { Metrics } from '../metrics/metrics.js';
import { findPackage } from '../pricing/catalog.js';
import { readCatalog } from '../pricing/repo.js';
import type { PricingService } from '../pricing/service.js';
import {
  countInvitesSince,
  findCurrentSubscription,
  findFamilyMembers,
  findInviteByTokenHash,
  findInviteProgress,
  findParentProfile,
  linkInviteUser,
  revokeMemberInvites,
  upsertInviteProgress,
  upsertParentProfile,
} from './repo.js';

export type InviteServiceDeps = {
  db: Db;
  pricing: Pick<PricingService, 'quoteFor' | 'checkCountry' | 'availableCouponCodes'>;
  checkout: Pick<CheckoutService, 'payInvited'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  publicUrl: string;
  settings: {
    inviteTtlDays: number;
    credentialsTokenTtlMinutes: number;
    /** New links per invited person per hour (POST /v2/invites/request). */
    requestsPerHour: number;
    /** Seconds between two new links for one person. */
    requestIntervalSeconds: number;
  };
  metrics: Pick<Metrics, 'rateLimitRefused'>;
};

export type InviteService = ReturnType<typeof createInviteService>;

/** What an invite token resolves to: its invite and its user (checked on every invited call). */
export type InviteAuth = { invite: InviteRow; user: UserRow };

type Ctx = { locale: Locale };

/**
 * The invited co-parent's use cases (docs/f1-contract.md, "Invite"): the token, the invited
 * context, the parent's updates and progress, terms and marketing, pricing, the payment (through
 * the checkout's exactly-once machinery), the credentials token, and a new link.
 */
export function createInviteService(deps: InviteServiceDeps) {
  const { db, pricing, checkout, mailer, log, now, publicUrl, settings, metrics } = deps;

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
    const member = (await findFamilyMembers(db, invite.familyId)).find(
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

  // ── Reading ──────────────────────────────────────────────────────────────────────────────────

  async function state(auth: InviteAuth) {
    const { user, invite } = auth;
    const instant = now();
    const members = await findFamilyMembers(db, invite.familyId);
    const subscription = await findCurrentSubscription(db, invite.familyMemberId, instant);
    const address = await findUserAddress(db, user.id);
    const progress = await findInviteProgress(db, user.id);
    const profile = await findParentProfile(db, user.id);
    const credentials = await hasCredentials(db, user.id);
    const pro = user.createdByProfessionalId
      ? await findUserById(db, user.createdByProfessionalId)
      : undefined;
    const billingAddressComplete = Boolean(
      address?.line1 && address.city && address.country && user.timeZone,
    );
    return {
      members,
      subscription,
      address,
      progress,
      profile,
      credentials,
      pro,
      billingAddressComplete,
    };
  }

  function progressStep(value: number | undefined): InviteStep {
    return (Math.min(Math.max(value ?? 0, 0), 2) as InviteStep) ?? 0;
  }

  function savedOrder(progress: Awaited<ReturnType<typeof findInviteProgress>>): SavedOrder | null {
    if (!progress?.packageId) return null;
    return {
      packageId: progress.packageId,
      productId: SubscriptionTermSchema.safeParse(progress.productId).data ?? null,
      services: progress.services.filter((code): code is SavedOrder['services'][number] =>
        ['MYFILES', 'TONEMETER', 'UNLIMITEDPAYMENTS', 'CALLSBASIC'].includes(code),
      ),
    };
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

  // ── Updating ─────────────────────────────────────────────────────────────────────────────────

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
    let step = progressStep(s.progress?.lastCompletedStep);
    let nextPath: string | null = null;
    let order: { packageId: number; productId: string | null; services: string[] } | undefined;
    if (has('PACKAGE') && s.pro) throw new AppError('INVITE_COVERED_BY_PROFESSIONAL');
    if (has('PACKAGE') && body.order) {
      const catalog = await readCatalog(db);
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
    const answerHash =
      has('SECURITY_QUESTION') && body.securityAnswer
        ? await hashSecret(securityTextKey(body.securityAnswer))
        : undefined;
    const codeHash =
      has('SECURITY_CODE') && body.securityCode ? await hashSecret(body.securityCode) : undefined;

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
        if (has('ADDRESS') && body.address?.line1 && body.address.city && body.address.country) {
          await upsertUserAddress(
            tx,
            {
              userId: user.id,
              type: 'PRIMARY',
              line1: body.address.line1,
              line2: body.address.line2 === '' ? null : body.address.line2,
              city: body.address.city,
              region: body.address.region,
              postalCode: normalisePostalCode(body.address.postalCode, body.address.country),
              country: body.address.country,
            },
            instant,
          );
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
        address: address
          ? {
              line1: address.line1,
              line2: address.line2 ?? undefined,
              city: address.city,
              region: address.region || undefined,
              postalCode: address.postalCode || undefined,
              country: address.country,
              type: undefined,
            }
          : undefined,
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

  // ── A new link ───────────────────────────────────────────────────────────────────────────────

  /**
   * POST /v2/invites/request: any token that was ever issued (live, expired or replaced) asks for
   * a new link, emailed to the invited user in their language; every earlier link stops working.
   * 404 INVITE_REQUEST_FAILED for an unknown token, a user without an email or one who has
   * finished (has credentials); 429 RATE_LIMITED beyond the per-person limits.
   */
  async function requestNewLink(token: string | undefined): Promise<{ requested: true }> {
    if (!token) throw new AppError('INVITE_REQUEST_FAILED');
    const old = await findInviteByTokenHash(db, hashToken(token));
    if (!old?.userId) throw new AppError('INVITE_REQUEST_FAILED');
    const user = await findUserById(db, old.userId);
    if (!user?.email) throw new AppError('INVITE_REQUEST_FAILED');
    // Finished: no new link, and (as the token check) the page may say "You're all set".
    if (await hasCredentials(db, user.id)) {
      throw new AppError('INVITE_REQUEST_FAILED', { extras: { [INVITE_COMPLETED_MEMBER]: true } });
    }
    const instant = now();
    const recent = await countInvitesSince(
      db,
      old.familyMemberId,
      new Date(instant.getTime() - settings.requestIntervalSeconds * 1000),
    );
    const lastHour = await countInvitesSince(
      db,
      old.familyMemberId,
      new Date(instant.getTime() - 3_600_000),
    );
    if (recent > 0 || lastHour >= settings.requestsPerHour) {
      metrics.rateLimitRefused('invite_request');
      throw new AppError('RATE_LIMITED');
    }

    const locale = resolveLocale(user.locale);
    const address = await findUserAddress(db, user.id);
    const email = user.email;
    let queued: QueuedMail | undefined;
    await db.transaction(async (tx: Executor) => {
      const invite = await inviteToFamily(
        tx,
        {
          familyId: old.familyId,
          familyMemberId: old.familyMemberId,
          userId: user.id,
          invitedByUserId: old.invitedByUserId,
          email,
        },
        { publicUrl, inviteTtlDays: settings.inviteTtlDays },
        instant,
      );
      await revokeMemberInvites(tx, old.familyMemberId, invite.inviteId, instant);
      const mail = inviteNewLinkEmail({
        locale,
        firstName: user.firstName,
        inviteUrl: invite.url,
        expiresInDays: settings.inviteTtlDays,
        supportPhone: supportPhoneFor(address?.country).display,
      });
      const secretsExpireAt = invite.expiresAt;
      queued = await mailer.send({ to: email, locale, ...mail, secretsExpireAt }, tx);
    });
    log.info({ userId: user.id }, 'a new invite link was sent');
    void queued?.deliver();
    return { requested: true };
  }

  return {
    authenticate,
    assertUser,
    context,
    getUser,
    update,
    agreeToTerms,
    setMarketingOptIn,
    price,
    countryCheck,
    pay,
    credentialsToken,
    requestNewLink,
  };
}
