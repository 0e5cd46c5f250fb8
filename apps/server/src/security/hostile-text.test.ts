import { cleanName } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { findChildren, findSignupById } from '../modules/signup/repo.js';
import { getSignup, type TestSignup } from '../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, uniqueEmail, useTestDatabase } from '../test/test-app.js';

/**
 * Names with HTML, SQL and control characters, each within the name rules (1–20 characters, no
 * emoji): stored and read back as typed — after the domain's one cleaning, which drops control
 * characters and collapses whitespace — never interpreted by the database.
 */
const HOSTILE_NAMES = {
  parentFirst: '<script>alert(1)',
  parentLast: "Robert'); DROP TABLE",
  coParentFirst: '<img src=x>',
  coParentLast: "x' OR '1'='1",
  childFirst: '&lt;b&gt; "--',
  childLast: 'Ana\u0007\u001b[31m',
} as const;

describe.each(BACKENDS)('names with HTML, SQL and control characters on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('are stored and answered as typed, and every table still works', async () => {
    const names = HOSTILE_NAMES;
    const created = await app.inject({
      method: 'POST',
      url: '/v2/signups',
      payload: {
        sections: ['PARENT'],
        parent: {
          firstName: names.parentFirst,
          lastName: names.parentLast,
          email: uniqueEmail(),
          phoneCountryCode: 'US_CANADA',
          phoneNumber: '2125551234',
        },
        knowsCoParentEmail: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const signup = created.json() as TestSignup;
    const family = await app.inject({
      method: 'PATCH',
      url: `/v2/signups/${signup.signupId}`,
      headers: { 'x-registration-key': signup.registrationKey },
      payload: {
        sections: ['FAMILY'],
        coParent: {
          firstName: names.coParentFirst,
          lastName: names.coParentLast,
          email: uniqueEmail('coparent'),
        },
        children: [{ firstName: names.childFirst, lastName: names.childLast }],
      },
    });
    expect(family.statusCode, family.body).toBe(200);

    const answered = await getSignup(app, signup);
    expect(answered.json()).toMatchObject({
      parent: { firstName: names.parentFirst, lastName: names.parentLast },
      coParent: { firstName: names.coParentFirst, lastName: names.coParentLast },
      children: [{ firstName: names.childFirst, lastName: cleanName(names.childLast) }],
    });
    expect(cleanName(names.childLast)).toBe('Ana[31m');

    const row = await findSignupById(ctx.database.db, signup.signupId);
    expect(row).toMatchObject({
      parentFirstName: names.parentFirst,
      parentLastName: names.parentLast,
    });
    const [child] = await findChildren(ctx.database.db, signup.signupId);
    expect(child?.firstName).toBe(names.childFirst);
    // The DROP TABLE was data: signups are still there and new ones can be made.
    const another = await app.inject({
      method: 'POST',
      url: '/v2/signups',
      payload: {
        sections: ['NAME'],
        parent: { firstName: 'Ana', lastName: 'López' },
      },
    });
    expect(another.statusCode, another.body).toBe(201);
  });
});
