import { z } from 'zod';

/**
 * The parameters of Twilio's webhooks this server reads. The objects are loose: Twilio sends more
 * (AccountSid, From, To, ApiVersion…), all covered by the signature, and new ones may come.
 */

/** A message status callback (the `statusCallback` of a send, or the messaging service's). */
export const TwilioStatusCallbackSchema = z
  .looseObject({
    MessageSid: z.string().regex(/^[A-Z]{2}[0-9a-f]{32}$/),
    /** Twilio sends the status twice, as MessageStatus and (older name) SmsStatus. */
    MessageStatus: z.string().max(40).optional(),
    SmsStatus: z.string().max(40).optional(),
    ErrorCode: z
      .string()
      .regex(/^\d{1,6}$/)
      .optional(),
  })
  .refine((body) => body.MessageStatus ?? body.SmsStatus, {
    message: 'MessageStatus or SmsStatus is required',
    path: ['MessageStatus'],
  })
  .meta({ id: 'TwilioStatusCallback' });

/** An incoming text to the sending number (a reply: STOP, START or anything else). */
export const TwilioInboundTextSchema = z
  .looseObject({
    From: z.string().regex(/^\+[1-9]\d{6,14}$/),
    Body: z.string().max(1600),
    /** Sent by a messaging service with Advanced Opt-Out: STOP, START or HELP. */
    OptOutType: z.string().max(20).optional(),
  })
  .meta({ id: 'TwilioInboundText' });
