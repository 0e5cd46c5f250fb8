import {
  type CardFields,
  type ClientTokenResponse,
  cardFieldProblems,
  currencyForCountry,
  DUPLICATE_PARENT_FIELD,
  declineMessageKey,
  displayInitials,
  EXPERIMENTS,
  encodeGaPayload,
  familyMemberColor,
  formatMoney,
  gaPurchasePayload,
  type InvitedPaymentRequest,
  isConsentRequired,
  isCountryId,
  isCurrencyCode,
  isPhoneCodeId,
  isTreatment,
  type Locale,
  moneyLocale,
  normalizeCode,
  PAYMENT_TYPE_RESTRICTIONS,
  type PaymentDeclineReason,
  type PaymentRequest,
  type PaymentResponse,
  type PaymentType,
  PHONE_CODES,
  PRODUCT_NAME,
  type PricingInfo,
  type PricingResponse,
  type Receipt,
  receiptPaymentType,
  type SavedOrder,
  SubscriptionTermSchema,
  supportPhoneFor,
  type TokenizePayload,
  translateMessage,
} from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import {
  type GatewayTransaction,
  isChargedStatus,
  type PaymentGateway,
  PaymentGatewayError,
} from '../../adapters/payment/payment-gateway.js';
import type { SandboxPaymentGateway } from '../../adapters/payment/sandbox.js';
import type { Database, Db, Executor } from '../../db/client.js';
import type { PaymentRow, SignupRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, FieldValidationError, fieldError } from '../../errors.js';
import { generateToken, hashToken } from '../../security/tokens.js';
import {
  findUserByEmail,
  findUserById,
  hasCredentials,
  insertUser,
  insertUserWithoutEmail,
  replaceCredentialsToken,
  updateUser,
  upsertUserAddress,
  userExistsWithEmail,
} from '../account/repo.js';
import { coParentInvitationEmail } from '../email/templates/coparent-invitation.js';
import { receiptEmail } from '../email/templates/receipt.js';
import type { EventsService } from '../events/service.js';
import type { FlagContext } from '../flags/context.js';
import {
  type ExperimentFlags,
  experimentArm,
  invitedFlagContext,
  isRestricted,
  signupFlagContext,
} from '../flags/experiment-arm.js';
import {
  insertFamily,
  insertFamilyMembers,
  insertInvite,
  type NewFamilyMember,
} from '../invite/repo.js';
import type { Metrics, PaymentOutcome } from '../metrics/metrics.js';
import { type Catalog, findPackage } from '../pricing/catalog.js';
import { readCatalog } from '../pricing/repo.js';
import type { PricingService } from '../pricing/service.js';
import {
  findChildren,
  findSignupById,
  findSignupByIdForUpdate,
  type SignupBilling,
  type SignupOrder,
  updateSignup,
} from '../signup/repo.js';
import { duplicateText, type SignupService } from '../signup/service.js';
import { createLateCharges } from './late-charges.js';
import {
  completePayment,
  findActivePayment,
  findPaymentById,
  findPaymentByKeyHash,
  findUnlockedPendingPayments,
  finishPendingPayment,
  holdSubscriptionCodes,
  insertPaidOrder,
  insertPayment,
  insertReceipt,
  isPaymentOf,
  type Payer,
  payerColumns,
  releaseSubscriptionCodes,
  updatePendingPayment,
} from './repo.js';

/** Where the co-parent's invitation link opens. */
export const INVITE_PATH = '/app/join/invite';
/** Where the receipt email's link to set the username and password opens (token in the query). */
export const CREDENTIALS_PATH = '/app/join/credentials';
/** The payment screens of the two flows (where a server-decided exposure happens). */
const PAYMENT_PATH = '/app/join/payment';
const INVITED_PAYMENT_PATH = '/app/join/invite/payment';

/** Test seams (never set in production code): run inside the completing transaction. */
export type CheckoutHooks = {
  /** Called last inside the completing transaction; a throw rolls it back (a simulated crash). */
  beforeCommit?: (paymentId: string) => void | Promise<void>;
};

export type CheckoutServiceDeps = {
  db: Db;
  gateway: PaymentGateway | SandboxPaymentGateway;
  pricing: Pick<PricingService, 'quote' | 'quoteFor'>;
  signups: Pick<SignupService, 'authorizeForCheckout'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  publicUrl: string;
  settings: {
    inviteTtlDays: number;
    credentialsTokenTtlMinutes: number;
    credentialsLinkTtlDays: number;
    paymentLockSeconds: number;
  };
  hooks?: CheckoutHooks | undefined;
  /** Experiments the server decides itself (uk-card-provider). */
  flags: ExperimentFlags;
  /** Where the exposures of those experiments are recorded. */
  exposures: Pick<EventsService, 'recordExposure'>;
  /** Keeps each reconciliation pass to one instance at a time (Database.runAlone); by default it just runs. */
  runAlone?: Database['runAlone'];
  metrics: Pick<Metrics, 'paymentEnded' | 'reconciled'>;
};

export type CheckoutService = ReturnType<typeof createCheckoutService>;

type Ctx = { locale: Locale };

/** What the shared payment machinery reads of a request body (both flows' bodies fit). */
type PayBody = Pick<PaymentRequest, 'payment' | 'paymentCodes'> & {
  segmentAnonymousId?: string | undefined;
};

/**
 * What completing an attempt needs, stored on the payment row before the gateway is called (so
 * reconciliation can complete it after a crash). No secret: the nonce is not kept.
 */
type Attempt = {
  locale: Locale;
  order: SavedOrder;
  billing: {
    line1: string;
    line2: string | null;
    city: string;
    region: string;
    postalCode: string;
    country: string;
    timeZone: string;
  };
  payForCoparent: boolean;
  marketingOptIn: boolean;
  termsAccepted: boolean;
  cardHolderName: string | null;
  pricing: PricingResponse;
  /** An invited co-parent's own payment: their family membership and who invited them. */
  invited?: {
    familyId: string;
    familyMemberId: string;
    inviterEmail: string | null;
    inviterPhone: string | null;
  };
};

/** What the invited payment needs from the invite (resolved by the invite module). */
export type InvitedPayer = {
  user: UserRow;
  familyId: string;
  familyMemberId: string;
  inviter: {
    email: string | null;
    phoneCountryCode: string | null;
    phoneNumber: string | null;
  } | null;
  billing: Attempt['billing'] | null;
  isSubscriptionCurrent: boolean;
  agreedToTerms: boolean;
};

/** The receipt email's credentials link and when it stops working. */
type CredentialsLink = { url: string; expiresInDays: number; expiresAt: Date };

/** Why an attempt ended without an account, kept to answer replays in any language. */
type StoredFailure =
  | { kind: 'declined'; reason: PaymentDeclineReason; processorResponseCode: string | null }
  /** `unseenAtGateway`: reconciliation found no sale; one still in flight may charge later. */
  | { kind: 'unavailable'; unseenAtGateway?: true }
  | { kind: 'duplicateParent' };

/** The payment answer as stored (the credentials token is never stored). */
type StoredResponse = Omit<PaymentResponse, 'clickToJoinToken'>;

