import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { loggedUrl, REDACTED } from '../logger.js';
import { buildTestApp, captureLogs, useTestDatabase } from '../test/test-app.js';

/**
 * Tokens travel in URLs (the links of emails) and a malformed body can hold a password: at
 * `trace`, the most an operator can ask, no query value, path secret or body echo is logged.
 */

describe('loggedUrl', () => {
  it('keeps the path and the parameter names, never a value', () => {
    expect(loggedUrl('/app/join/invite?token=abc')).toBe(`/app/join/invite?token=${REDACTED}`);
    expect(loggedUrl('/v2/places/suggestions?input=1%20Main&sessionToken=x')).toBe(
      `/v2/places/suggestions?input=${REDACTED}&sessionToken=${REDACTED}`,
    );
    expect(loggedUrl('/app/account/recover?s3cret')).toBe(`/app/account/recover?${REDACTED}`);
    expect(loggedUrl('/v2/lookups')).toBe('/v2/lookups');
    expect(loggedUrl('/v2/lookups?')).toBe('/v2/lookups?');
  });
});

describe('the log of requests carrying secrets in their URL or body', () => {
  const ctx = useTestDatabase('pglite');
  const logs = captureLogs();
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: { LOG_LEVEL: 'trace', DEV_MAILBOX: 'on' },
      logStream: logs.stream,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('holds the paths and parameter names, and no token, email address or typed password', async () => {
    const secret = (name: string) => `${name}-Zq8vK3pL9wX2`;
    const urls = [
      `/app/join/invite?token=${secret('invite')}`,
      `/app/account/recover?token=${secret('recover')}`,
      `/app/account/activate?token=${secret('activate')}&lang=es-MX`,
      `/v2/invites/current?token=${secret('api')}`,
      `/v2/places/suggestions?input=${secret('typed')}&sessionToken=${secret('session')}`,
      `/v2/dev/mailbox?to=${encodeURIComponent('ana.secret@example.com')}`,
      `/no/such/page?token=${secret('notfound')}`,
      `/app/join/%E0%A4%A?token=${secret('badurl')}`,
      `/app/join/invite?${secret('bare')}`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    await app.inject({
      method: 'GET',
      url: '/v2/lookups',
      headers: { referer: `https://join.example.test/app/join/invite?token=${secret('referer')}` },
    });
    const malformed = await app.inject({
      method: 'POST',
      url: '/v2/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"ana","password": ${secret('password')}}`,
    });
    expect(malformed.statusCode).toBe(400);

    const text = logs.text();
    const incoming = logs.lines
      .filter((line) => line.msg === 'incoming request')
      .map((line) => (line.req as { url: string }).url);
    // Every request was logged (Fastify answers a bad URL before logging it), its shape readable.
    expect(incoming).toContain(`/app/join/invite?token=${REDACTED}`);
    expect(incoming).toContain(`/app/account/activate?token=${REDACTED}&lang=${REDACTED}`);
    expect(incoming).toContain(`/no/such/page?token=${REDACTED}`);
    expect(incoming.length).toBeGreaterThanOrEqual(urls.length);
    for (const name of [
      'invite',
      'recover',
      'activate',
      'api',
      'typed',
      'session',
      'notfound',
      'badurl',
      'bare',
      'password',
      'referer',
    ]) {
      expect(text.includes(secret(name)), `${name} is in the log`).toBe(false);
    }
    expect(text).not.toContain('ana.secret');
  });
});
