import {
  DUPLICATE_PARENT_FIELD,
  decodeGaPayload,
  orderDetailOf,
  type PaymentResponse,
  type PricingRequestInput,
  type PricingResponse,
  PricingResponseSchema,
  type SavedOrder,
  type ValidationError,
} from '@coparent/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { track } from '@/lib/analytics';
import { getAnonymousId } from '@/lib/anonymous-id';
import { type ApiError, isApiError } from '@/lib/api-client';
import { randomId } from '@/lib/random-id';
import { useLocale } from '@/lib/use-locale';
import { useTooManyAttempts } from '@/lib/use-too-many-attempts';
import { checkoutPricingQueryOptions } from '../api/get-checkout-pricing';
import { type CheckoutPaymentBody, useCheckoutSession } from '../checkout-session';
import { type PendingAttempt, useCheckoutStore } from '../checkout-store';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** What the last Pay now ended with, shown on Review. */
export type PayProblem =
  /** 402: the server's localised decline text, about the credential that was declined. */
  | { kind: 'declined'; text: string; credential: string }
  /** 409 PRICE_CHANGED: the new total is on screen; paying again confirms it. */
  | { kind: 'priceChanged'; text: string }
  /** 422: field errors (terms, nonce, codes, order…). */
  | { kind: 'validation'; errors: ValidationError[] }
  /** 409 PAYMENT_IN_PROGRESS or 503: the server's text; nothing more was charged. */
  | { kind: 'wait'; text: string }
  /** 429: too many attempts; Pay now works again once the server's wait is over. */
  | { kind: 'tooMany'; seconds: number }
  /** Anything else: the generic error. */
  | { kind: 'generic' };

/** The state of the credentials page after a payment (navigation state and session store). */
export type CredentialsLocationState = { credentialsToken: string; userId: string };

/** The method and its nonce: a decline is about this one credential, not the next. */
function credentialOf(method: string, nonce: string | undefined): string {
  return `${method}:${nonce ?? ''}`;
}

/** Same attempt, same body: then the same Idempotency-Key replays it. */
function sameBody(a: CheckoutPaymentBody, b: CheckoutPaymentBody): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Answers whose outcome is unknown (the network, a 5xx without a problem, an unreadable answer)
 * or still being decided (PAYMENT_IN_PROGRESS) keep the attempt, so that the next Pay now — or a
 * reload and Pay now — replays it with the same key instead of paying again.
 */
function isUnresolved(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.code === 'PAYMENT_IN_PROGRESS' || error.code === 'INVALID_RESPONSE') return true;
  if (error.status === 0) return true;
  return error.status >= 500 && error.code !== 'PAYMENT_PROVIDER_UNAVAILABLE';
}

function problemText(error: ApiError): string | undefined {
  const detail = error.body.detail;
  return typeof detail === 'string' && detail ? detail : undefined;
}

/** Pushes the payment answer's GA4 purchase event to the data layer (decoded UTF-8 safely). */
function pushPurchase(gaPayloadBase64: string): void {
  try {
    const payload = decodeGaPayload(gaPayloadBase64);
    window.dataLayer ??= [];
    window.dataLayer.push({ ecommerce: null });
    window.dataLayer.push(payload);
  } catch {
    // A payload we cannot read must never stand between a paid order and the next screen.
  }
}

/**
 * Pay now: one Idempotency-Key per attempt, kept in sessionStorage
 * until the attempt resolves, so a double click, a retry after a lost answer or a reload replays
 * the same attempt and is never charged twice. On success: the checkout events, 'Subscription
 * Created', the GA purchase event, then the flow keeps the result and goes on (`onPaid`).
 */
