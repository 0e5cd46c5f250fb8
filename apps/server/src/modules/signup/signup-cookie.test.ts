import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { createSignup, type TestSignup } from '../../test/signup-fixtures.js';
import { buildTestApp, uniqueEmail, useTestDatabase } from '../../test/test-app.js';

const cookieOf = (signup: Pick<TestSignup, 'signupId' | 'registrationKey'>) =>
  `coparent_signup=${signup.signupId}.${signup.registrationKey}`;

describe('the signup cookie', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is set when a signup is created: HttpOnly, SameSite=Lax, gone when the browser closes', async () => {
    const { signupId, registrationKey, setCookie } = await createSignup(app);
    expect(setCookie).toBe(
      `coparent_signup=${signupId}.${registrationKey}; Path=/; HttpOnly; SameSite=Lax`,
    );
  });

  it('is not set when the create is refused', async () => {
    const res = await app.inject({ method: 'POST', url: '/v2/signups', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('carries the key of its own signup, on every call about it', async () => {
    const signup = await createSignup(app);
    const cookie = cookieOf(signup);
    const read = await app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}`,
      headers: { cookie },
    });
    expect(read.statusCode, read.body).toBe(200);
    const saved = await app.inject({
      method: 'PATCH',
      url: `/v2/signups/${signup.signupId}`,
      headers: { cookie },
      payload: {
        sections: ['FAMILY'],
        coParent: { firstName: 'Bruno', lastName: 'López', email: uniqueEmail('coparent') },
        children: [{ firstName: 'Carla', lastName: 'López' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const coupons = await app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}/coupons`,
      headers: { cookie },
    });
    expect(coupons.statusCode, coupons.body).toBe(200);
    const withoutCookie = await app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}`,
    });
    expect(withoutCookie.statusCode).toBe(403);
  });

  it("opens no other signup, loses to a header, and is not given to another site's request", async () => {
    const mine = await createSignup(app);
    const theirs = await createSignup(app);
    const other = await app.inject({
      method: 'GET',
      url: `/v2/signups/${theirs.signupId}`,
      headers: { cookie: cookieOf(mine) },
    });
    expect(other.statusCode).toBe(403);

    const forged = await app.inject({
      method: 'GET',
      url: `/v2/signups/${theirs.signupId}`,
      headers: { cookie: `coparent_signup=${theirs.signupId}.${mine.registrationKey}` },
    });
    expect(forged.statusCode).toBe(403);

    const wrongHeader = await app.inject({
      method: 'GET',
      url: `/v2/signups/${mine.signupId}`,
      headers: { cookie: cookieOf(mine), 'x-registration-key': 'not-the-key' },
    });
    expect(wrongHeader.statusCode).toBe(403);

    const crossSite = await app.inject({
      method: 'GET',
      url: `/v2/signups/${mine.signupId}`,
      headers: { cookie: cookieOf(mine), 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  describe('GET /v2/signups/current', () => {
    const current = (headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url: '/v2/signups/current', headers });

    it('answers the signup the cookie names: a browser that saved step 1 by a form finds it', async () => {
      const signup = await createSignup(app);
      const res = await current({ cookie: cookieOf(signup) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ signupId: signup.signupId, lastCompletedStep: 1 });
    });

    it('answers 204 without a cookie, with a forged key, or to a request from another site', async () => {
      const signup = await createSignup(app);
      const cases: Record<string, string>[] = [
        {},
        { cookie: cookieOf({ signupId: signup.signupId, registrationKey: 'forged' }) },
        { cookie: 'coparent_signup=not-a-uuid.key' },
        { cookie: cookieOf(signup), 'sec-fetch-site': 'cross-site' },
      ];
      for (const headers of cases) {
        const res = await current(headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(204);
        expect(res.body).toBe('');
      }
    });
  });
});
