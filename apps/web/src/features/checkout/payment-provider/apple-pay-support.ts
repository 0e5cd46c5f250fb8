import type { ApplePaySession } from 'braintree-web/apple-pay';

declare global {
  interface Window {
    /** Safari's Apple Pay JS (absent elsewhere). */
    ApplePaySession?: typeof ApplePaySession;
  }
}

/**
 * Whether this browser can pay with Apple Pay (`ApplePaySession.canMakePayments()`). Asked by
 * every provider, the local sandbox too, so a browser without Apple Pay is never offered it.
 */
export function browserSupportsApplePay(): boolean {
  try {
    return window.ApplePaySession?.canMakePayments() === true;
  } catch {
    // Safari throws outside a secure context: no Apple Pay there either.
    return false;
  }
}
