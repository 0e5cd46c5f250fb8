import {
  isTextedCoParent,
  type PaymentType,
  phoneNumberE164,
  type Receipt,
  SubscriptionTermSchema,
  supportPhoneFor,
} from '@coparent/domain';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { GatewayTransaction } from '../../adapters/payment/payment-gateway.js';
import type { QueuedText, SmsSender } from '../../adapters/sms/sms-sender.js';
import type { Executor } from '../../db/client.js';
import type { PaymentRow, SignupRow } from '../../db/schema.js';
import { findUserById, hasCredentials, updateUser, upsertUserAddress } from '../account/repo.js';
import { issueCredentialsToken } from '../accounts/credentials-token.js';
import {
  createPaidSubscriptions,
  createPayingFamily,
  type IssuedInvite,
  type PayingFamily,
} from '../accounts/provision.js';
import { coParentInvitationEmail } from '../email/templates/coparent-invitation.js';
import { coParentInvitationText } from '../email/templates/coparent-invitation-text.js';
import type { PaymentCompleted } from '../payments/payments.js';
import { type Catalog, findPackage } from '../pricing/catalog.js';
import type { SignupService } from '../signup/service.js';
import type { Attempt } from './attempt.js';
import {
  type CredentialsLink,
  orderFigures,
  pricingInfoOf,
  queueReceiptEmail,
  receiptParts,
  recordCompletion,
  type StoredResponse,
} from './receipt.js';

/** Where the receipt email's link to set the username and password opens (token in the query). */
export const CREDENTIALS_PATH = '/app/join/credentials';

export type CompletionDeps = {
  signups: Pick<SignupService, 'lockForCompletion' | 'markPaid'>;
  mailer: Mailer;
  /** The co-parent's invitation by text, when only their phone is known. */
  smsSender: SmsSender;
  now: () => Date;
  publicUrl: string;
  settings: {
    inviteTtlDays: number;
    credentialsTokenTtlMinutes: number;
    credentialsLinkTtlDays: number;
  };
};

/**
 * What a completing transaction did: the emails and texts to send after it, and the attempt's
 * record.
 */
type Completed = { deliveries: (QueuedMail | QueuedText)[]; completed: PaymentCompleted };

/** The payment answer a completed attempt stores: its receipt and what it registered. */
function storedResponse(
  purchase: Purchase,
  payment: PaymentRow,
  transaction: GatewayTransaction | null,
  registered: Pick<StoredResponse['registration'], 'parent' | 'coParent'>,
): StoredResponse {
  const { attempt, priced } = purchase;
  const { receipt, gaPayloadBase64 } = receiptParts({
    ...purchase,
    payment,
    transaction,
    locale: attempt.locale,
    email: registered.parent.email,
  });
  return {
    gaPayloadBase64,
    receipt,
    registration: {
      order: attempt.order,
      parent: registered.parent,
      coParent: registered.coParent,
      promoCodes: priced.request.promoCodes,
    },
    pricingInfo: pricingInfoOf(priced),
  };
}

/** What the paying parent's signup says of the family, as provision takes it. */
function payingFamilyOf(
  signup: SignupRow,
  parentEmail: string,
  children: readonly { firstName: string; lastName: string; email: string | null }[],
  attempt: Attempt,
  instant: Date,
): PayingFamily {
  const { timeZone, ...address } = attempt.billing;
  return {
    parent: {
      email: parentEmail,
      firstName: signup.parentFirstName,
      lastName: signup.parentLastName,
      phoneCountryCode: signup.parentPhoneCountryCode,
      phoneNumber: signup.parentPhoneNumber,
      locale: attempt.locale,
      timeZone,
      marketingOptIn: attempt.marketingOptIn,
      termsAcceptedAt: attempt.termsAccepted ? instant : null,
      address,
    },
    coParent: {
      email: signup.coParentEmail,
      firstName: signup.coParentFirstName ?? '',
      lastName: signup.coParentLastName ?? '',
      phoneCountryCode: signup.coParentPhoneCountryCode,
      phoneNumber: signup.coParentPhoneNumber,
    },
    children: children.map(({ firstName, lastName, email }) => ({ firstName, lastName, email })),
  };
}

