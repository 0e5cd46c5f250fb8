import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { SmsDeliveryError } from './sms-sender.js';
import { createTwilioTransport, TWILIO_WEBHOOK_PATHS, type TwilioHttpClient } from './twilio.js';

/**
 * The Twilio adapter offline: the official SDK stays real (it builds the Messages request, signs
 * it with the account's credentials, parses the answers and makes its own RestException), and
 * only its HTTP layer is faked, through the `httpClient` the SDK accepts in place of its
 * axios-based RequestClient. The answers are Twilio's JSON as the REST API sends it.
 */

const ACCOUNT_SID = `AC${'a'.repeat(32)}`;
const AUTH_TOKEN = 'test-auth-token';
const MESSAGING_SERVICE_SID = `MG${'b'.repeat(32)}`;
const MESSAGE_SID = `SM${'c'.repeat(32)}`;

type SentRequest = Parameters<TwilioHttpClient['request']>[0];
type Answer = { statusCode: number; body: unknown };

/** An HTTP layer that records each request and answers as told (Twilio sends JSON text). */
function fakeHttp(answer: Answer) {
  const requests: SentRequest[] = [];
  const httpClient: TwilioHttpClient = {
    async request<TData>(options: SentRequest) {
      requests.push(options);
      const response = {
        statusCode: answer.statusCode,
        body: JSON.stringify(answer.body),
        headers: { 'content-type': 'application/json' },
      };
      return response as unknown as Awaited<ReturnType<TwilioHttpClient['request']>> & {
        body: TData;
      };
    },
  };
  return { httpClient, requests };
}

/** Twilio's answer to a queued message (abridged to what a client reads). */
const QUEUED = {
  statusCode: 201,
  body: {
    sid: MESSAGE_SID,
    account_sid: ACCOUNT_SID,
    to: '+525512345678',
    from: '+15005550006',
    body: 'Hello',
    status: 'queued',
    num_segments: '1',
    date_created: 'Fri, 27 Nov 2026 22:00:00 +0000',
    uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/${MESSAGE_SID}.json`,
  },
};

describe('the Twilio adapter through the real SDK', () => {
  it('posts To, From and Body to the account Messages resource with its credentials', async () => {
    const http = fakeHttp(QUEUED);
    const transport = createTwilioTransport(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+15005550006' },
      { httpClient: http.httpClient },
    );
    const body =
      'CoParent Hub: Ana invited you.\nhttps://join.example.test/app/join/invite?token=x';
    await expect(transport.send({ to: '+525512345678', body })).resolves.toEqual({
      providerMessageId: MESSAGE_SID,
    });

    expect(http.requests).toHaveLength(1);
    const [request] = http.requests;
    expect(request?.method).toBe('post');
    expect(request?.uri).toBe(
      `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
    );
    expect(request?.username).toBe(ACCOUNT_SID);
    expect(request?.password).toBe(AUTH_TOKEN);
    expect(request?.headers?.['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(request?.data).toEqual({ To: '+525512345678', From: '+15005550006', Body: body });
  });

  it('with a messaging service: sends MessagingServiceSid instead of From', async () => {
    const http = fakeHttp(QUEUED);
    const transport = createTwilioTransport(
      {
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        messagingServiceSid: MESSAGING_SERVICE_SID,
      },
      { httpClient: http.httpClient },
    );
    await transport.send({ to: '+15551234567', body: 'Hi' });
    expect(http.requests[0]?.data).toEqual({
      To: '+15551234567',
      MessagingServiceSid: MESSAGING_SERVICE_SID,
      Body: 'Hi',
    });
  });

  it("turns Twilio's invalid number (21211) into the port's permanent error", async () => {
    const http = fakeHttp({
      statusCode: 400,
      body: {
        code: 21211,
        message: "Invalid 'To' Phone Number: +52551234XXXX",
        more_info: 'https://www.twilio.com/docs/errors/21211',
        status: 400,
      },
    });
    const transport = createTwilioTransport(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+15005550006' },
      { httpClient: http.httpClient },
    );
    const error = await transport.send({ to: '+52551234', body: 'Hi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({
      code: 21211,
      status: 400,
      permanent: true,
      message: "Invalid 'To' Phone Number: +52551234XXXX",
    });
  });

  it('asks for the status at the public URL’s status webhook', async () => {
    const http = fakeHttp(QUEUED);
    const statusCallbackUrl = `https://join.example.test${TWILIO_WEBHOOK_PATHS.status}`;
    const transport = createTwilioTransport(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+15005550006' },
      { httpClient: http.httpClient, statusCallbackUrl },
    );
    await transport.send({ to: '+15551234567', body: 'Hi' });
    expect(http.requests[0]?.data).toEqual({
      To: '+15551234567',
      From: '+15005550006',
      Body: 'Hi',
      StatusCallback: statusCallbackUrl,
    });
  });

  it("turns Twilio's unsubscribed recipient (21610) into the port's permanent error", async () => {
    const http = fakeHttp({
      statusCode: 400,
      body: {
        code: 21610,
        message: 'Attempt to send to unsubscribed recipient',
        more_info: 'https://www.twilio.com/docs/errors/21610',
        status: 400,
      },
    });
    const transport = createTwilioTransport(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+15005550006' },
      { httpClient: http.httpClient },
    );
    await expect(transport.send({ to: '+15551234567', body: 'Hi' })).rejects.toMatchObject({
      name: 'SmsDeliveryError',
      code: 21610,
      status: 400,
      permanent: true,
    });
  });

  it('keeps a busy or unreachable Twilio retryable', async () => {
    const busy = fakeHttp({
      statusCode: 429,
      body: { code: 20429, message: 'Too Many Requests', status: 429 },
    });
    const transport = createTwilioTransport(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+15005550006' },
      { httpClient: busy.httpClient },
    );
    await expect(transport.send({ to: '+15551234567', body: 'Hi' })).rejects.toMatchObject({
      name: 'SmsDeliveryError',
      code: 20429,
      permanent: false,
    });

    const down: TwilioHttpClient = {
      request: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), {})),
    };
    const unreachable = createTwilioTransport(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+15005550006' },
      { httpClient: down },
    );
    await expect(unreachable.send({ to: '+15551234567', body: 'Hi' })).rejects.toMatchObject({
      name: 'SmsDeliveryError',
      permanent: false,
      message: 'connect ECONNREFUSED',
    });
  });
});