class DuplicateParentError extends Error {
  override name = 'DuplicateParentError';
}

/** How an attempt that charge() settled ended, for the payments counter. */
function paymentOutcome(payment: PaymentRow): PaymentOutcome {
  switch (payment.status) {
    case 'COMPLETED':
      return 'completed';
    case 'VOIDED':
      return 'voided';
    case 'PENDING':
      return 'pending';
    default:
      return (payment.failure as StoredFailure | null)?.kind === 'declined'
        ? 'declined'
        : 'unavailable';
  }
}

function addYears(instant: Date, years: number): Date {
  const next = new Date(instant.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

function sameServices(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code) => b.includes(code));
}

/** The pricing info part of a pricing answer (without `request`). */
function pricingInfoOf(pricing: PricingResponse): PricingInfo {
  const { request: _request, ...info } = pricing;
  return info;
}

/** What an order stores of its price (the same for Parent A's and the invited co-parent's). */
function orderFigures(priced: PricingResponse) {
  return {
    promoCodes: priced.request.promoCodes,
    paymentCodes: priced.request.paymentCodes,
    currency: priced.totals.currencyCode,
    total: priced.totals.total,
    taxAmount: priced.totals.taxAmount,
    pricing: pricingInfoOf(priced),
  };
}

function e164(code: string | null, number: string | null): string | null {
  if (!number || !isPhoneCodeId(code)) return null;
  return `${PHONE_CODES[code].dialCode}${number}`;
}

const DATE_LOCALES: Record<Locale, string> = { en: 'en-US', 'es-MX': 'es-MX' };

