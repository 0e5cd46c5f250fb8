import { type PaymentType, SANDBOX_WALLET_NONCES } from '@coparent/domain';

/**
 * Braintree's documented sandbox test values, which the local sandbox gateway reproduces
 * (and the contract tests check against both adapters).
 */

export type FakeNonce = {
  paymentInstrument: PaymentType;
  cardType: string | null;
  lastFour: string | null;
  /** What a sale with it does. */
  behaviour: 'SUCCESS' | 'PROCESSOR_DECLINED' | 'LUHN_INVALID' | 'CONSUMED' | 'FRAUD';
};

const card = (cardType: string, lastFour: string, behaviour: FakeNonce['behaviour'] = 'SUCCESS') =>
  ({ paymentInstrument: 'CREDIT_CARD', cardType, lastFour, behaviour }) as const;
const wallet = (paymentInstrument: PaymentType, cardType: string | null, lastFour: string | null) =>
  ({ paymentInstrument, cardType, lastFour, behaviour: 'SUCCESS' }) as const;

export const FAKE_NONCES: Readonly<Record<string, FakeNonce>> = {
  'fake-valid-nonce': card('Visa', '1881'),
  'fake-valid-visa-nonce': card('Visa', '1881'),
  'fake-valid-mastercard-nonce': card('MasterCard', '4444'),
  'fake-valid-amex-nonce': card('American Express', '0005'),
  'fake-valid-discover-nonce': card('Discover', '1117'),
  'fake-paypal-one-time-nonce': wallet('PAYPAL', null, null),
  [SANDBOX_WALLET_NONCES.PAYPAL]: wallet('PAYPAL', null, null),
  [SANDBOX_WALLET_NONCES.VENMO]: wallet('VENMO', null, null),
  [SANDBOX_WALLET_NONCES.APPLE_PAY]: wallet('APPLE_PAY', 'Apple Pay - Visa', '1881'),
  'fake-apple-pay-mastercard-nonce': wallet('APPLE_PAY', 'Apple Pay - MasterCard', '4444'),
  'fake-apple-pay-amex-nonce': wallet('APPLE_PAY', 'Apple Pay - American Express', '0005'),
  'fake-processor-declined-visa-nonce': card('Visa', '1115', 'PROCESSOR_DECLINED'),
  'fake-processor-declined-mastercard-nonce': card('MasterCard', '5100', 'PROCESSOR_DECLINED'),
  'fake-processor-declined-amex-nonce': card('American Express', '1000', 'PROCESSOR_DECLINED'),
  'fake-processor-declined-discover-nonce': card('Discover', '9424', 'PROCESSOR_DECLINED'),
  'fake-luhn-invalid-nonce': card('Visa', '1112', 'LUHN_INVALID'),
  'fake-consumed-nonce': card('Visa', '1881', 'CONSUMED'),
  'fake-gateway-rejected-fraud-nonce': card('Visa', '0002', 'FRAUD'),
};

/** Test card numbers that succeed (any other Luhn-valid number of a known brand does too). */
export const SUCCESS_CARD_NUMBERS = [
  '4111111111111111',
  '5555555555554444',
  '378282246310005',
  '6011111111111117',
] as const;

/** Test card numbers the processor declines (2000 Do Not Honor). */
export const DECLINED_CARD_NUMBERS = [
  '4000111111111115',
  '5105105105105100',
  '378734493671000',
  '6011000990139424',
] as const;

/** CVV test values: 200 → N (does not match), 201 → U (not verified); anything else M. */
export function cvvResponseCode(cvv: string): 'M' | 'N' | 'U' {
  if (cvv === '200') return 'N';
  if (cvv === '201') return 'U';
  return 'M';
}

/** Postal code test values: 20000 → N (does not match), 20001 → U (not verified); else M, or I. */
export function postalResponseCode(postalCode: string | undefined): 'M' | 'N' | 'U' | 'I' {
  const value = (postalCode ?? '').trim();
  if (value === '') return 'I';
  if (value === '20000') return 'N';
  if (value === '20001') return 'U';
  return 'M';
}

/** Processor response texts of the decline range (2000–2999), as Braintree documents them. */
const PROCESSOR_TEXTS: Readonly<Record<number, string>> = {
  1000: 'Approved',
  2000: 'Do Not Honor',
  2001: 'Insufficient Funds',
  2002: 'Limit Exceeded',
  2003: "Cardholder's Activity Limit Exceeded",
  2004: 'Expired Card',
  2005: 'Invalid Credit Card Number',
  2006: 'Invalid Expiration Date',
  2007: 'No Account',
  2008: 'Card Account Length Error',
  2010: 'Card Issuer Declined CVV',
  2015: 'Transaction Not Allowed',
  2038: 'Processor Declined',
  2044: 'Declined - Call Issuer',
  2046: 'Declined',
  3000: 'Processor Network Unavailable - Try Again',
};

export function processorResponseText(code: number): string {
  return PROCESSOR_TEXTS[code] ?? 'Processor Declined';
}

/**
 * What the amount of a sale does, by Braintree's test amounts: 2000.00–2999.99 processor declined
 * with the whole-units as the response code; 3000.00–3000.99 failed (processor network
 * unavailable); anything else is approved.
 */
export function amountOutcome(
  amountMinor: number,
): { kind: 'APPROVED' } | { kind: 'DECLINED'; code: number } | { kind: 'FAILED'; code: 3000 } {
  if (amountMinor >= 200_000 && amountMinor <= 299_999) {
    return { kind: 'DECLINED', code: Math.floor(amountMinor / 100) };
  }
  if (amountMinor >= 300_000 && amountMinor <= 300_099) return { kind: 'FAILED', code: 3000 };
  return { kind: 'APPROVED' };
}
