import type { PaymentResponse } from '@coparent/domain';
import { useCheckoutStore } from './checkout-store';
import type { CredentialsLocationState } from './hooks/use-pay';

/**
 * Parent A's paid answer, kept for /credentials and /receipt (the credentials token apart from
 * the result). Answers the state /credentials needs, or null when the account already has its
 * username (a replay after the credentials were set): then /receipt.
 */
export function storeSignupPayment(answer: PaymentResponse): CredentialsLocationState | null {
  const { clickToJoinToken, ...result } = answer;
  const userId = answer.registration.parent.userId;
  const store = useCheckoutStore.getState();
  if (!clickToJoinToken) {
    store.setResult(result, undefined);
    store.markCredentialsSet();
    return null;
  }
  store.setResult(result, { token: clickToJoinToken, userId });
  return { credentialsToken: clickToJoinToken, userId };
}
