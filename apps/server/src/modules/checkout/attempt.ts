import {
  type InvitedPaymentRequest,
  isConsentRequired,
  isCurrencyCode,
  type Locale,
  PAYMENT_TYPE_RESTRICTIONS,
  type PaymentRequest,
  type PaymentType,
  type PricingResponse,
  phoneNumberE164,
  type SavedOrder,
  SubscriptionTermSchema,
  translateMessage,
} from '@coparent/domain';
import type { Db } from '../../db/client.js';
import type { SignupRow, UserRow } from '../../db/schema.js';
import { addressOf, type StoredAddress } from '../../db/stored-address.js';
import { AppError, fieldError } from '../../errors.js';
import { userExistsWithEmail } from '../account/repo.js';
import type { FlagContext } from '../flags/context.js';
import {
  type ExperimentFlags,
  invitedFlagContext,
  isRestricted,
  signupFlagContext,
} from '../flags/experiment-arm.js';
import { failureError } from '../payments/failures.js';
import type { NewAttempt } from '../payments/payments.js';
import type { PricingService } from '../pricing/service.js';
import type { SignupBilling, SignupOrder } from '../signup/service.js';

/** The billing address and time zone an attempt is paid from. */
export type AttemptBilling = StoredAddress & { timeZone: string };

/**
 * What completing an attempt needs, stored on the payment row before the gateway is called (so
 * reconciliation can complete it after a crash). No secret: the nonce is not kept.
 */
export type Attempt = {
  locale: Locale;
  order: SavedOrder;
  billing: AttemptBilling;
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
  billing: AttemptBilling | null;
  isSubscriptionCurrent: boolean;
  agreedToTerms: boolean;
};

export type AttemptDeps = {
  db: Db;
  pricing: Pick<PricingService, 'quote' | 'quoteFor'>;
  flags: ExperimentFlags;
};

/** The services a saved order may carry. */
const ORDER_SERVICES: readonly string[] = [
  'MYFILES',
  'TONEMETER',
  'UNLIMITEDPAYMENTS',
  'CALLSBASIC',
];

function sameServices(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((code) => b.includes(code));
}

/** The pricing request's address part, from a saved billing address. */
export function pricedAddress(billing: StoredAddress) {
  return {
    line1: billing.line1,
    line2: billing.line2 ?? undefined,
    city: billing.city,
    region: billing.region || undefined,
    postalCode: billing.postalCode || undefined,
    country: billing.country,
    type: undefined,
  };
}

/** What the payment machinery writes of an attempt. */
function newAttempt(attempt: Attempt): NewAttempt {
  return {
    amount: attempt.pricing.totals.total,
    currency: attempt.pricing.totals.currencyCode,
    paymentCodes: attempt.pricing.request.paymentCodes,
    details: attempt,
  };
}

/**
 * Parent A's attempt: the signup must be at its payment step with a complete order, the order
 * sent must be the one saved, the parent email must have no account, consent is given where
 * required, and the server's price must be the one shown.
 */
export async function prepareSignupAttempt(
  deps: AttemptDeps,
  saved: { row: SignupRow; order: SignupOrder | undefined; billing: SignupBilling | undefined },
  body: PaymentRequest,
  locale: Locale,
): Promise<NewAttempt> {
  const { row, order, billing } = saved;
  if (
    row.lastCompletedStep < 3 ||
    !row.parentEmail ||
    !order?.complete ||
    order.packageId === null ||
    !billing
  ) {
    throw new AppError('SECTION_OUT_OF_ORDER');
  }
  const savedOrder: SavedOrder = {
    packageId: order.packageId,
    productId: SubscriptionTermSchema.safeParse(order.productId).data ?? null,
    services: order.services.filter((code): code is SavedOrder['services'][number] =>
      ORDER_SERVICES.includes(code),
    ),
  };
  const sent = body.order;
  if (
    sent.packageId !== savedOrder.packageId ||
    (sent.productId !== undefined && sent.productId !== savedOrder.productId) ||
    (sent.services !== undefined && !sameServices(sent.services, savedOrder.services))
  ) {
    throw fieldError('order.packageId', 'pricing_package_error', locale);
  }
  if (row.parentEmail && (await userExistsWithEmail(deps.db, row.parentEmail))) {
    throw failureError({ kind: 'duplicateParent' }, locale);
  }
  const consentRequired = isConsentRequired(billing.country);
  if (consentRequired && body.termsAccepted !== true) {
    throw fieldError('termsAccepted', 'payment_terms_error', locale);
  }

  const priced = await deps.pricing.quote(
    row,
    order,
    {
      address: pricedAddress(billing),
      limboId: undefined,
      orderDetail: {
        packageId: savedOrder.packageId,
        productId: savedOrder.productId ?? undefined,
        services: savedOrder.services,
      },
      payForCoparent: body.payForCoparent,
      paymentCodes: body.paymentCodes,
      promoCodes: body.promoCodes,
      phoneCountryCode: undefined,
      phoneNumber: undefined,
    },
    { locale },
  );
  await assertPayable(
    deps,
    priced,
    body.payment,
    signupFlagContext(row, locale, billing.country),
    locale,
  );
  if (!isCurrencyCode(priced.totals.currencyCode)) throw new Error('unknown currency');
  return newAttempt({
    locale,
    order: savedOrder,
    billing: { ...addressOf(billing), timeZone: billing.timeZone },
    payForCoparent: body.payForCoparent,
    marketingOptIn: body.marketingOptIn ?? !consentRequired,
    termsAccepted: body.termsAccepted === true,
    cardHolderName: body.payment.cardHolderName ?? null,
    pricing: priced,
  });
}

/**
 * An invited co-parent's own attempt: the order comes with the request (the invited flow keeps no
 * saved order), priced from the user's saved billing address; consent as for Parent A.
 */
export async function prepareInvitedAttempt(
  deps: AttemptDeps,
  invited: InvitedPayer,
  body: InvitedPaymentRequest,
  locale: Locale,
): Promise<NewAttempt> {
  const { user, billing } = invited;
  if (!user.email || !billing) throw new AppError('SECTION_OUT_OF_ORDER');
  const consentRequired = isConsentRequired(billing.country);
  if (consentRequired && !invited.agreedToTerms && body.termsAccepted !== true) {
    throw fieldError('termsAccepted', 'payment_terms_error', locale);
  }
  const priced = await deps.pricing.quoteFor(
    {
      id: user.id,
      parentPhoneCountryCode: user.phoneCountryCode,
      parentPhoneNumber: user.phoneNumber,
    },
    {
      address: pricedAddress(billing),
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
  await assertPayable(deps, priced, body.payment, invitedFlagContext(user.id, locale), locale);
  const inviter = invited.inviter;
  return newAttempt({
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
      inviterPhone: inviter ? phoneNumberE164(inviter.phoneCountryCode, inviter.phoneNumber) : null,
    },
  });
}

/** The server's price is the one shown, and the method may be used here. */
async function assertPayable(
  deps: AttemptDeps,
  priced: PricingResponse,
  payment: PaymentRequest['payment'],
  context: FlagContext,
  locale: Locale,
): Promise<void> {
  assertChargeMatchesPricing(priced, payment, locale);
  await assertMethodAllowed(deps.flags, payment.paymentType, priced.totals.total, context, locale);
}

/**
 * A wallet hidden by its restriction flag (hide-paypal, hide-venmo, hide-apple-pay) is hidden
 * from the browser; a request that pays with it anyway is refused here, before anything is
 * written, with the context the browser's flags use. Only a total to charge uses a method.
 */
async function assertMethodAllowed(
  flags: ExperimentFlags,
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