function addYears(instant: Date, years: number): Date {
  const next = new Date(instant.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

/** What an attempt bought: the package, its term and its dates, from the stored attempt. */
function purchaseOf(
  payment: PaymentRow,
  transaction: GatewayTransaction | null,
  catalog: Catalog,
  instant: Date,
) {
  const attempt = payment.attempt as Attempt;
  const pkg = findPackage(catalog, attempt.order.packageId);
  if (!pkg) throw new Error(`package ${attempt.order.packageId} not found`);
  const years = pkg.subDurationInYears;
  return {
    attempt,
    pkg,
    priced: attempt.pricing,
    years,
    productId: SubscriptionTermSchema.parse(
      attempt.order.productId ?? (years === 2 ? 'SUB2YEAR' : 'SUB1YEAR'),
    ),
    method: transaction?.paymentInstrument ?? (payment.paymentType as PaymentType),
    instant,
    renewsAt: addYears(instant, years),
  };
}

type Purchase = ReturnType<typeof purchaseOf>;

/**
 * The records a charged attempt creates, in its completing transaction: the accounts, family and
 * subscriptions it pays for, the receipt, the payment COMPLETED with its stored answer, a
 * credentials token, and the emails in the outbox.
 */
export function createCompletion(deps: CompletionDeps) {
  const { mailer, smsSender, now, publicUrl, settings } = deps;

  function credentialsToken(tx: Executor, userId: string, instant: Date) {
    const lifetimeMs = settings.credentialsTokenTtlMinutes * 60_000;
    return issueCredentialsToken(tx, userId, { now: instant, lifetimeMs });
  }

  /**
   * The receipt email's link for Parent A to set the username and password from any browser
   * (the tab that paid may be gone): its own token, single use, CREDENTIALS_LINK_TTL_DAYS.
   */
  async function credentialsLink(tx: Executor, userId: string): Promise<CredentialsLink> {
    const days = settings.credentialsLinkTtlDays;
    const { token, expiresAt } = await issueCredentialsToken(tx, userId, {
      now: now(),
      lifetimeMs: days * 86_400_000,
      purpose: 'EMAIL_LINK',
    });
    return {
      url: `${publicUrl}${CREDENTIALS_PATH}?token=${encodeURIComponent(token)}`,
      expiresInDays: days,
      expiresAt,
    };
  }

  /** The receipt email of a purchase, to the user who paid, in the outbox. */
  function queueReceipt(
    tx: Executor,
    purchase: Purchase,
    receipt: Receipt,
    payer: { email: string; firstName: string },
    extra: { coParentName: string | null; credentialsLink?: CredentialsLink },
  ): Promise<QueuedMail> {
    const { attempt } = purchase;
    return queueReceiptEmail(tx, mailer, {
      to: payer.email,
      firstName: payer.firstName,
      locale: attempt.locale,
      country: attempt.billing.country,
      payForCoParent: attempt.payForCoparent,
      receipt,
      ...extra,
    });
  }

  /** A charged attempt's records: Parent A's or an invited co-parent's. */
  function complete(
    tx: Executor,
    payment: PaymentRow,
    transaction: GatewayTransaction | null,
    catalog: Catalog,
  ): Promise<Completed> {
    const purchase = purchaseOf(payment, transaction, catalog, now());
    return payment.invitedUserId
      ? completeInvited(tx, payment, transaction, purchase)
      : completeSignup(tx, payment, transaction, purchase);
  }

  /**
   * Parent A's payment: the family (Parent A, the co-parent and the invitation, the children),
   * the order and subscriptions, the receipt, the payment COMPLETED, the signup completed, a
   * credentials token, the receipt and the co-parent's invitation in the outbox.
   */
  async function completeSignup(
    tx: Executor,
    payment: PaymentRow,
    transaction: GatewayTransaction | null,
    purchase: Purchase,
  ): Promise<Completed> {
    const { attempt, pkg, priced, instant, renewsAt, years, productId, method } = purchase;
    if (!payment.signupId) throw new Error(`payment ${payment.id} has no payer`);
    const locked = await deps.signups.lockForCompletion(tx, payment.signupId);
    const parentEmail = locked?.signup.parentEmail;
    if (!locked || !parentEmail) throw new Error(`signup ${payment.signupId} not found`);
    const { signup, children } = locked;
    const input = payingFamilyOf(signup, parentEmail, children, attempt, instant);
    const { coParent } = input;
    const inviteSettings = { publicUrl, inviteTtlDays: settings.inviteTtlDays };
    const family = await createPayingFamily(tx, input, inviteSettings, instant);
    const { parent, familyId } = family;

    const orderId = await createPaidSubscriptions(
      tx,
      {
        signupId: signup.id,
        paymentId: payment.id,
        userId: parent.id,
        familyId,
        packageId: pkg.id,
        productId,
        services: attempt.order.services,
        payForCoParent: attempt.payForCoparent,
        ...orderFigures(priced),
      },
      {
        familyMemberIds: attempt.payForCoparent
          ? [family.parentMemberId, family.coParentMemberId]
          : [family.parentMemberId],
        years,
        startsAt: instant,
        renewsAt,
      },
    );
    const coParentPhone = phoneNumberE164(coParent.phoneCountryCode, coParent.phoneNumber);
    const response = storedResponse(purchase, payment, transaction, {
      parent: { email: parent.email, userId: parent.id, familyId },
      coParent: { email: coParent.email, phoneNumberWithCountryCode: coParentPhone },
    });
    const { receipt } = response;
    const completion = { payment, transaction, method, response, orderId, instant };
    const completed = await recordCompletion(tx, { ...completion, userId: parent.id });
    await deps.signups.markPaid(tx, signup.id, { userId: parent.id, familyId, at: instant });
    await credentialsToken(tx, parent.id, instant);

    const deliveries = [
      await queueReceipt(tx, purchase, receipt, parent, {
        coParentName: signup.coParentFirstName,
        credentialsLink: await credentialsLink(tx, parent.id),
      }),
      ...(coParent.email
        ? [await queueInvitation(tx, { to: coParent.email, coParent, parent, attempt, family })]
        : []),
      // Known only by phone (the family step requires it exactly then), or with an email and
      // "also text them" ticked: the invitation by text.
      ...(coParentPhone && isTextedCoParent({ ...coParent, alsoText: signup.coParentAlsoText })
        ? [await queueInvitationText(tx, { to: coParentPhone, parent, attempt, family })]
        : []),
    ];
    return { deliveries, completed };
  }

  /** The co-parent's invitation email, in the outbox with the completing transaction. */
  function queueInvitation(
    tx: Executor,
    input: {
      to: string;
      coParent: PayingFamily['coParent'];
      parent: { firstName: string; lastName: string };
      attempt: Attempt;
      family: { invite: IssuedInvite };
    },
  ): Promise<QueuedMail> {
    const { attempt, parent } = input;
    const { locale } = attempt;
    const invitation = coParentInvitationEmail({
      locale,
      firstName: input.coParent.firstName,
      inviterName: `${parent.firstName} ${parent.lastName}`,
      inviteUrl: input.family.invite.url,
      expiresInDays: settings.inviteTtlDays,
      subscriptionPaid: attempt.payForCoparent,
      supportPhone: supportPhoneFor(attempt.billing.country).display,
    });
    const secretsExpireAt = input.family.invite.expiresAt;
    return mailer.send({ to: input.to, locale, ...invitation, secretsExpireAt }, tx);
  }

  /**
   * The co-parent's invitation by text (the same link as the email's), in the inviting parent's
   * language, in the outbox with the completing transaction; its body dies with the invite token.
   */
  function queueInvitationText(
    tx: Executor,
    input: {
      to: string;
      parent: { firstName: string };
      attempt: Attempt;
      family: { invite: IssuedInvite; coParentMemberId: string };
    },
  ): Promise<QueuedText> {
    const { invite, coParentMemberId } = input.family;
    const text = coParentInvitationText({
      locale: input.attempt.locale,
      inviterFirstName: input.parent.firstName,
      inviteUrl: invite.url,
    });
    // The family member, so Parent A's home can tell when this text did not reach them.
    const message = { to: input.to, ...text, secretsExpireAt: invite.expiresAt };
    return smsSender.send({ ...message, familyMemberId: coParentMemberId }, tx);
  }

  /**
   * An invited co-parent's own payment: their order and subscription, their billing address, time
   * zone and consent, the receipt, the payment COMPLETED, a credentials token (no username yet)
   * and the receipt email.
   */
  async function completeInvited(
    tx: Executor,
    payment: PaymentRow,
    transaction: GatewayTransaction | null,
    purchase: Purchase,
  ): Promise<Completed> {
    const { attempt, pkg, priced, instant, renewsAt, years, productId, method } = purchase;
    const { invited } = attempt;
    const userId = payment.invitedUserId;
    if (!invited || !userId) throw new Error(`payment ${payment.id} is not an invited payment`);
    const user = await findUserById(tx, userId);
    if (!user?.email) throw new Error(`invited user ${userId} not found`);

    await updateUser(tx, userId, {
      timeZone: attempt.billing.timeZone,
      marketingOptIn: attempt.marketingOptIn,
      ...(attempt.termsAccepted && !user.termsAcceptedAt ? { termsAcceptedAt: instant } : {}),
    });
    const { timeZone: _tz, ...address } = attempt.billing;
    await upsertUserAddress(tx, { userId, type: 'PRIMARY', ...address }, instant);
    const orderId = await createPaidSubscriptions(
      tx,
      {
        signupId: null,
        paymentId: payment.id,
        userId,
        familyId: invited.familyId,
        packageId: pkg.id,
        productId,
        services: attempt.order.services,
        payForCoParent: false,
        ...orderFigures(priced),
      },
      { familyMemberIds: [invited.familyMemberId], years, startsAt: instant, renewsAt },
    );
    const response = storedResponse(purchase, payment, transaction, {
      parent: { email: user.email, userId, familyId: invited.familyId },
      coParent: { email: invited.inviterEmail, phoneNumberWithCountryCode: invited.inviterPhone },
    });
    const { receipt } = response;
    const completed = await recordCompletion(tx, {
      payment,
      transaction,
      method,
      response,
      orderId,
      userId,
      instant,
    });
    if (!(await hasCredentials(tx, userId))) await credentialsToken(tx, userId, instant);
    const deliveries = [
      await queueReceipt(
        tx,
        purchase,
        receipt,
        { email: user.email, firstName: user.firstName },
        { coParentName: null },
      ),
    ];
    return { deliveries, completed };
  }

  return { complete };
}
