import { PAYMENT_VIEWS, type PaymentView } from '../constants/enums.js';

// The payment page's forms as a browser without a script posts them (one URL, three views).

/** The view a posted form comes from; the server answers with the next one. */
export const PAYMENT_VIEW_FIELD = 'paymentView';

/** The view a link opens (`/payment?view=PAYMENT`): Billing when absent. */
export const PAYMENT_VIEW_PARAM = 'view';

/** The posted view, or undefined for anything else. */
export function paymentViewOf(value: unknown): PaymentView | undefined {
  return (PAYMENT_VIEWS as readonly unknown[]).includes(value) ? (value as PaymentView) : undefined;
}

/**
 * What the server writes into the Review form and reads back from it: the card's single-use nonce
 * (and, to show it, its brand and last four digits), the attempt's Idempotency-Key (a double
 * post or a post again after a lost answer replays it), and the price the page showed.
 */
export const REVIEW_FORM_FIELDS = [
  'nonce',
  'cardType',
  'lastFour',
  'idempotencyKey',
  'amountDisplayed',
  'taxAmountDisplayed',
  'taxId',
] as const;
export type ReviewFormField = (typeof REVIEW_FORM_FIELDS)[number];

/** The consent boxes' names (asked where the billing country requires consent). */
export const TERMS_ACCEPTED_FIELD = 'termsAccepted';
export const MARKETING_OPT_IN_FIELD = 'marketingOptIn';

/** Set by the Billing form's confirmation that the package is for another country's prices. */
export const COUNTRY_MISMATCH_CONFIRMED_FIELD = 'countryMismatchConfirmed';

/** The sandbox card's fields (the local payment sandbox only: Braintree's are hosted). */
export const CARD_FORM_FIELDS = ['number', 'expirationDate', 'cvv'] as const;
