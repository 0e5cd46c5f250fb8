import {
  type SandboxTokenizeRequest,
  type TokenizePayload,
  TokenizePayloadSchema,
} from '@coparent/domain';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * POST /v2/payment/sandbox/tokenize (local sandbox only): the card form's fields become a nonce,
 * the way Braintree's hosted fields tokenise. 422 `validationErrors` at number, expirationDate,
 * cvv with the spec's three messages.
 */
export async function tokenizeCard(fields: SandboxTokenizeRequest): Promise<TokenizePayload> {
  const answer = await apiRequest<unknown>('/v2/payment/sandbox/tokenize', {
    method: 'POST',
    body: fields,
  });
  const parsed = TokenizePayloadSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: 'Unexpected nonce' });
  }
  return parsed.data;
}