/**
 * Checkout use cases: the client token, the sandbox's card form, the payment (exactly once), its
 * reconciliation, and the receipt. See docs/f1-contract.md "Checkout" and
 * docs/decisions/009-checkout-choices.md.
 */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const {
    db,
    gateway,
    pricing,
    signups,
    mailer,
    log,
    now,
    publicUrl,
    settings,
    flags,
    exposures,
    metrics,
  } = deps;
  const lockMs = settings.paymentLockSeconds * 1000;
  const lateCharges = createLateCharges({ db, gateway, log, now, lockMs });
  /**
   * The credentials token created by a completing transaction, kept in memory (never stored in
   * clear) until this request answers with it.
   */
  const freshTokens = new Map<string, string>();

  // ── Client token and the sandbox card form ───────────────────────────────────────────────────

  async function clientToken(country: string | undefined): Promise<ClientTokenResponse> {
    const id = (country ?? '').trim().toUpperCase();
    const currency = currencyForCountry(isCountryId(id) ? id : null);
    try {
      const token = await gateway.clientToken({ currency });
      return { ...token, provider: gateway.provider };
    } catch (error) {
      if (error instanceof PaymentGatewayError) {
        log.error({ err: error }, 'client token failed');
        throw unavailable('en');
      }
      throw error;
    }
  }

  /** POST /v2/payment/sandbox/tokenize: field errors, or hosted fields' payload. */
  async function tokenize(fields: CardFields, { locale }: Ctx): Promise<TokenizePayload> {
    if (!('tokenizeCard' in gateway)) throw new AppError('NOT_FOUND');
    const problems = cardFieldProblems(fields, now());
    if (problems.length > 0) {
      throw new FieldValidationError(
        problems.map((p) => ({
          field: p.field,
          text: translateMessage(p.key, locale),
          type: 'ERROR',
        })),
      );
    }
    return gateway.tokenizeCard(fields);
  }

  // ── Answers ──────────────────────────────────────────────────────────────────────────────────

  function unavailable(locale: Locale, retryAfterSeconds?: number): AppError {
    return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', {
      extras: {
        detail: translateMessage('payment_unavailable_error', locale),
        messageKey: 'payment_unavailable_error',
        ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      },
    });
  }

  function inProgress(lockedUntil: Date, locale: Locale): AppError {
    const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now().getTime()) / 1000));
    return new AppError('PAYMENT_IN_PROGRESS', {
      extras: {
        detail: translateMessage('payment_inProgress_error', locale),
        messageKey: 'payment_inProgress_error',
        retryAfterSeconds: seconds,
      },
    });
  }

  function failureError(failure: StoredFailure, locale: Locale): Error {
    switch (failure.kind) {
      case 'declined': {
        const key = declineMessageKey(failure.reason);
        return new AppError('PAYMENT_DECLINED', {
          extras: {
            detail: translateMessage(key, locale),
            messageKey: key,
            reason: failure.reason,
            processorResponseCode: failure.processorResponseCode,
          },
        });
      }
      case 'unavailable':
        return unavailable(locale);
      case 'duplicateParent':
        return new FieldValidationError([
          {
            field: DUPLICATE_PARENT_FIELD,
            text: duplicateText('signup_duplicateParent_error', locale),
            type: 'DUPLICATE',
          },
        ]);
    }
  }

  /**
   * The answer for a finished attempt: the stored payment answer with a credentials token (a new
   * one, while the account has no username yet), or the stored failure again.
   */
  async function answer(payment: PaymentRow, locale: Locale): Promise<PaymentResponse> {
    if (payment.status === 'COMPLETED' && payment.response) {
      const stored = payment.response as StoredResponse;
      const userId = stored.registration.parent.userId;
      const token = (await hasCredentials(db, userId))
        ? null
        : await issueCredentialsToken(db, userId);
      return { ...stored, clickToJoinToken: token };
    }
    if (payment.status === 'FAILED' || payment.status === 'VOIDED') {
      throw failureError((payment.failure ?? { kind: 'unavailable' }) as StoredFailure, locale);
    }
    throw inProgress(payment.lockedUntil, locale);
  }

  async function issueCredentialsToken(exec: Executor, userId: string): Promise<string> {
    const token = generateToken();
    const instant = now();
    await replaceCredentialsToken(
      exec,
      {
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(instant.getTime() + settings.credentialsTokenTtlMinutes * 60_000),
      },
      instant,
    );
    return token;
  }

  /**
   * The receipt email's link for Parent A to set the username and password from any browser
   * (the tab that paid may be gone): its own token, single use, CREDENTIALS_LINK_TTL_DAYS.
   */
  async function issueCredentialsLink(exec: Executor, userId: string): Promise<CredentialsLink> {
    const token = generateToken();
    const instant = now();
    const days = settings.credentialsLinkTtlDays;
    const expiresAt = new Date(instant.getTime() + days * 86_400_000);
    await replaceCredentialsToken(
      exec,
      { userId, tokenHash: hashToken(token), expiresAt, purpose: 'EMAIL_LINK' },
      instant,
    );
    return {
      url: `${publicUrl}${CREDENTIALS_PATH}?token=${encodeURIComponent(token)}`,
      expiresInDays: days,
      expiresAt,
    };
  }

  // ── Ending an attempt ────────────────────────────────────────────────────────────────────────

  /** Ends a PENDING attempt without an account, and frees the codes it held. */
  async function fail(
    payment: PaymentRow,
    failure: StoredFailure,
    status: 'FAILED' | 'VOIDED' = 'FAILED',
  ): Promise<PaymentRow> {
    await db.transaction(async (tx) => {
      if (await finishPendingPayment(tx, payment.id, status, failure, now())) {
        await releaseSubscriptionCodes(tx, payment.id);
      }
    });
    return (await findPaymentById(db, payment.id)) ?? payment;
  }

  function failureOf(transaction: GatewayTransaction): StoredFailure {
    if (transaction.status === 'FAILED') return { kind: 'unavailable' };
    const code = transaction.processorResponseCode;
    if (transaction.status === 'GATEWAY_REJECTED') {
      const reason = transaction.gatewayRejectionReason ?? '';
      return {
        kind: 'declined',
        reason: reason.includes('cvv') ? 'CVV' : reason === 'avs' ? 'AVS' : 'FRAUD',
        processorResponseCode: null,
      };
    }
    return { kind: 'declined', reason: 'PROCESSOR_DECLINED', processorResponseCode: code };
  }

  /**
   * Completes a charged attempt: every record in one transaction (finalize), then the emails.
   * A parent email that got an account meanwhile cannot get a second one: the charge is voided
   * (or refunded) and the attempt VOIDED, answered as the duplicate-parent error.
   */
  async function completeAttempt(
    payment: PaymentRow,
    transaction: GatewayTransaction | null,
  ): Promise<PaymentRow> {
    let deliveries: QueuedMail[] = [];
    let token: string | undefined;
    let ended: PaymentRow | undefined;
    try {
      // Read before the transaction: PGlite has one connection, and the catalog reads in parallel.
      const catalog = await readCatalog(db);
      ({ deliveries, token, ended } = await db.transaction((tx) =>
        finalize(tx, payment, transaction, catalog),
      ));
    } catch (error) {
      const duplicate =
        error instanceof DuplicateParentError ||
        (isUniqueViolation(error) && (await parentEmailTaken(payment)));
      if (!duplicate) throw error;
      if (transaction) {
        const reversed = await gateway.reverse(transaction.id);
        log.warn(
          { paymentId: payment.id, transactionId: transaction.id, reversal: reversed.kind },
          'payment reversed: the parent email has an account',
        );
      }
      return fail(payment, { kind: 'duplicateParent' }, 'VOIDED');
    }
    if (ended) {
      // Another path ended the attempt while this sale was in flight: its charge bought nothing.
      if (
        transaction &&
        isChargedStatus(transaction.status) &&
        ended.transactionId !== transaction.id
      ) {
        await lateCharges.reverse(ended, transaction);
      }
      return ended;
    }
    if (token) freshTokens.set(payment.id, token);
    for (const delivery of deliveries) void delivery.deliver();
    return (await findPaymentById(db, payment.id)) ?? payment;
  }

  async function parentEmailTaken(payment: PaymentRow): Promise<boolean> {
    if (!payment.signupId) return false;
    const signup = await findSignupById(db, payment.signupId);
    return signup?.parentEmail ? userExistsWithEmail(db, signup.parentEmail) : false;
  }

  /**
   * The one transaction after a successful charge: Parent A's user and address, the family and
   * its members, the co-parent (an INVITED user when an email is known) and the invitation, the
   * order, the subscriptions, the receipt, the payment COMPLETED with its stored answer, the
   * signup completed, the credentials token, and the two emails in the outbox.
   */
  async function finalize(
    tx: Executor,
    payment: PaymentRow,
    transaction: GatewayTransaction | null,
    catalog: Catalog,
  ): Promise<{ deliveries: QueuedMail[]; token?: string; ended?: PaymentRow }> {
    const locked = await findPaymentById(tx, payment.id, { forUpdate: true });
    if (!locked) throw new Error(`payment ${payment.id} not found`);
    if (locked.status !== 'PENDING') return { deliveries: [], ended: locked };
    if (locked.invitedUserId) return finalizeInvited(tx, locked, transaction, catalog);
    if (!payment.signupId) throw new Error(`payment ${payment.id} has no payer`);
    const signup = await findSignupByIdForUpdate(tx, payment.signupId);
    if (!signup?.parentEmail) throw new Error(`signup ${payment.signupId} not found`);
    const attempt = locked.attempt as Attempt;
    const { locale } = attempt;
    const children = await findChildren(tx, signup.id);
    const pkg = findPackage(catalog, attempt.order.packageId);
    if (!pkg) throw new Error(`package ${attempt.order.packageId} not found`);
    const priced = attempt.pricing;
    const instant = now();
    const years = pkg.subDurationInYears;
    const renewsAt = addYears(instant, years);
    const method: PaymentType =
      transaction?.paymentInstrument ?? (locked.paymentType as PaymentType);

    // Parent A.
    if (await userExistsWithEmail(tx, signup.parentEmail)) throw new DuplicateParentError();
    const parent = await insertUser(tx, {
      kind: 'PARENT',
      status: 'ACTIVE',
      email: signup.parentEmail,
      firstName: signup.parentFirstName,
      lastName: signup.parentLastName,
      phoneCountryCode: signup.parentPhoneCountryCode,
      phoneNumber: signup.parentPhoneNumber,
      locale,
      timeZone: attempt.billing.timeZone,
      marketingOptIn: attempt.marketingOptIn,
      termsAcceptedAt: attempt.termsAccepted ? instant : null,
    });
    const { timeZone: _tz, ...address } = attempt.billing;
    await upsertUserAddress(tx, { userId: parent.id, type: 'PRIMARY', ...address }, instant);
    const familyId = await insertFamily(tx, { createdByUserId: parent.id }, instant);

    // The co-parent: an INVITED user when the email is known (an existing account is linked).
    const coParentEmail = signup.coParentEmail;
    let coParentUserId: string | null = null;
    if (coParentEmail) {
      const existing = await findUserByEmail(tx, coParentEmail);
      coParentUserId =
        existing?.id ??
        (
          await insertUser(tx, {
            kind: 'PARENT',
            status: 'INVITED',
            email: coParentEmail,
            firstName: signup.coParentFirstName ?? '',
            lastName: signup.coParentLastName ?? '',
            phoneCountryCode: signup.coParentPhoneCountryCode,
            phoneNumber: signup.coParentPhoneNumber,
            locale,
          })
        ).id;
    } else {
      // Known by phone only: an INVITED user without an email, so the invite link works by token
      // (the invite step 1 collects the email).
      coParentUserId = (
        await insertUserWithoutEmail(tx, {
          kind: 'PARENT',
          status: 'INVITED',
          firstName: signup.coParentFirstName ?? '',
          lastName: signup.coParentLastName ?? '',
          phoneCountryCode: signup.coParentPhoneCountryCode,
          phoneNumber: signup.coParentPhoneNumber,
          locale,
        })
      ).id;
    }
    const member = (
      role: NewFamilyMember['role'],
      position: number,
      person: { firstName: string; lastName: string },
      extra: Partial<NewFamilyMember> = {},
    ): NewFamilyMember => ({
      familyId,
      role,
      position,
      firstName: person.firstName,
      lastName: person.lastName,
      color: familyMemberColor(position),
      displayInitials: displayInitials(person.firstName, person.lastName),
      ...extra,
    });
    const members = await insertFamilyMembers(
      tx,
      [
        member(
          'PARENT',
          0,
          { firstName: signup.parentFirstName, lastName: signup.parentLastName },
          {
            userId: parent.id,
            email: parent.email,
            phoneCountryCode: signup.parentPhoneCountryCode,
            phoneNumber: signup.parentPhoneNumber,
          },
        ),
        member(
          'CO_PARENT',
          1,
          { firstName: signup.coParentFirstName ?? '', lastName: signup.coParentLastName ?? '' },
          {
            userId: coParentUserId,
            email: coParentEmail,
            phoneCountryCode: signup.coParentPhoneCountryCode,
            phoneNumber: signup.coParentPhoneNumber,
          },
        ),
        ...children.map((child, index) =>
          member('CHILD', index + 2, child, { email: child.email }),
        ),
      ],
      instant,
    );
    const parentMember = members.find((m) => m.role === 'PARENT');
    const coParentMember = members.find((m) => m.role === 'CO_PARENT');
    if (!parentMember || !coParentMember) throw new Error('family members were not created');

    const inviteToken = generateToken();
    const inviteExpiresAt = new Date(instant.getTime() + settings.inviteTtlDays * 86_400_000);
    await insertInvite(
      tx,
      {
        tokenHash: hashToken(inviteToken),
        familyId,
        familyMemberId: coParentMember.id,
        userId: coParentUserId,
        invitedByUserId: parent.id,
        email: coParentEmail,
        expiresAt: inviteExpiresAt,
      },
      instant,
    );

    // The order, the subscriptions, the receipt.
    const orderId = await insertPaidOrder(
      tx,
      {
        signupId: signup.id,
        paymentId: payment.id,
        userId: parent.id,
        familyId,
        packageId: pkg.id,
        productId:
          attempt.order.productId ??
          SubscriptionTermSchema.parse(years === 2 ? 'SUB2YEAR' : 'SUB1YEAR'),
        services: attempt.order.services,
        payForCoParent: attempt.payForCoparent,
        ...orderFigures(priced),
      },
      {
        familyMemberIds: attempt.payForCoparent
          ? [parentMember.id, coParentMember.id]
          : [parentMember.id],
        years,
        startsAt: instant,
        renewsAt,
      },
    );

    const { receipt, gaPayloadBase64 } = receiptParts({
      payment,
      transaction,
      method,
      pkg,
      priced,
      productId: attempt.order.productId ?? (years === 2 ? 'SUB2YEAR' : 'SUB1YEAR'),
      instant,
      renewsAt,
      locale,
      email: parent.email,
    });
    const response: StoredResponse = {
      gaPayloadBase64,
      receipt,
      registration: {
        order: attempt.order,
        parent: { email: parent.email, userId: parent.id, familyId },
        coParent: {
          email: coParentEmail,
          phoneNumberWithCountryCode: e164(
            signup.coParentPhoneCountryCode,
            signup.coParentPhoneNumber,
          ),
        },
        promoCodes: priced.request.promoCodes,
      },
      pricingInfo: pricingInfoOf(priced),
    };
    await recordCompletion(tx, {
      payment,
      transaction,
      method,
      response,
      orderId,
      userId: parent.id,
      instant,
    });
    await updateSignup(tx, signup.id, {
      completedAt: instant,
      lastCompletedStep: 4,
      userId: parent.id,
      familyId,
      updatedAt: instant,
    });
    const token = await issueCredentialsToken(tx, parent.id);

    // The two emails, in the outbox with this transaction.
    const supportPhone = supportPhoneFor(attempt.billing.country).display;
    const queued: QueuedMail[] = [];
    queued.push(
      await queueReceiptEmail(tx, {
        to: parent.email,
        firstName: parent.firstName,
        attempt,
        receipt,
        transaction,
        method,
        instant,
        renewsAt,
        coParentName: signup.coParentFirstName,
        credentialsLink: await issueCredentialsLink(tx, parent.id),
      }),
    );
    if (coParentEmail) {
      const invitation = coParentInvitationEmail({
        locale,
        firstName: signup.coParentFirstName ?? '',
        inviterName: `${parent.firstName} ${parent.lastName}`,
        inviteUrl: `${publicUrl}${INVITE_PATH}?token=${encodeURIComponent(inviteToken)}`,
        expiresInDays: settings.inviteTtlDays,
        subscriptionPaid: attempt.payForCoparent,
        supportPhone,
      });
      queued.push(
        await mailer.send(
          { to: coParentEmail, locale, ...invitation, secretsExpireAt: inviteExpiresAt },
          tx,
        ),
      );
    }

    await deps.hooks?.beforeCommit?.(payment.id);
    return { deliveries: queued, token };
  }

  /** The receipt and the analytics payload of a completed attempt (both flows). */
  function receiptParts(input: {
    payment: PaymentRow;
    transaction: GatewayTransaction | null;
    method: PaymentType;
    pkg: NonNullable<ReturnType<typeof findPackage>>;
    priced: PricingResponse;
    productId: string;
    instant: Date;
    renewsAt: Date;
    locale: Locale;
    email: string;
  }): { receipt: Receipt; gaPayloadBase64: string; currency: string } {
    const { transaction, method, pkg, priced, instant, renewsAt, locale } = input;
    const receipt: Receipt = {
      receiptId: input.payment.id,
      transactionId: transaction?.id ?? null,
      cardLastFour: transaction?.lastFour ?? null,
      cardType: transaction?.cardType ?? null,
      paymentType: receiptPaymentType(method),
      paymentMethod: method,
      totals: priced.totals,
      payForCoParent: priced.payForCoParent,
      paymentCodeDetails: priced.paymentCodeDetails,
      couponDetail: priced.couponDetail,
      taxes: priced.taxes,
      transactionDateTime: instant.toISOString(),
      packageId: pkg.id,
      packageDisplayName: pkg.displayName[locale],
      receiptText: pkg.receiptText[locale],
      subDurationInYears: pkg.subDurationInYears,
      autoRenew: true,
      renewsAt: renewsAt.toISOString(),
      email: input.email,
    };
    const currency = priced.totals.currencyCode;
    const ga = gaPurchasePayload({
      transactionId: transaction?.id ?? input.payment.id,
      affiliation: PRODUCT_NAME,
      currency,
      total: priced.totals.total,
      taxAmount: priced.totals.taxAmount,
      coupon: priced.couponDetail?.couponCode ?? null,
      packageId: pkg.id,
      analyticsPackage: pkg.analyticsPackage,
      pricingGroup: pkg.pricingGroup,
      productId: input.productId,
      unitPrice: priced.totals.selectedPackageTotal / (priced.payForCoParent ? 2 : 1),
      quantity: priced.payForCoParent ? 2 : 1,
      discount: priced.couponDetail?.discount ?? 0,
    });
    return { receipt, gaPayloadBase64: encodeGaPayload(ga), currency };
  }

  /** Marks the attempt COMPLETED with its stored answer and writes its receipt row. */
  async function recordCompletion(
    tx: Executor,
    input: {
      payment: PaymentRow;
      transaction: GatewayTransaction | null;
      method: PaymentType;
      response: StoredResponse;
      orderId: string;
      userId: string;
      instant: Date;
    },
  ): Promise<void> {
    const { payment, transaction, method, response, instant } = input;
    const { receipt } = response;
    await completePayment(
      tx,
      payment.id,
      {
        transactionId: transaction?.id ?? null,
        cardType: transaction?.cardType ?? null,
        cardLastFour: transaction?.lastFour ?? null,
        paymentType: method,
        response,
      },
      instant,
    );
    await insertReceipt(tx, {
      paymentId: payment.id,
      orderId: input.orderId,
      userId: input.userId,
      transactionId: receipt.transactionId,
      cardLastFour: receipt.cardLastFour,
      paymentType: receipt.paymentType,
      total: receipt.totals.total,
      currency: receipt.totals.currencyCode,
      transactionAt: instant,
      body: receipt,
      createdAt: instant,
    });
  }

  /** The receipt email, in the outbox with the completing transaction. */
  async function queueReceiptEmail(
    tx: Executor,
    input: {
      to: string;
      firstName: string;
      attempt: Attempt;
      receipt: Receipt;
      transaction: GatewayTransaction | null;
      method: PaymentType;
      instant: Date;
      renewsAt: Date;
      coParentName: string | null;
      credentialsLink?: CredentialsLink;
    },
  ): Promise<QueuedMail> {
    const { attempt, receipt, transaction, method, instant } = input;
    const { locale } = attempt;
    const dateFormat = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(DATE_LOCALES[locale], { ...options, timeZone: 'UTC' });
    const format = (minor: number) =>
      formatMoney(minor, receipt.totals.currencyCode, moneyLocale(locale, attempt.billing.country));
    const cardText =
      method === 'PAYPAL'
        ? 'PayPal'
        : method === 'VENMO'
          ? 'Venmo'
          : `${transaction?.cardType ?? ''} ${locale === 'es-MX' ? 'terminada en' : 'ending in'} ${transaction?.lastFour ?? ''}`.trim();
    const mail = receiptEmail({
      locale,
      firstName: input.firstName,
      packageName: receipt.packageDisplayName,
      totalFormatted: format(receipt.totals.total),
      paymentMethod: transaction ? cardText : '—',
      transactionId: receipt.transactionId,
      date: dateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(instant),
      renewsOn: dateFormat({ dateStyle: 'long' }).format(input.renewsAt),
      payForCoParent: attempt.payForCoparent,
      coParentName: input.coParentName,
      supportPhone: supportPhoneFor(attempt.billing.country).display,
      credentialsLink: input.credentialsLink,
    });
    // Parent A's receipt carries the credentials link: the outbox keeps it no longer than it works.
    const secretsExpireAt = input.credentialsLink?.expiresAt ?? null;
    return mailer.send({ to: input.to, locale, ...mail, secretsExpireAt }, tx);
  }

  /**
   * The completing transaction of an invited co-parent's own payment: their order and
   * subscription, their billing address, time zone and consent, the receipt, the payment
   * COMPLETED with its answer, a credentials token (no username yet) and the receipt email.
   */
  async function finalizeInvited(
    tx: Executor,
    locked: PaymentRow,
    transaction: GatewayTransaction | null,
    catalog: Catalog,
  ): Promise<{ deliveries: QueuedMail[]; token?: string }> {
    const attempt = locked.attempt as Attempt;
    const invited = attempt.invited;
    const userId = locked.invitedUserId;
    if (!invited || !userId) throw new Error(`payment ${locked.id} is not an invited payment`);
    const user = await findUserById(tx, userId);
    if (!user?.email) throw new Error(`invited user ${userId} not found`);
    const { locale } = attempt;
    const pkg = findPackage(catalog, attempt.order.packageId);
    if (!pkg) throw new Error(`package ${attempt.order.packageId} not found`);
    const priced = attempt.pricing;
    const instant = now();
    const years = pkg.subDurationInYears;
    const renewsAt = addYears(instant, years);
    const method: PaymentType =
      transaction?.paymentInstrument ?? (locked.paymentType as PaymentType);
    const productId = attempt.order.productId ?? (years === 2 ? 'SUB2YEAR' : 'SUB1YEAR');

    await updateUser(tx, userId, {
      timeZone: attempt.billing.timeZone,
      marketingOptIn: attempt.marketingOptIn,
      ...(attempt.termsAccepted && !user.termsAcceptedAt ? { termsAcceptedAt: instant } : {}),
    });
    const { timeZone: _tz, ...address } = attempt.billing;
    await upsertUserAddress(tx, { userId, type: 'PRIMARY', ...address }, instant);
    const orderId = await insertPaidOrder(
      tx,
      {
        signupId: null,
        paymentId: locked.id,
        userId,
        familyId: invited.familyId,
        packageId: pkg.id,
        productId: SubscriptionTermSchema.parse(productId),
        services: attempt.order.services,
        payForCoParent: false,
        ...orderFigures(priced),
      },
      { familyMemberIds: [invited.familyMemberId], years, startsAt: instant, renewsAt },
    );
    const { receipt, gaPayloadBase64 } = receiptParts({
      payment: locked,
      transaction,
      method,
      pkg,
      priced,
      productId,
      instant,
      renewsAt,
      locale,
      email: user.email,
    });
    const response: StoredResponse = {
      gaPayloadBase64,
      receipt,
      registration: {
        order: attempt.order,
        parent: { email: user.email, userId, familyId: invited.familyId },
        coParent: { email: invited.inviterEmail, phoneNumberWithCountryCode: invited.inviterPhone },
        promoCodes: priced.request.promoCodes,
      },
      pricingInfo: pricingInfoOf(priced),
    };
    await recordCompletion(tx, {
      payment: locked,
      transaction,
      method,
      response,
      orderId,
      userId,
      instant,
    });
    const token = (await hasCredentials(tx, userId))
      ? undefined
      : await issueCredentialsToken(tx, userId);
    const queued = [
      await queueReceiptEmail(tx, {
        to: user.email,
        firstName: user.firstName,
        attempt,
        receipt,
        transaction,
        method,
        instant,
        renewsAt,
        coParentName: null,
      }),
    ];
    await deps.hooks?.beforeCommit?.(locked.id);
    return { deliveries: queued, ...(token ? { token } : {}) };
  }

  // ── Reconciliation ───────────────────────────────────────────────────────────────────────────

  /**
   * Settles a PENDING attempt that no request is working on, from the gateway's record of its
   * order id: charged → completed (or voided for a duplicate parent); refused → FAILED; unknown
   * to the gateway → FAILED (nothing was charged). Answers null when the gateway cannot be asked.
   */
  async function reconcile(payment: PaymentRow): Promise<PaymentRow | null> {
    if (payment.amount === 0) return completeAttempt(payment, null);
    let transaction: GatewayTransaction | null;
    try {
      transaction = await gateway.findTransactionByOrderId(payment.id);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      log.warn({ err: error, paymentId: payment.id }, 'reconciliation: the gateway did not answer');
      return null;
    }
    if (transaction && isChargedStatus(transaction.status)) {
      await updatePendingPayment(
        db,
        payment.id,
        {
          transactionId: transaction.id,
          cardType: transaction.cardType,
          cardLastFour: transaction.lastFour,
          paymentMethodToken: transaction.paymentMethodToken,
        },
        now(),
      );
      return completeAttempt(payment, transaction);
    }
    return fail(
      payment,
      transaction ? failureOf(transaction) : { kind: 'unavailable', unseenAtGateway: true },
    );
  }

  /**
   * The attempt in a final state, reconciling it when it is PENDING and unlocked; PENDING and
   * locked (a request is on it) is 409 PAYMENT_IN_PROGRESS.
   */
  async function settle(payment: PaymentRow, locale: Locale): Promise<PaymentRow> {
    if (payment.status !== 'PENDING') return payment;
    if (payment.lockedUntil.getTime() > now().getTime())
      throw inProgress(payment.lockedUntil, locale);
    const settled = await reconcile(payment);
    if (!settled) throw unavailable(locale, settings.paymentLockSeconds);
    return settled;
  }

  type ReconciliationTally = {
    completed: number;
    failed: number;
    voided: number;
    unresolved: number;
    lateChargesReversed: number;
  };
  const nothingReconciled = (): ReconciliationTally => ({
    completed: 0,
    failed: 0,
    voided: 0,
    unresolved: 0,
    lateChargesReversed: 0,
  });

  /**
   * Settles every PENDING attempt whose lock has run out, then reverses late charges (run at
   * start-up, every PAYMENT_RECONCILE_INTERVAL_SECONDS, and callable). Instances sharing a
   * database reconcile one at a time: a pass finding another under way settles nothing, so two
   * instances never ask the gateway about one attempt at once nor both count it.
   */
  async function reconcilePendingPayments(): Promise<ReconciliationTally> {
    const runAlone = deps.runAlone ?? ((_job, work) => work());
    const tally = await runAlone('payment-reconciliation', reconcileAll);
    if (tally) return tally;
    log.debug('the reconciliation of payments is running on another instance');
    return nothingReconciled();
  }

  async function reconcileAll(): Promise<ReconciliationTally> {
    const tally = nothingReconciled();
    for (const payment of await findUnlockedPendingPayments(db, now(), 100)) {
      try {
        const settled = await reconcile(payment);
        // Nobody waits for this answer: a later replay mints its own token.
        freshTokens.delete(payment.id);
        if (!settled || settled.status === 'PENDING') tally.unresolved += 1;
        else if (settled.status === 'COMPLETED') tally.completed += 1;
        else if (settled.status === 'VOIDED') tally.voided += 1;
        else tally.failed += 1;
      } catch (error) {
        tally.unresolved += 1;
        log.error({ err: error, paymentId: payment.id }, 'reconciliation failed');
      }
    }
    try {
      tally.lateChargesReversed = await lateCharges.sweep();
    } catch (error) {
      log.error({ err: error }, 'reversing late charges failed');
    }
    if (Object.values(tally).some((count) => count > 0)) {
      log.info(tally, 'reconciled pending payments');
    }
    const { lateChargesReversed, ...settled } = tally;
    metrics.reconciled({ ...settled, late_charge_reversed: lateChargesReversed });
    return tally;
  }

  // ── The payment ──────────────────────────────────────────────────────────────────────────────

  /**
   * A wallet hidden by its restriction flag (hide-paypal, hide-venmo, hide-apple-pay) is hidden
   * from the browser; a request that pays with it anyway is refused here, before anything is
   * written, with the context the browser's flags use. Only a total to charge uses a method.
   */
  async function assertMethodAllowed(
    paymentType: PaymentType,
    total: number,
    context: FlagContext,
    locale: Locale,
  ): Promise<void> {
    if (total === 0 || !(paymentType in PAYMENT_TYPE_RESTRICTIONS)) return;
    const restriction =
      PAYMENT_TYPE_RESTRICTIONS[paymentType as keyof typeof PAYMENT_TYPE_RESTRICTIONS];
    if (await isRestricted(flags, restriction, context)) {
      throw fieldError('payment.paymentType', 'payment_methodUnavailable_error', locale);
    }
  }

  /** Checks a new attempt and prices it on the server; answers the attempt to store. */
  async function prepare(
    row: SignupRow,
    order: SignupOrder | undefined,
    billing: SignupBilling | undefined,
    body: PaymentRequest,
    locale: Locale,
  ): Promise<Attempt> {
    if (
      row.lastCompletedStep < 3 ||
      !row.parentEmail ||
      !order?.complete ||
      order.packageId === null ||
      !billing
    ) {
      throw new AppError('SECTION_OUT_OF_ORDER');
    }
    const saved: SavedOrder = {
      packageId: order.packageId,
      productId: SubscriptionTermSchema.safeParse(order.productId).data ?? null,
      services: order.services.filter((code): code is SavedOrder['services'][number] =>
        ['MYFILES', 'TONEMETER', 'UNLIMITEDPAYMENTS', 'CALLSBASIC'].includes(code),
      ),
    };
    const sent = body.order;
    if (
      sent.packageId !== saved.packageId ||
      (sent.productId !== undefined && sent.productId !== saved.productId) ||
      (sent.services !== undefined && !sameServices(sent.services, saved.services))
    ) {
      throw fieldError('order.packageId', 'pricing_package_error', locale);
    }
    if (row.parentEmail && (await userExistsWithEmail(db, row.parentEmail))) {
      throw failureError({ kind: 'duplicateParent' }, locale);
    }
    const consentRequired = isConsentRequired(billing.country);
    if (consentRequired && body.termsAccepted !== true) {
      throw fieldError('termsAccepted', 'payment_terms_error', locale);
    }

    const priced = await pricing.quote(
      row,
      order,
      {
        address: {
          line1: billing.line1,
          line2: billing.line2 ?? undefined,
          city: billing.city,
          region: billing.region || undefined,
          postalCode: billing.postalCode || undefined,
          country: billing.country,
          type: undefined,
        },
        limboId: undefined,
        orderDetail: {
          packageId: saved.packageId,
          productId: saved.productId ?? undefined,
          services: saved.services,
        },
        payForCoparent: body.payForCoparent,
        paymentCodes: body.paymentCodes,
        promoCodes: body.promoCodes,
        phoneCountryCode: undefined,
        phoneNumber: undefined,
      },
      { locale },
    );
    assertChargeMatchesPricing(priced, body.payment, locale);
    await assertMethodAllowed(
      body.payment.paymentType,
      priced.totals.total,
      signupFlagContext(row, locale, billing.country),
      locale,
    );
    if (!isCurrencyCode(priced.totals.currencyCode)) throw new Error('unknown currency');
    return {
      locale,
      order: saved,
      billing: {
        line1: billing.line1,
        line2: billing.line2,
        city: billing.city,
        region: billing.region,
        postalCode: billing.postalCode,
        country: billing.country,
        timeZone: billing.timeZone,
      },
      payForCoparent: body.payForCoparent,
      marketingOptIn: body.marketingOptIn ?? !consentRequired,
      termsAccepted: body.termsAccepted === true,
      cardHolderName: body.payment.cardHolderName ?? null,
      pricing: priced,
    };
  }

  /** Writes the PENDING attempt and holds its subscription codes, in one transaction. */
  async function begin(
    payer: Payer,
    keyHash: string,
    requestHash: string,
    attempt: Attempt,
    body: PayBody,
  ): Promise<PaymentRow> {
    const instant = now();
    const columns = payerColumns(payer);
    return db.transaction(async (tx) => {
      const payment = await insertPayment(tx, {
        ...columns,
        idempotencyKeyHash: keyHash,
        requestHash,
        status: 'PENDING',
        provider: gateway.provider,
        amount: attempt.pricing.totals.total,
        currency: attempt.pricing.totals.currencyCode,
        paymentType: body.payment.paymentType,
        attempt,
        lockedUntil: new Date(instant.getTime() + lockMs),
        createdAt: instant,
        updatedAt: instant,
      });
      const codes = attempt.pricing.request.paymentCodes;
      const taken = await holdSubscriptionCodes(
        tx,
        codes,
        { signupId: columns.signupId, paymentId: payment.id },
        instant,
      );
      if (taken.length > 0) {
        const entered = body.paymentCodes.map(normalizeCode);
        throw new FieldValidationError(
          taken.map((code) => ({
            field: `paymentCodes.${Math.max(entered.indexOf(code), 0)}`,
            text: translateMessage('payment_activationCode_error', attempt.locale),
            type: 'ERROR' as const,
          })),
        );
      }
      return payment;
    });
  }

  /**
   * uk-card-provider (decision 020): is this a GB card payment in the Treatment? The server asks
   * the flag service itself, with the context the browser's flags use: the invited payer's user
   * id, else the anonymous id; the billing country; the flow.
   */
  async function isUkCardTreatment(payment: PaymentRow, body: PayBody): Promise<boolean> {
    const country = (payment.attempt as Attempt).billing.country;
    if (country !== 'GB' || body.payment.paymentType !== 'CREDIT_CARD') return false;
    const userId = payment.invitedUserId ?? undefined;
    const arm = await experimentArm(flags, EXPERIMENTS.ukCardProvider, {
      country,
      flow: userId ? 'invite' : 'join',
      ...(userId ? { userId } : {}),
      ...(body.segmentAnonymousId ? { targetingKey: body.segmentAnonymousId } : {}),
    });
    // The browser never reads this flag, so the exposure is the server's to record.
    const anonymousId = body.segmentAnonymousId ?? userId;
    if (anonymousId) {
      await exposures.recordExposure({
        experiment: EXPERIMENTS.ukCardProvider,
        variant: arm,
        anonymousId,
        userId,
        path: userId ? INVITED_PAYMENT_PATH : PAYMENT_PATH,
        at: now(),
      });
    }
    return isTreatment(arm);
  }

  /** Calls the gateway for a new PENDING attempt and settles it. */
  async function charge(
    payment: PaymentRow,
    body: PayBody,
    idempotencyKey: string,
    locale: Locale,
  ) {
    if (payment.amount === 0) return completeOrUnlock(payment, null);
    const viaUkCardAccount = await isUkCardTreatment(payment, body);
    let result: Awaited<ReturnType<PaymentGateway['sale']>>;
    try {
      result = await gateway.sale({
        nonce: body.payment.nonce ?? '',
        amountMinor: payment.amount,
        currency: payment.currency as Parameters<PaymentGateway['sale']>[0]['currency'],
        orderId: payment.id,
        idempotencyKey,
        deviceData: body.payment.deviceData,
        storeInVault: body.payment.storePaymentOnFile,
        viaUkCardAccount,
      });
    } catch (error) {
      // Unknown outcome: the attempt stays PENDING and locked; reconciliation settles it.
      log.error({ err: error, paymentId: payment.id }, 'the payment gateway failed during a sale');
      throw unavailable(locale, settings.paymentLockSeconds);
    }
    switch (result.outcome) {
      case 'SUCCESS': {
        const { transaction } = result;
        await updatePendingPayment(
          db,
          payment.id,
          {
            transactionId: transaction.id,
            cardType: transaction.cardType,
            cardLastFour: transaction.lastFour,
            paymentMethodToken: transaction.paymentMethodToken,
            paymentType: transaction.paymentInstrument,
          },
          now(),
        );
        return completeOrUnlock(payment, transaction);
      }
      case 'DECLINED':
        log.info(
          { paymentId: payment.id, reason: result.reason, code: result.processorResponseCode },
          'payment declined',
        );
        return fail(payment, {
          kind: 'declined',
          reason: result.reason,
          processorResponseCode: result.processorResponseCode,
        });
      case 'UNAVAILABLE':
        log.warn({ paymentId: payment.id, message: result.message }, 'processor unavailable');
        return fail(payment, { kind: 'unavailable' });
    }
  }

  /**
   * Completes a charged attempt; if that fails (the database, a crash seam), the attempt stays
   * PENDING with its lock released, so a retry or reconciliation completes it at once.
   */
  async function completeOrUnlock(payment: PaymentRow, transaction: GatewayTransaction | null) {
    try {
      return await completeAttempt(payment, transaction);
    } catch (error) {
      log.error(
        { err: error, paymentId: payment.id, transactionId: transaction?.id },
        'completing a charged payment failed; it will be reconciled',
      );
      await updatePendingPayment(db, payment.id, { lockedUntil: now() }, now()).catch(() => {});
      throw error;
    }
  }

  /**
   * POST /v2/signups/{id}/payment, exactly once per signup:
   * - the same Idempotency-Key again answers the stored result (a key reused with another body,
   *   or on another signup, is 422 IDEMPOTENCY_KEY_REUSED);
   * - a paid signup answers its stored result whatever the key (nothing is charged again);
   * - an attempt in flight for the signup is 409 PAYMENT_IN_PROGRESS; an abandoned one is
   *   reconciled first;
   * - otherwise: re-priced on the server (409 PRICE_CHANGED when it differs from what was shown),
   *   the PENDING row written, the gateway called with orderId = its id, then everything created
   *   in one transaction.
   */
  async function pay(
    signupId: string,
    registrationKey: string | undefined,
    idempotencyKey: string,
    body: PaymentRequest,
    { locale }: Ctx,
  ): Promise<PaymentResponse> {
    const { row, order, billing } = await signups.authorizeForCheckout(signupId, registrationKey);
    return payOnce({
      payer: { signupId: row.id },
      idempotencyKey,
      body,
      isPaid: row.completedAt !== null,
      prepare: () => prepare(row, order, billing, body, locale),
      locale,
    });
  }

  /**
   * The exactly-once machinery both payments share (the main flow's and the invited user's):
   * - the same Idempotency-Key again answers the stored result (a key reused with another body,
   *   or by another payer, is 422 IDEMPOTENCY_KEY_REUSED);
   * - a payer who has paid answers the stored result whatever the key (nothing is charged again);
   * - an attempt in flight for the payer is 409 PAYMENT_IN_PROGRESS; an abandoned one is
   *   reconciled first;
   * - otherwise `prepare` checks and prices the attempt, the PENDING row is written, the gateway
   *   is called with orderId = its id, then everything is created in one transaction.
   */
  async function payOnce(input: {
    payer: Payer;
    idempotencyKey: string;
    body: PayBody;
    /** Paid without a stored attempt (409 ALREADY_PAID then). */
    isPaid: boolean;
    prepare: () => Promise<Attempt>;
    locale: Locale;
  }): Promise<PaymentResponse> {
    const { payer, idempotencyKey, body, locale } = input;
    const keyHash = hashToken(idempotencyKey);
    const requestHash = hashToken(JSON.stringify(body));

    const replay = await findPaymentByKeyHash(db, keyHash);
    if (replay) {
      if (!isPaymentOf(replay, payer) || replay.requestHash !== requestHash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      }
      return answer(await settle(replay, locale), locale);
    }

    const active = await findActivePayment(db, payer);
    if (active) {
      const settled = await settle(active, locale);
      if (settled.status === 'COMPLETED') return answer(settled, locale);
    } else if (input.isPaid) {
      throw new AppError('ALREADY_PAID');
    }

    const attempt = await input.prepare();
    let payment: PaymentRow;
    try {
      payment = await begin(payer, keyHash, requestHash, attempt, body);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Lost a race: the same key (a double submit), or another attempt for this payer.
      const winner =
        (await findPaymentByKeyHash(db, keyHash)) ?? (await findActivePayment(db, payer));
      if (!winner || winner.status === 'PENDING') {
        throw inProgress(winner?.lockedUntil ?? new Date(now().getTime() + lockMs), locale);
      }
      return answer(winner, locale);
    }
    const method = body.payment.paymentType;
    let ended: PaymentRow;
    try {
      ended = await charge(payment, body, idempotencyKey, locale);
    } catch (error) {
      // The gateway's answer is unknown or completing failed: the attempt stays PENDING.
      metrics.paymentEnded('pending', method);
      throw error;
    }
    metrics.paymentEnded(paymentOutcome(ended), method);
    return answer(ended, locale);
  }

  /**
   * POST /v2/users/{userId}/payment: an invited co-parent pays for their own subscription, with
   * the same exactly-once rules. The order comes with the request (the invited flow keeps no
   * saved order), priced from the user's saved billing address; paying for the co-parent is
   * refused; a user whose subscription is current is 409 ALREADY_PAID.
   */
  async function payInvited(
    invited: InvitedPayer,
    idempotencyKey: string,
    body: InvitedPaymentRequest,
    { locale }: Ctx,
  ): Promise<PaymentResponse> {
    if (body.payForCoparent) throw fieldError('payForCoparent', 'invalidValue', locale);
    const payBody: PayBody = {
      ...body,
      payment: { ...body.payment, deviceData: body.payment.deviceData ?? body.deviceData },
    };
    return payOnce({
      payer: { invitedUserId: invited.user.id },
      idempotencyKey,
      body: payBody,
      isPaid: invited.isSubscriptionCurrent,
      prepare: () => prepareInvited(invited, body, locale),
      locale,
    });
  }

  async function prepareInvited(
    invited: InvitedPayer,
    body: InvitedPaymentRequest,
    locale: Locale,
  ): Promise<Attempt> {
    const { user, billing } = invited;
    if (!user.email || !billing) throw new AppError('SECTION_OUT_OF_ORDER');
    const consentRequired = isConsentRequired(billing.country);
    if (consentRequired && !invited.agreedToTerms && body.termsAccepted !== true) {
      throw fieldError('termsAccepted', 'payment_terms_error', locale);
    }
    const priced = await pricing.quoteFor(
      {
        id: user.id,
        parentPhoneCountryCode: user.phoneCountryCode,
        parentPhoneNumber: user.phoneNumber,
      },
      {
        address: {
          line1: billing.line1,
          line2: billing.line2 ?? undefined,
          city: billing.city,
          region: billing.region || undefined,
          postalCode: billing.postalCode || undefined,
          country: billing.country,
          type: undefined,
        },
        limboId: undefined,
        orderDetail: body.order,
        payForCoparent: false,
        paymentCodes: body.paymentCodes,
        promoCodes: body.promoCodes,
        phoneCountryCode: undefined,
        phoneNumber: undefined,
      },
      { locale },
    );
    assertChargeMatchesPricing(priced, body.payment, locale);
    await assertMethodAllowed(
      body.payment.paymentType,
      priced.totals.total,
      invitedFlagContext(user.id, locale),
      locale,
    );
    const inviter = invited.inviter;
    return {
      locale,
      order: priced.request.orderDetail,
      billing,
      payForCoparent: false,
      marketingOptIn: body.marketingOptIn ?? (consentRequired ? user.marketingOptIn : true),
      termsAccepted: body.termsAccepted === true || invited.agreedToTerms,
      cardHolderName: body.payment.cardHolderName ?? null,
      pricing: priced,
      invited: {
        familyId: invited.familyId,
        familyMemberId: invited.familyMemberId,
        inviterEmail: inviter?.email ?? null,
        inviterPhone: inviter ? e164(inviter.phoneCountryCode, inviter.phoneNumber) : null,
      },
    };
  }

  /** GET /v2/signups/{id}/receipt: the stored receipt of the signup's completed payment. */
  async function receipt(signupId: string, registrationKey: string | undefined): Promise<Receipt> {
    const { row } = await signups.authorizeForCheckout(signupId, registrationKey);
    const payment = await findActivePayment(db, { signupId: row.id });
    if (payment?.status !== 'COMPLETED' || !payment.response)
      throw new AppError('RECEIPT_NOT_FOUND');
    return (payment.response as StoredResponse).receipt;
  }

  return { clientToken, tokenize, pay, payInvited, receipt, reconcilePendingPayments };
}

/**
 * Both payment flows: never trust the amount shown, but never charge another amount than the one
 * shown either (409 PRICE_CHANGED carries the new pricing); a charge needs a payment nonce.
 */
function assertChargeMatchesPricing(
  priced: { totals: { total: number; taxAmount: number; totalFormatted: string } },
  payment: { amountDisplayed: number; taxAmountDisplayed: number; nonce?: string | null },
  locale: Locale,
): void {
  if (
    priced.totals.total !== payment.amountDisplayed ||
    priced.totals.taxAmount !== payment.taxAmountDisplayed
  ) {
    throw new AppError('PRICE_CHANGED', {
      extras: {
        detail: translateMessage('payment_priceChanged_error', locale, {
          total: priced.totals.totalFormatted,
        }),
        messageKey: 'payment_priceChanged_error',
        pricing: priced,
      },
    });
  }
  if (priced.totals.total > 0 && !payment.nonce) {
    throw fieldError('payment.nonce', 'payment_nonce_error', locale);
  }
}