export function usePay({
  order,
  pricing,
  pricingBody,
}: {
  order: SavedOrder;
  /** The summary's price (what the person sees and confirms). */
  pricing: PricingResponse | undefined;
  /** The body that price was asked with (a changed price replaces its answer). */
  pricingBody: PricingRequestInput;
}) {
  const session = useCheckoutSession();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const payCall = useMutation({
    mutationKey: ['checkout', 'pay', session.flowId],
    mutationFn: session.calls.pay,
  });
  const [problem, setProblem] = useState<PayProblem | null>(null);
  const credential = useCheckoutStore((s) => credentialOf(s.method, s.nonces[s.method]));
  const tooMany = useTooManyAttempts();
  const isInFlight = useRef(false);

  const buildBody = (): CheckoutPaymentBody | null => {
    if (!pricing) return null;
    const state = useCheckoutStore.getState();
    const { consent } = state;
    const nonce = state.nonces[state.method];
    return {
      marketingOptIn: consent.isRequired ? consent.marketingOptIn : true,
      ...(consent.isRequired ? { termsAccepted: consent.termsAndConditions } : {}),
      order: orderDetailOf(order),
      payment: {
        amountDisplayed: pricing.totals.total,
        taxAmountDisplayed: pricing.totals.taxAmount,
        cardHolderName: `${session.parent.firstName} ${session.parent.lastName}`.trim(),
        nonce: pricing.totals.total === 0 ? null : (nonce ?? null),
        paymentType: state.method,
        pricingLocale: locale,
        // Nothing to charge: no method is asked for, so none is kept for the renewals.
        storePaymentOnFile: pricing.totals.total !== 0,
        taxId: pricing.taxId,
        // Collected only for GB card payments (the Payment view's data collector).
        deviceData: state.method === 'CREDIT_CARD' ? (state.deviceData ?? null) : null,
        bankAccountNumber: null,
        bankRoutingNumber: null,
      },
      payForCoparent: session.canPayForCoParent && state.isPayingForCoparent,
      // The lists sent to the pricing call the total came from.
      promoCodes: pricing.request.promoCodes.length > 0 ? pricing.request.promoCodes : null,
      paymentCodes: pricing.request.paymentCodes.length > 0 ? pricing.request.paymentCodes : null,
      segmentAnonymousId: getAnonymousId(),
    };
  };

  const succeed = (answer: PaymentResponse) => {
    useCheckoutStore.getState().setPendingAttempt(undefined);
    const userId = answer.registration.parent.userId;
    const { receipt } = answer;
    track('Checkout Step Completed', { step: 3, stepName: 'REVIEW' });
    track('Order Completed', {
      orderId: receipt.transactionId,
      total: receipt.totals.total,
      tax: receipt.totals.taxAmount,
      currency: receipt.totals.currencyCode,
      coupon: receipt.couponDetail?.couponCode ?? null,
      packageId: receipt.packageId,
    });
    track('Subscription Created', {
      packageId: receipt.packageId,
      paymentType: receipt.paymentMethod,
      payForCoparent: receipt.payForCoParent,
      subDurationInYears: receipt.subDurationInYears,
      accountType: session.isInvited ? 'Parent B' : 'Parent A',
      userId,
    });
    pushPurchase(answer.gaPayloadBase64);
    session.onPaid(answer);
  };

  const fail = (error: unknown) => {
    if (!isApiError(error)) {
      setProblem({ kind: 'generic' });
      return;
    }
    if (session.calls.isGone(error.status)) {
      session.onSessionGone();
      return;
    }
    if (tooMany.noteRefusal(error)) {
      setProblem(null);
      return;
    }
    const isDuplicate =
      error.code === 'DUPLICATE_PARENT' ||
      error.fieldErrors.some((e) => e.field === DUPLICATE_PARENT_FIELD);
    if (isDuplicate && session.onDuplicateParent) {
      session.onDuplicateParent();
      return;
    }
    if (error.code === 'ALREADY_PAID' && session.onAlreadyPaid) {
      session.onAlreadyPaid();
      return;
    }
    if (error.code === 'PAYMENT_DECLINED') {
      const { method, nonces } = useCheckoutStore.getState();
      setProblem({
        kind: 'declined',
        text: problemText(error) ?? '',
        credential: credentialOf(method, nonces[method]),
      });
      return;
    }
    if (error.code === 'PRICE_CHANGED') {
      const parsed = PricingResponseSchema.safeParse(error.body.pricing);
      if (parsed.success) {
        // The new price becomes the summary's (the same query the summary reads).
        queryClient.setQueryData(
          checkoutPricingQueryOptions(session, pricingBody, locale).queryKey,
          parsed.data,
        );
      }
      setProblem({ kind: 'priceChanged', text: problemText(error) ?? '' });
      return;
    }
    if (error.code === 'PAYMENT_IN_PROGRESS' || error.code === 'PAYMENT_PROVIDER_UNAVAILABLE') {
      setProblem({ kind: 'wait', text: problemText(error) ?? '' });
      return;
    }
    if (error.code === 'SECTION_OUT_OF_ORDER' || error.code === 'COUNTRY_MISMATCH') {
      session.onPricingFailed();
      return;
    }
    if (error.fieldErrors.length > 0) {
      setProblem({ kind: 'validation', errors: error.fieldErrors });
      return;
    }
    setProblem({ kind: 'generic' });
  };

  const pay = async () => {
    if (isInFlight.current) return;
    const body = buildBody();
    if (!body) return;
    isInFlight.current = true;
    setProblem(null);
    const store = useCheckoutStore.getState();
    const pending = store.pendingAttempt;
    const attempt: PendingAttempt =
      pending && pending.flowId === session.flowId && sameBody(pending.body, body)
        ? pending
        : { flowId: session.flowId, key: randomId(), body };
    store.setPendingAttempt(attempt);
    track('Pay Now Clicked', { paymentType: store.method, isReplay: attempt === pending });
    try {
      const answer = await payCall.mutateAsync({
        idempotencyKey: attempt.key,
        body: attempt.body,
      });
      succeed(answer);
    } catch (error) {
      if (!isUnresolved(error)) useCheckoutStore.getState().setPendingAttempt(undefined);
      fail(error);
    } finally {
      isInFlight.current = false;
    }
  };

  // Another method or a new card: the decline no longer says anything about what will be paid with.
  const isStaleDecline = problem?.kind === 'declined' && problem.credential !== credential;
  const shownProblem: PayProblem | null =
    tooMany.waitSeconds !== undefined
      ? { kind: 'tooMany', seconds: tooMany.waitSeconds }
      : isStaleDecline
        ? null
        : problem;

  return {
    pay,
    isPaying: payCall.isPending,
    problem: shownProblem,
  };
}
