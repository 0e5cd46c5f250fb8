import twilio from 'twilio';
import { SmsDeliveryError, type SmsTransport } from './sms-sender.js';

/** Twilio's settings (config/ports.ts `readSms`): a sender number or a messaging service. */
export type TwilioConfig = {
  accountSid: string;
  authToken: string;
} & (
  | { from: string; messagingServiceSid?: undefined }
  | { from?: undefined; messagingServiceSid: string }
);

/**
 * Where Twilio posts to us (modules/sms-webhooks): each sent text's status, and the texts sent to
 * our number (the replies; set as the number's or messaging service's incoming webhook).
 */
export const TWILIO_WEBHOOK_PATHS = {
  status: '/v2/webhooks/twilio/status',
  inbound: '/v2/webhooks/twilio/inbound',
} as const;

/** The SDK's HTTP seam (its `RequestClient.request`): the offline contract test fakes only this. */
export type TwilioHttpClient = Pick<twilio.RequestClient, 'request'>;

/**
 * Each call to Twilio is bounded well below the retry's smallest base delay (30 s), the time a
 * claimed row is left to its sender (the SDK's own default is 30 s).
 */
const TWILIO_TIMEOUT_MS = 20_000;

/**
 * Twilio's answers that no retry changes: 400 with an error code about this message (21211 an
 * invalid 'To' number, 21610 a recipient who replied STOP, 21614 not a mobile number, 21408 a
 * country not enabled). 401/403 (wrong credentials) and 404 are the configuration's fault, 429
 * and 5xx Twilio's: those are retried, so fixing the settings lets the texts go out.
 */
function isPermanentTwilioRefusal(status: number | undefined): boolean {
  return status === 400;
}

/** The SDK's error (RestException, or an HTTP failure) as the port's. */
function toSmsDeliveryError(error: unknown): SmsDeliveryError {
  const { status, code, message } = (error ?? {}) as {
    status?: unknown;
    code?: unknown;
    message?: unknown;
  };
  const httpStatus = typeof status === 'number' ? status : undefined;
  return new SmsDeliveryError(
    typeof message === 'string' && message ? message : 'Twilio did not answer',
    {
      status: httpStatus,
      code: typeof code === 'number' ? code : undefined,
      permanent: isPermanentTwilioRefusal(httpStatus),
    },
  );
}

/**
 * Texts through the official Twilio SDK (`messages.create`): from the configured number, or
 * through the messaging service (which picks the sender), each asking for its status at
 * `statusCallbackUrl` (the public URL's status webhook). `httpClient` replaces the SDK's HTTP
 * layer (tests only). A refusal becomes an `SmsDeliveryError`.
 */
export function createTwilioTransport(
  config: TwilioConfig,
  options: {
    statusCallbackUrl?: string | undefined;
    httpClient?: TwilioHttpClient | undefined;
  } = {},
): SmsTransport {
  const client = twilio(config.accountSid, config.authToken, {
    timeout: TWILIO_TIMEOUT_MS,
    ...(options.httpClient ? { httpClient: options.httpClient as twilio.RequestClient } : {}),
  });
  const sender = config.messagingServiceSid
    ? { messagingServiceSid: config.messagingServiceSid }
    : { from: config.from };
  const callback = options.statusCallbackUrl ? { statusCallback: options.statusCallbackUrl } : {};
  return {
    async send({ to, body }) {
      try {
        const message = await client.messages.create({ to, body, ...sender, ...callback });
        return { providerMessageId: message.sid };
      } catch (error) {
        throw toSmsDeliveryError(error);
      }
    },
  };
}
