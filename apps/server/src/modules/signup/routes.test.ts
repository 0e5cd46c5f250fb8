import {
  DUPLICATE_COPARENT_FIELD,
  DUPLICATE_PARENT_FIELD,
  enMessages,
  esMXMessages,
  supportPhoneFor,
  translateMessage,
} from '@coparent/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { hashToken } from '../../security/tokens.js';
import { BACKENDS, buildTestApp, uniqueEmail, useTestDatabase } from '../../test/test-app.js';
import { insertUser } from '../account/repo.js';
import { findChildren, findSignupById } from './repo.js';

type Json = Record<string, unknown>;

function parentBody(overrides: { parent?: Json } & Json = {}): Json {
  const { parent, ...rest } = overrides;
  return {
    sections: ['PARENT'],
    parent: {
      firstName: 'Ana',
      lastName: 'López',
      email: uniqueEmail(),
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '5551234567',
      ...parent,
    },
    knowsCoParentEmail: true,
    ...rest,
  };
}

function familyBody(overrides: { coParent?: Json; children?: Json[] } & Json = {}): Json {
  const { coParent, children, ...rest } = overrides;
  return {
    sections: ['FAMILY'],
    coParent: {
      firstName: 'Bruno',
      lastName: 'López',
      email: uniqueEmail('coparent'),
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '5557654321',
      ...coParent,
    },
    children: children ?? [
      { firstName: 'Carla', lastName: 'López' },
      { firstName: 'Diego', lastName: 'López', email: uniqueEmail('child') },
    ],
    ...rest,
  };
}

function validationErrors(
  res: LightMyRequestResponse,
): { field: string; text: string; type?: string }[] {
  return (res.json() as { validationErrors: { field: string; text: string; type?: string }[] })
    .validationErrors;
}

function fields(res: LightMyRequestResponse): string[] {
  return validationErrors(res).map((e) => e.field);
}

