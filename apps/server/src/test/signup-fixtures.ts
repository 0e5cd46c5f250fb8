import { expect } from 'vitest';
import type { App } from '../app.js';
import { uniqueEmail } from './test-app.js';

/**
 * Signups for tests of the later steps: created through the API (PARENT, then FAMILY), so each
 * test starts where the real funnel would.
 */

export type Json = Record<string, unknown>;
export type TestSignup = { signupId: string; registrationKey: string; email: string };

export async function createSignup(
  app: App,
  options: {
    phoneCountryCode?: string;
    phoneNumber?: string;
    email?: string;
    parentDuplicateConfirmed?: boolean;
  } = {},
): Promise<TestSignup> {
  const email = options.email ?? uniqueEmail();
  const res = await app.inject({
    method: 'POST',
    url: '/v2/signups',
    payload: {
      sections: ['PARENT'],
      parent: {
        firstName: 'Ana',
        lastName: 'López',
        email,
        phoneCountryCode: options.phoneCountryCode ?? 'US_CANADA',
        phoneNumber: options.phoneNumber ?? '2125551234',
      },
      knowsCoParentEmail: true,
      ...(options.parentDuplicateConfirmed ? { parentDuplicateConfirmed: true } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { signupId: string; registrationKey: string }), email };
}

export function saveFamily(app: App, signup: TestSignup, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'PATCH',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey, ...headers },
    payload: {
      sections: ['FAMILY'],
      coParent: { firstName: 'Bruno', lastName: 'López', email: uniqueEmail('coparent') },
      children: [{ firstName: 'Carla', lastName: 'López' }],
    },
  });
}

/** A signup with steps 1 and 2 done (lastCompletedStep 2). */
export async function signupAtStep3(
  app: App,
  options: Parameters<typeof createSignup>[1] & { referrerKey?: string } = {},
): Promise<TestSignup> {
  const signup = await createSignup(app, options);
  const res = await saveFamily(
    app,
    signup,
    options.referrerKey ? { 'x-referrer-key': options.referrerKey } : {},
  );
  expect(res.statusCode, res.body).toBe(200);
  return signup;
}

export function savePackage(
  app: App,
  signup: TestSignup,
  body: Json,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'PATCH',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey, ...headers },
    payload: { sections: ['PACKAGE'], ...body },
  });
}

export function getSignup(app: App, signup: TestSignup) {
  return app.inject({
    method: 'GET',
    url: `/v2/signups/${signup.signupId}`,
    headers: { 'x-registration-key': signup.registrationKey },
  });
}
