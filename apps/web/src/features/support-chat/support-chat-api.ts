import { SUPPORT_CHAT_TOKEN_PATH, SupportChatTokenResponseSchema } from '@coparent/domain';
import { getAnonymousId } from '@/lib/anonymous-id';
import { apiRequest } from '@/lib/api-client';

/**
 * A short-lived JWT for the messaging widget's login. The session cookie (when logged in) goes
 * along, so the server names the account; otherwise it uses this visitor's anonymous id.
 */
export async function fetchSupportChatToken(): Promise<string> {
  const answer = await apiRequest<unknown>(SUPPORT_CHAT_TOKEN_PATH, {
    method: 'POST',
    body: { anonymousId: getAnonymousId() },
  });
  return SupportChatTokenResponseSchema.parse(answer).token;
}
