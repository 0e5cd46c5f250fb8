import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TWILIO_WEBHOOK_PATHS } from '../../adapters/sms/twilio.js';
import { errorResponses } from '../../http/schemas.js';
import { TwilioInboundTextSchema, TwilioStatusCallbackSchema } from './schemas.js';
import type { SmsWebhooksService } from './service.js';
import { requireTwilioSignature, twilioParams } from './twilio-signature.js';

export type SmsWebhooksRoutesOptions = {
  service: SmsWebhooksService;
  /** Twilio's auth token: the key of the request signature. */
  authToken: string;
  /** The public URL Twilio is given for the webhooks (the signature covers it). */
  publicUrl: string;
};

/** An empty TwiML answer: no reply text (Twilio answers STOP and START itself). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const SIGNATURE_HEADERS = z.looseObject({
  'x-twilio-signature': z.string().optional().describe("Twilio's HMAC-SHA1 of the URL and body"),
});

/**
 * Twilio's webhooks, registered only with Twilio configured: the delivery status of a
 * sent text and the replies to our number. Both are form posts signed by Twilio; a missing or
 * wrong `X-Twilio-Signature` answers 403 SIGNATURE_INVALID and changes nothing.
 */
export const smsWebhooksRoutes: FastifyPluginAsyncZod<SmsWebhooksRoutesOptions> = async (
  app,
  opts,
) => {
  const { service } = opts;
  // Only these routes read form bodies (Twilio's): the rest of the API takes JSON alone.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, twilioParams(String(body))),
  );
  // Before the schema: the signature is checked on exactly what Twilio posted.
  app.addHook('preValidation', requireTwilioSignature(opts.authToken, opts.publicUrl));

  app.post(
    TWILIO_WEBHOOK_PATHS.status,
    {
      schema: {
        tags: ['webhooks'],
        summary: "Twilio's status callback of a sent text (form post, signed)",
        description:
          'Records `MessageStatus` on the outbox row of `MessageSid` when it is further along ' +
          'than the recorded one (queued → sent → delivered, undelivered or failed), so a late ' +
          'or replayed callback changes nothing. `failed` and `undelivered` show on the inviting ' +
          'parent’s account home; ErrorCode 21610 puts the number on the opt-out list. 204 also ' +
          'for an unknown message. 403 SIGNATURE_INVALID without a valid `X-Twilio-Signature`.',
        consumes: ['application/x-www-form-urlencoded'],
        headers: SIGNATURE_HEADERS,
        body: TwilioStatusCallbackSchema,
        response: { 204: z.null(), ...errorResponses(403, 422) },
      },
    },
    async (request, reply) => {
      const { MessageSid, MessageStatus, SmsStatus, ErrorCode } = request.body;
      await service.messageStatus({
        messageSid: MessageSid,
        status: (MessageStatus ?? SmsStatus ?? '').toLowerCase(),
        errorCode: ErrorCode === undefined ? null : Number(ErrorCode),
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    TWILIO_WEBHOOK_PATHS.inbound,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'A text sent to our number (form post, signed): STOP and START',
        description:
          'A reply that is only STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT ' +
          'or PARAR, DETENER, CANCELAR, BAJA, ALTO puts `From` on the opt-out list (no text is ' +
          'queued or sent to it again, and its unsent texts are given up); START, UNSTOP, YES, ' +
          'INICIAR or SÍ takes it off. Answers empty TwiML. 403 SIGNATURE_INVALID without a ' +
          'valid `X-Twilio-Signature`.',
        consumes: ['application/x-www-form-urlencoded'],
        headers: SIGNATURE_HEADERS,
        body: TwilioInboundTextSchema,
        response: { 200: z.string(), ...errorResponses(403, 422) },
      },
    },
    async (request, reply) => {
      const { From, Body, OptOutType } = request.body;
      await service.inboundText({ from: From, body: Body, optOutType: OptOutType });
      return reply.type('text/xml').send(EMPTY_TWIML);
    },
  );
};
