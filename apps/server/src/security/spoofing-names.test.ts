import { enMessages as en, esMXMessages as esMX, MAX_CHILDREN } from '@coparent/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { findChildren } from '../modules/signup/repo.js';
import { createSignup, type Json } from '../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, uniqueEmail, useTestDatabase } from '../test/test-app.js';

/** Reads `Abexe.pdf` on screen: the right-to-left override turns the rest of the name around. */
const REVERSED = 'Ab\u202Efdp.exe';

describe.each(BACKENDS)('names that spoof, and the children cap, on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  const signupCount = async () => {
    const { rows } = (await ctx.database.db.execute(
      sql`select count(*)::int as count from signups`,
    )) as unknown as { rows: { count: number }[] };
    return Number(rows[0]?.count);
  };

  it("refuses step 1 when the inviting parent's name hides a direction change: 422 at that field, nothing saved", async () => {
    const before = await signupCount();
    const res = await app.inject({
      method: 'POST',
      url: '/v2/signups',
      payload: {
        sections: ['PARENT'],
        parent: {
          firstName: REVERSED,
          lastName: 'L\u200Bópez',
          email: uniqueEmail(),
          phoneCountryCode: 'US_CANADA',
          phoneNumber: '2125551234',
        },
        knowsCoParentEmail: true,
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().validationErrors).toEqual([
      { field: 'parent.firstName', text: en.signup_nameInvisible_error, type: 'ERROR' },
      { field: 'parent.lastName', text: en.signup_nameInvisible_error, type: 'ERROR' },
    ]);
    expect(await signupCount()).toBe(before);
  });

  const saveFamily = (signup: { signupId: string; registrationKey: string }, body: Json) =>
    app.inject({
      method: 'PATCH',
      url: `/v2/signups/${signup.signupId}`,
      headers: { 'x-registration-key': signup.registrationKey, 'accept-language': 'es-MX' },
      payload: { sections: ['FAMILY'], ...body },
    });

  it("refuses the co-parent's and the children's names with tag characters or piled-up accents", async () => {
    const signup = await createSignup(app);
    const res = await saveFamily(signup, {
      coParent: { firstName: 'Bruno\u{E0041}', lastName: 'López', email: uniqueEmail('co') },
      children: [{ firstName: 'Carla', lastName: 'Lo\u0336\u0337\u0338pez' }],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().validationErrors).toEqual([
      { field: 'coParent.firstName', text: esMX.signup_nameInvisible_error, type: 'ERROR' },
      { field: 'children.0.lastName', text: esMX.signup_nameInvisible_error, type: 'ERROR' },
    ]);
    expect(await findChildren(ctx.database.db, signup.signupId)).toEqual([]);
  });

  it(`saves ${MAX_CHILDREN} children and refuses ${MAX_CHILDREN + 1} with the cap's message`, async () => {
    const signup = await createSignup(app);
    const children = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ firstName: `Niño ${i + 1}`, lastName: 'López' }));
    const coParent = { firstName: 'Bruno', lastName: 'López', email: uniqueEmail('co') };

    const tooMany = await saveFamily(signup, { coParent, children: children(1000) });
    expect(tooMany.statusCode, tooMany.body).toBe(422);
    expect(tooMany.json().validationErrors).toEqual([
      { field: 'children', text: esMX.signup_childrenMax_error, type: 'ERROR' },
    ]);
    const oneOver = await saveFamily(signup, { coParent, children: children(MAX_CHILDREN + 1) });
    expect(oneOver.statusCode, oneOver.body).toBe(422);
    expect(await findChildren(ctx.database.db, signup.signupId)).toEqual([]);

    const atCap = await saveFamily(signup, { coParent, children: children(MAX_CHILDREN) });
    expect(atCap.statusCode, atCap.body).toBe(200);
    expect(await findChildren(ctx.database.db, signup.signupId)).toHaveLength(MAX_CHILDREN);
  });

  it("refuses a professional's practice name with a zero-width space: 409 at that field", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/professional/users/validator',
      payload: { step: 2, values: { practiceName: 'Smith\u200B & Co' } },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().validationErrors).toContainEqual({
      field: 'practiceName',
      text: en.signup_nameInvisible_error,
      type: 'ERROR',
    });
  });
});
