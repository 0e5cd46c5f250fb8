import { z } from 'zod';
import { errorKey } from '../validation/fields.js';

/**
 * Support chat: the Zendesk messaging widget on the account home and duplicate screens, behind
 * the support-chat flag. The token call's path is the spec's, not ours to change.
 */
export const SUPPORT_CHAT_TOKEN_PATH = '/pub/v1/zendesk/getUserJwtToken';

/** How long a support chat token works: it only logs the widget in, once. */
export const SUPPORT_CHAT_TOKEN_TTL_SECONDS = 300;

/** The browser's anonymous visitor id (a UUID, or 32 hex digits where randomUUID is missing). */
export const ANONYMOUS_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/**
 * The token request: the visitor's anonymous id, used as the chat identity when nobody is
 * logged in (a logged-in account's own id wins). Nothing else is accepted.
 */
export const SupportChatTokenRequestSchema = z.strictObject({
  anonymousId: z
    .string(errorKey('invalidValue'))
    .regex(ANONYMOUS_ID_PATTERN, errorKey('invalidValue')),
});
export type SupportChatTokenRequest = z.infer<typeof SupportChatTokenRequestSchema>;

/** A signed JWT for `zE('messenger', 'loginUser', …)`. */
export const SupportChatTokenResponseSchema = z.object({ token: z.string() });
export type SupportChatTokenResponse = z.infer<typeof SupportChatTokenResponseSchema>;
