import { pino } from 'pino';
import twilio from 'twilio';
import { expect } from 'vitest';
import { createProviderSmsSender } from '../adapters/sms/outbox.js';
import type { SmsDeliveryError, SmsTransport } from '../adapters/sms/sms-sender.js';
import type { App } from '../app.js';
import type { Db } from '../db/client.js';
import {
  billingBody,
  createSignup,
  saveBilling,
  savePackage,
  type TestSignup,
} from './signup-fixtures.js';
import { uniqueEmail } from './test-app.js';

/** Twilio settings for a test app: the webhooks exist, the texts go through a fake transport. */
export const TWILIO_TEST_ENV = {
  PUBLIC_URL: 'https://join.example.test',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'test-twilio-auth-token',
  TWILIO_FROM: '+15005550006',
};

let phoneCounter = 0;
/** A Mexican mobile number no other test uses (national, 10 digits) and its E.164 form. */
export function uniqueMexicanPhone(): { national: string; e164: string } {
  phoneCounter += 1;
  const digits = `${Date.now() % 1_000_000}${phoneCounter}`.padStart(8, '0').slice(-8);
  const national = `55${digits}`;
  return { national, e164: `+52${national}` };
}

let sidCounter = 0;
/** A Twilio message sid no other test uses. */
export function uniqueMessageSid(): string {
  sidCounter += 1;
  const hex = `${Date.now().toString(16)}${sidCounter.toString(16)}`;
  return `SM${hex.padStart(32, '0').slice(-32)}`;
}

/** A signup whose co-parent has a phone and no email, with the package and billing saved. */
export async function phoneOnlySignupReadyToPay(
  app: App,
  options: { coParentPhone: string; language?: string },
): Promise<TestSignup> {
  const language = options.language ?? 'en';
  const signup = await createSignup(app, {
    email: uniqueEmail('phone-only'),
    knowsCoParentEmail: false,
  });
  const family = await app.inject({
    method: 'PATCH',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey, language },
    payload: {
      sections: ['FAMILY'],
      coParent: {
        firstName: 'Bruno',
        lastName: 'López',
        email: '',
        phoneCountryCode: 'MEXICO',
        phoneNumber: options.coParentPhone,
      },
      children: [{ firstName: 'Carla', lastName: 'López' }],
    },
  });
  expect(family.statusCode, family.body).toBe(200);
  const pkg = await savePackage(app, signup, { order: { packageId: 3003 } });
  expect(pkg.statusCode, pkg.body).toBe(200);
  const billed = await saveBilling(app, signup, billingBody(), language);
  expect(billed.statusCode, billed.body).toBe(200);
  return signup;
}

/** A Twilio stand-in at the port's transport: keeps what it sent, or refuses as told. */
export function fakeTransport(refuse?: SmsDeliveryError) {
  const sent: { to: string; body: string }[] = [];
  const transport: SmsTransport = {
    async send(text) {
      if (refuse) throw refuse;
      sent.push(text);
      return { providerMessageId: uniqueMessageSid() };
    },
  };
  return { transport, sent };
}

/** Twilio's sender over `transport` (sent after the commit, retried as configured). */
export function providerSmsSender(db: Db, transport: SmsTransport, now = () => new Date()) {
  return createProviderSmsSender({
    db,
    log: pino({ level: 'silent' }),
    now,
    retry: { maxAttempts: 6, baseDelaySeconds: 60 },
    transport,
  });
}

/** A form post as Twilio sends it to `path`, signed by the SDK with `authToken`. */
export function signedTwilioPost(
  path: string,
  params: Record<string, string>,
  authToken = TWILIO_TEST_ENV.TWILIO_AUTH_TOKEN,
) {
  const url = `${TWILIO_TEST_ENV.PUBLIC_URL}${path}`;
  return {
    method: 'POST' as const,
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, url, params),
    },
    payload: new URLSearchParams(params).toString(),
  };
}