describe.each(BACKENDS)('signup calls on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function create(body: Json = parentBody(), headers: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url: '/v2/signups', payload: body, headers });
  }

  async function createOk(body: Json = parentBody()) {
    const res = await create(body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { signupId: string; registrationKey: string };
  }

  function get(signupId: string, key: string | undefined) {
    return app.inject({
      method: 'GET',
      url: `/v2/signups/${signupId}`,
      headers: key === undefined ? {} : { 'x-registration-key': key },
    });
  }

  function patch(signupId: string, key: string, body: Json, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'PATCH',
      url: `/v2/signups/${signupId}`,
      headers: { 'x-registration-key': key, ...headers },
      payload: body,
    });
  }

  describe('POST /v2/signups', () => {
    it('creates a PARENT signup: 201 with a signup id and a 256-bit base64url key', async () => {
      const res = await create();
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.signupId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.registrationKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(body.registrationKey, 'base64url')).toHaveLength(32);
    });

    it('stores the key only as its SHA-256 hash, and the cleaned values', async () => {
      const email = uniqueEmail();
      const { signupId, registrationKey } = await createOk(
        parentBody({
          parent: { firstName: '  O\u2019Brien  ', lastName: 'D\u2019Arcy', email: `  ${email} ` },
        }),
      );
      const row = await findSignupById(ctx.database.db, signupId);
      expect(row).toBeDefined();
      expect(row?.registrationKeyHash).toBe(hashToken(registrationKey));
      expect(row?.registrationKeyHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(registrationKey);
      expect(row?.parentFirstName).toBe("O'Brien");
      expect(row?.parentLastName).toBe("D'Arcy");
      expect(row?.parentEmail).toBe(email);
      expect(row?.lastCompletedStep).toBe(1);
      expect(row?.knowsCoParentEmail).toBe(true);
    });

    it('creates a NAME signup with the names only (lastCompletedStep 0)', async () => {
      const { signupId } = await createOk({
        sections: ['NAME'],
        parent: { firstName: 'Ana', lastName: 'López' },
      });
      const row = await findSignupById(ctx.database.db, signupId);
      expect(row?.lastCompletedStep).toBe(0);
      expect(row?.parentEmail).toBeNull();
    });

    it('sets the expiry to now + SIGNUP_TTL_HOURS (72 by default)', async () => {
      const before = Date.now();
      const { signupId } = await createOk();
      const row = await findSignupById(ctx.database.db, signupId);
      const ttl = (row?.expiresAt.getTime() ?? 0) - before;
      expect(ttl).toBeGreaterThan(72 * 3600_000 - 60_000);
      expect(ttl).toBeLessThanOrEqual(72 * 3600_000 + 60_000);
    });

    it('answers 422 with a field error for each missing field', async () => {
      const res = await create({ sections: ['PARENT'], parent: {}, knowsCoParentEmail: true });
      expect(res.statusCode).toBe(422);
      expect(fields(res)).toEqual(
        expect.arrayContaining([
          'parent.firstName',
          'parent.lastName',
          'parent.email',
          'parent.phoneCountryCode',
          'parent.phoneNumber',
        ]),
      );
    });

    it('answers 422 when knowsCoParentEmail is missing on PARENT', async () => {
      const body = parentBody();
      delete body.knowsCoParentEmail;
      const res = await create(body);
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toContainEqual(
        expect.objectContaining({
          field: 'knowsCoParentEmail',
          text: enMessages.signup_knowsCoParentEmail_error,
        }),
      );
    });

    it('answers 422, not 500, for wrong types', async () => {
      const res = await create(
        parentBody({
          parent: { firstName: 123, phoneNumber: 5551234567 },
          knowsCoParentEmail: 'yes',
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(fields(res)).toEqual(
        expect.arrayContaining(['parent.firstName', 'parent.phoneNumber', 'knowsCoParentEmail']),
      );
    });

    it('answers 422 for an unknown section and for a body that is not an object', async () => {
      const unknown = await create({ ...parentBody(), sections: ['PAYMENT'] });
      expect(unknown.statusCode).toBe(422);
      expect(fields(unknown).some((f) => f.startsWith('sections'))).toBe(true);
      const array = await create([] as unknown as Json);
      expect(array.statusCode).toBe(422);
    });

    it('answers 422 when a name has an emoji', async () => {
      const res = await create(parentBody({ parent: { firstName: 'Ana 😀' } }));
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toContainEqual({
        field: 'parent.firstName',
        text: enMessages.signup_nameEmoji_error,
        type: 'ERROR',
      });
    });

    it('answers 422 when the email is invalid', async () => {
      const res = await create(parentBody({ parent: { email: 'not-an-email' } }));
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toContainEqual(
        expect.objectContaining({ field: 'parent.email', text: enMessages.signup_email_error }),
      );
    });

    it('answers 422 when the phone number is too short', async () => {
      const res = await create(parentBody({ parent: { phoneNumber: '1234567' } }));
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toContainEqual(
        expect.objectContaining({
          field: 'parent.phoneNumber',
          text: enMessages.signup_phoneNumber_error,
        }),
      );
    });

    it('answers in Spanish with language: es-MX', async () => {
      const res = await create(parentBody({ parent: { email: 'nope', phoneNumber: '12' } }), {
        language: 'es-MX',
      });
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'parent.email', text: esMXMessages.signup_email_error }),
          expect.objectContaining({
            field: 'parent.phoneNumber',
            text: esMXMessages.signup_phoneNumber_error,
          }),
        ]),
      );
    });

    it('answers in Spanish with Accept-Language when there is no language header', async () => {
      const res = await create(parentBody({ parent: { email: 'nope' } }), {
        'accept-language': 'es-MX,es;q=0.9,en;q=0.8',
      });
      expect(validationErrors(res)[0]?.text).toBe(esMXMessages.signup_email_error);
    });

    it('answers 400 problem+json for malformed JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/v2/signups',
        headers: { 'content-type': 'application/json' },
        payload: '{"sections": ["PARENT"], ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 400, code: 'MALFORMED_JSON' });
    });

    it('answers 415 for a body that is not JSON', async () => {
      for (const contentType of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ]) {
        const res = await app.inject({
          method: 'POST',
          url: '/v2/signups',
          headers: { 'content-type': contentType },
          payload: 'sections=PARENT',
        });
        expect(res.statusCode, contentType).toBe(415);
        expect(res.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
    });

    it('answers 422 for an empty body without a content type', async () => {
      const res = await app.inject({ method: 'POST', url: '/v2/signups' });
      expect(res.statusCode).toBe(422);
    });

    it('answers 422 with the duplicate marker when the parent email has an account', async () => {
      const email = uniqueEmail('taken');
      await insertUser(ctx.database.db, { email, firstName: 'Old', lastName: 'User' });
      const res = await create(parentBody({ parent: { email: `  ${email.toUpperCase()} ` } }));
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toEqual([
        {
          field: DUPLICATE_PARENT_FIELD,
          text: translateMessage('signup_duplicateParent_error', 'en', {
            phone: supportPhoneFor(undefined).display,
          }),
          type: 'DUPLICATE',
        },
      ]);
      expect(validationErrors(res)[0]?.text).toContain('(866) 755-9991');
    });

    it('answers the duplicate marker in Spanish', async () => {
      const email = uniqueEmail('taken');
      await insertUser(ctx.database.db, { email, firstName: 'Old', lastName: 'User' });
      const res = await create(parentBody({ parent: { email } }), { language: 'es-MX' });
      expect(validationErrors(res)[0]?.text).toBe(
        translateMessage('signup_duplicateParent_error', 'es-MX', {
          phone: supportPhoneFor(undefined).display,
        }),
      );
    });

    it('accepts a duplicate parent when parentDuplicateConfirmed is true, and stores the flag', async () => {
      const email = uniqueEmail('taken');
      await insertUser(ctx.database.db, { email, firstName: 'Old', lastName: 'User' });
      const { signupId } = await createOk(
        parentBody({ parent: { email }, parentDuplicateConfirmed: true }),
      );
      const row = await findSignupById(ctx.database.db, signupId);
      expect(row?.parentDuplicateConfirmed).toBe(true);
    });
  });

  describe('GET /v2/signups/:signupId', () => {
    it('answers the signup state with the right key', async () => {
      const body = parentBody();
      const { signupId, registrationKey } = await createOk(body);
      const res = await get(signupId, registrationKey);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        signupId,
        lastCompletedStep: 1,
        parent: { ...(body.parent as Json) },
        knowsCoParentEmail: true,
        coParent: null,
        children: [],
      });
      expect(Date.parse(res.json().expiresAt)).toBeGreaterThan(Date.now());
    });

    it('answers 403 with a wrong key, and with no key', async () => {
      const { signupId, registrationKey } = await createOk();
      // Change the first character to another one: the key must differ whatever it was.
      const tampered = `${registrationKey.startsWith('A') ? 'B' : 'A'}${registrationKey.slice(1)}`;
      const wrong = await get(signupId, tampered);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(wrong.json()).toMatchObject({ status: 403, code: 'REGISTRATION_KEY_INVALID' });
      const missing = await get(signupId, undefined);
      expect(missing.statusCode).toBe(403);
    });

    it('answers 404 SIGNUP_NOT_FOUND for an unknown or malformed id', async () => {
      const { registrationKey } = await createOk();
      const unknown = await get('00000000-0000-4000-8000-000000000000', registrationKey);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'SIGNUP_NOT_FOUND' });
      const malformed = await get('not-a-uuid', registrationKey);
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toMatchObject({ code: 'SIGNUP_NOT_FOUND' });
    });

    it('answers 404 SIGNUP_EXPIRED once the signup has expired', async () => {
      const { signupId, registrationKey } = await createOk();
      const later = await buildTestApp(ctx.database, {
        now: () => new Date(Date.now() + 73 * 3600_000),
      });
      try {
        const res = await later.inject({
          method: 'GET',
          url: `/v2/signups/${signupId}`,
          headers: { 'x-registration-key': registrationKey },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'SIGNUP_EXPIRED' });
      } finally {
        await later.close();
      }
    });

    it('answers 404 SIGNUP_EXPIRED with a TTL in the past', async () => {
      const expiring = await buildTestApp(ctx.database, { env: { SIGNUP_TTL_HOURS: '-1' } });
      try {
        const created = await expiring.inject({
          method: 'POST',
          url: '/v2/signups',
          payload: parentBody(),
        });
        const { signupId, registrationKey } = created.json();
        const res = await expiring.inject({
          method: 'GET',
          url: `/v2/signups/${signupId}`,
          headers: { 'x-registration-key': registrationKey },
        });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 'SIGNUP_EXPIRED' });
      } finally {
        await expiring.close();
      }
    });
  });

  describe('PATCH /v2/signups/:signupId', () => {
    it('saves the family: 200 with no errors, children persisted in order, step 2', async () => {
      const { signupId, registrationKey } = await createOk();
      const body = familyBody({
        coParent: {
          firstName: ' Bruno\u00a0 ',
          phoneCountryCode: undefined,
          phoneNumber: undefined,
        },
      });
      const res = await patch(signupId, registrationKey, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ validationErrors: [] });

      const row = await findSignupById(ctx.database.db, signupId);
      expect(row?.lastCompletedStep).toBe(2);
      expect(row?.coParentFirstName).toBe('Bruno');
      expect(row?.coParentPhoneNumber).toBeNull();
      const children = await findChildren(ctx.database.db, signupId);
      const sent = body.children as { firstName: string; lastName: string; email?: string }[];
      expect(children).toEqual(
        sent.map((c) => ({ firstName: c.firstName, lastName: c.lastName, email: c.email ?? null })),
      );

      const state = (await get(signupId, registrationKey)).json();
      expect(state.lastCompletedStep).toBe(2);
      expect(state.coParent).toMatchObject({ firstName: 'Bruno', lastName: 'López' });
      expect(state.children).toHaveLength(2);
    });

    it('replaces the children on a second save and extends the expiry', async () => {
      const { signupId, registrationKey } = await createOk();
      await patch(signupId, registrationKey, familyBody());
      const first = await findSignupById(ctx.database.db, signupId);
      const res = await patch(
        signupId,
        registrationKey,
        familyBody({ children: [{ firstName: 'Eva', lastName: 'López' }] }),
      );
      expect(res.statusCode).toBe(200);
      const children = await findChildren(ctx.database.db, signupId);
      expect(children).toEqual([{ firstName: 'Eva', lastName: 'López', email: null }]);
      const second = await findSignupById(ctx.database.db, signupId);
      expect(second?.expiresAt.getTime()).toBeGreaterThanOrEqual(first?.expiresAt.getTime() ?? 0);
      expect(second?.lastCompletedStep).toBe(2);
    });

    it('extends the expiry on each successful save', async () => {
      let clock = Date.now();
      const timed = await buildTestApp(ctx.database, { now: () => new Date(clock) });
      try {
        const created = await timed.inject({
          method: 'POST',
          url: '/v2/signups',
          payload: parentBody(),
        });
        const { signupId, registrationKey } = created.json();
        clock += 70 * 3600_000; // 70 h later: still alive, and the save pushes the expiry on
        const saved = await timed.inject({
          method: 'PATCH',
          url: `/v2/signups/${signupId}`,
          headers: { 'x-registration-key': registrationKey },
          payload: familyBody(),
        });
        expect(saved.statusCode).toBe(200);
        clock += 70 * 3600_000; // 140 h after creation, 70 h after the save
        const read = await timed.inject({
          method: 'GET',
          url: `/v2/signups/${signupId}`,
          headers: { 'x-registration-key': registrationKey },
        });
        expect(read.statusCode).toBe(200);
      } finally {
        await timed.close();
      }
    });

    it('answers 422 and saves nothing when the co-parent email is the parent email (case, spaces)', async () => {
      const email = uniqueEmail();
      const { signupId, registrationKey } = await createOk(parentBody({ parent: { email } }));
      const res = await patch(
        signupId,
        registrationKey,
        familyBody({ coParent: { email: `  ${email.toUpperCase()}  ` } }),
      );
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toContainEqual({
        field: 'coParent.email',
        text: enMessages.signup_coParentEmailSame_error,
        type: 'ERROR',
      });
      const row = await findSignupById(ctx.database.db, signupId);
      expect(row?.coParentFirstName).toBeNull();
      expect(row?.lastCompletedStep).toBe(1);
      expect(await findChildren(ctx.database.db, signupId)).toEqual([]);
    });

    it('answers 422 in Spanish when the co-parent phone is the parent phone', async () => {
      const { signupId, registrationKey } = await createOk(
        parentBody({ parent: { phoneNumber: '5550001111' } }),
      );
      const res = await patch(
        signupId,
        registrationKey,
        familyBody({ coParent: { phoneCountryCode: 'US_CANADA', phoneNumber: '5550001111' } }),
        { language: 'es-MX' },
      );
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toContainEqual(
        expect.objectContaining({
          field: 'coParent.phoneNumber',
          text: esMXMessages.signup_coParentPhoneSame_error,
        }),
      );
    });

    it('answers 422 when the co-parent email is missing but the parent said they know it', async () => {
      const { signupId, registrationKey } = await createOk();
      const res = await patch(signupId, registrationKey, familyBody({ coParent: { email: '' } }));
      expect(res.statusCode).toBe(422);
      expect(fields(res)).toContain('coParent.email');
    });

    it('answers 422 when child emails repeat or equal a parent email', async () => {
      const email = uniqueEmail();
      const coParentEmail = uniqueEmail('coparent');
      const childEmail = uniqueEmail('child');
      const { signupId, registrationKey } = await createOk(parentBody({ parent: { email } }));
      const res = await patch(
        signupId,
        registrationKey,
        familyBody({
          coParent: { email: coParentEmail },
          children: [
            { firstName: 'A', lastName: 'B', email: childEmail },
            { firstName: 'C', lastName: 'D', email: childEmail.toUpperCase() },
            { firstName: 'E', lastName: 'F', email },
            { firstName: 'G', lastName: 'H', email: coParentEmail },
          ],
        }),
      );
      expect(res.statusCode).toBe(422);
      expect(validationErrors(res)).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            field: 'children.1.email',
            text: enMessages.signup_childEmailDuplicate_error,
          }),
          expect.objectContaining({
            field: 'children.2.email',
            text: enMessages.signup_childEmailParent_error,
          }),
          expect.objectContaining({
            field: 'children.3.email',
            text: enMessages.signup_childEmailParent_error,
          }),
        ]),
      );
      expect(await findChildren(ctx.database.db, signupId)).toEqual([]);
    });

    it('answers 422 for an invalid family body (no children, emoji child name)', async () => {
      const { signupId, registrationKey } = await createOk();
      const none = await patch(signupId, registrationKey, familyBody({ children: [] }));
      expect(none.statusCode).toBe(422);
      expect(fields(none)).toContain('children');
      const emoji = await patch(
        signupId,
        registrationKey,
        familyBody({ children: [{ firstName: '🎉', lastName: 'X' }] }),
      );
      expect(emoji.statusCode).toBe(422);
      expect(fields(emoji)).toContain('children.0.firstName');
    });

    it('saves a co-parent duplicate and answers 200 with the non-blocking warning', async () => {
      const coParentEmail = uniqueEmail('existing');
      await insertUser(ctx.database.db, {
        email: coParentEmail,
        firstName: 'Co',
        lastName: 'Parent',
      });
      const { signupId, registrationKey } = await createOk();
      const res = await patch(
        signupId,
        registrationKey,
        familyBody({ coParent: { email: coParentEmail } }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        validationErrors: [
          {
            field: DUPLICATE_COPARENT_FIELD,
            text: translateMessage('signup_duplicateCoParent_warning', 'en', {
              phone: supportPhoneFor(undefined).display,
            }),
            type: 'DUPLICATE',
          },
        ],
      });
      const row = await findSignupById(ctx.database.db, signupId);
      expect(row?.coParentEmail).toBe(coParentEmail);
      expect(row?.lastCompletedStep).toBe(2);
    });

    it('does not repeat the co-parent warning once coParentDuplicateConfirmed is true', async () => {
      const coParentEmail = uniqueEmail('existing');
      await insertUser(ctx.database.db, {
        email: coParentEmail,
        firstName: 'Co',
        lastName: 'Parent',
      });
      const { signupId, registrationKey } = await createOk();
      const res = await patch(
        signupId,
        registrationKey,
        familyBody({ coParent: { email: coParentEmail }, coParentDuplicateConfirmed: true }),
      );
      expect(res.json()).toEqual({ validationErrors: [] });
      const row = await findSignupById(ctx.database.db, signupId);
      expect(row?.coParentDuplicateConfirmed).toBe(true);
    });

    it('answers 409 SECTION_OUT_OF_ORDER for FAMILY on a NAME-only signup', async () => {
      const { signupId, registrationKey } = await createOk({
        sections: ['NAME'],
        parent: { firstName: 'Ana', lastName: 'López' },
      });
      const res = await patch(signupId, registrationKey, familyBody());
      expect(res.statusCode).toBe(409);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 409, code: 'SECTION_OUT_OF_ORDER' });
    });

    it('saves PARENT (step 1) on a NAME signup, then accepts FAMILY', async () => {
      const { signupId, registrationKey } = await createOk({
        sections: ['NAME'],
        parent: { firstName: 'Ana', lastName: 'López' },
      });
      const parent = parentBody();
      const saved = await patch(signupId, registrationKey, parent);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ validationErrors: [] });
      expect((await findSignupById(ctx.database.db, signupId))?.lastCompletedStep).toBe(1);
      const family = await patch(signupId, registrationKey, familyBody());
      expect(family.statusCode).toBe(200);
    });

    it('applies the duplicate rule to PARENT saves too', async () => {
      const email = uniqueEmail('taken');
      await insertUser(ctx.database.db, { email, firstName: 'Old', lastName: 'User' });
      const { signupId, registrationKey } = await createOk();
      const res = await patch(signupId, registrationKey, parentBody({ parent: { email } }));
      expect(res.statusCode).toBe(422);
      expect(fields(res)).toEqual([DUPLICATE_PARENT_FIELD]);
      const confirmed = await patch(
        signupId,
        registrationKey,
        parentBody({ parent: { email }, parentDuplicateConfirmed: true }),
      );
      expect(confirmed.statusCode).toBe(200);
    });

    it('keeps lastCompletedStep at 2 when PARENT is saved again after FAMILY', async () => {
      const { signupId, registrationKey } = await createOk();
      await patch(signupId, registrationKey, familyBody());
      await patch(signupId, registrationKey, parentBody());
      expect((await findSignupById(ctx.database.db, signupId))?.lastCompletedStep).toBe(2);
    });

    it('answers 403 with a wrong key and 404 for an unknown signup', async () => {
      const { signupId, registrationKey } = await createOk();
      const wrong = await patch(signupId, 'x'.repeat(43), familyBody());
      expect(wrong.statusCode).toBe(403);
      expect((await findSignupById(ctx.database.db, signupId))?.coParentFirstName).toBeNull();
      const unknown = await patch(
        '00000000-0000-4000-8000-000000000000',
        registrationKey,
        familyBody(),
      );
      expect(unknown.statusCode).toBe(404);
    });

    it('accepts an X-Referrer-Key header', async () => {
      const { signupId, registrationKey } = await createOk();
      const res = await patch(signupId, registrationKey, familyBody(), {
        'x-referrer-key': 'ref-123',
      });
      expect(res.statusCode).toBe(200);
    });
  });
});
