import {
  type SandboxTokenizeRequest,
  type TokenizePayload,
  TokenizePayloadSchema,
} from '@coparent/domain';
import { apiRequest, parseAnswer } from '@/lib/api-client';

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
  return parseAnswer(TokenizePayloadSchema, answer, 'nonce');
}
