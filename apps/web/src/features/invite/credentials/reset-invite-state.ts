import { clearAuth } from '@/stores/auth-storage';
import { clearInvitePaymentResult } from '@/stores/invite-payment-result';
import { clearInviteToken } from '@/stores/invite-token';
import { clearDraft } from './invite-credentials-draft';

/**
 * The end of the invited flow in this tab ("reset state", "clears stored user id and
 * invite token"): the invite token, the payment result and its credentials token, the stored user
 * id and what was typed on /invite/credentials.
 */
export function resetInviteState(): void {
  clearInviteToken();
  clearInvitePaymentResult();
  clearAuth();
  clearDraft();
}
