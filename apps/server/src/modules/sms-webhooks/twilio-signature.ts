import type { FastifyReply, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { sendProblem } from '../../http/error-handler.js';

/** Twilio's form parameters as the signature covers them (a repeated name keeps every value). */
export type TwilioParams = Record<string, string | string[]>;

/**
 * A form body as Twilio posts it. Every parameter is kept (the signature is computed over all of
 * them, so dropping one would fail a genuine callback).
 */
export function twilioParams(body: string): TwilioParams {
  const params: TwilioParams = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = params[name];
    if (seen === undefined) params[name] = value;
    else params[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return params;
}

/**
 * A hook that refuses (403 SIGNATURE_INVALID) a request whose `X-Twilio-Signature` is not the
 * SDK's HMAC of the URL Twilio was given (the public URL and the path, query included) and the
 * posted parameters, with the account's auth token. Runs before the body's schema, on exactly
 * what was posted; a refused request changes nothing and is logged without the header.
 */
export function requireTwilioSignature(authToken: string, publicUrl: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers['x-twilio-signature'];
    const params = (request.body ?? {}) as TwilioParams;
    const url = `${publicUrl}${request.url}`;
    const valid =
      typeof header === 'string' && twilio.validateRequest(authToken, header, url, params);
    if (!valid) {
      request.log.warn({ path: request.routeOptions.url }, 'a Twilio webhook had a bad signature');
      return sendProblem(reply, 'SIGNATURE_INVALID');
    }
  };
}