describe("a status callback's signature through the real SDK", () => {
  const url = `https://join.example.test${TWILIO_WEBHOOK_PATHS.status}`;
  const params = {
    AccountSid: ACCOUNT_SID,
    MessageSid: MESSAGE_SID,
    MessageStatus: 'undelivered',
    SmsStatus: 'undelivered',
    ErrorCode: '30003',
  };
  const signature = twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params);

  it('is valid for the URL and parameters Twilio signed, with the account’s auth token', () => {
    expect(twilio.validateRequest(AUTH_TOKEN, signature, url, params)).toBe(true);
  });

  it('is invalid once a parameter is changed, added or removed, or with another token', () => {
    const { ErrorCode: _removed, ...fewer } = params;
    for (const tampered of [
      { ...params, MessageStatus: 'delivered' },
      { ...params, Extra: '1' },
      fewer,
    ]) {
      expect(twilio.validateRequest(AUTH_TOKEN, signature, url, tampered)).toBe(false);
    }
    expect(twilio.validateRequest('another-token', signature, url, params)).toBe(false);
  });

  it('stays valid when replayed as it was: the replay is the route’s to make harmless', () => {
    // The signature has no time or nonce, so a captured callback validates again; the status
    // only moving forward is what makes it change nothing (modules/sms-webhooks).
    expect(twilio.validateRequest(AUTH_TOKEN, signature, url, params)).toBe(true);
    // Replayed to another address it does not validate.
    const elsewhere = 'https://join.example.test/v2/webhooks/twilio/inbound';
    expect(twilio.validateRequest(AUTH_TOKEN, signature, elsewhere, params)).toBe(false);
  });
});
