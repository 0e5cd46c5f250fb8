import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOOLEAN_FLAG_KEYS, EXPERIMENT_KEYS } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { REPO_ROOT } from '../../config.js';
import { buildTestApp, testConfig, useTestDatabase } from '../../test/test-app.js';
import { FlagFileError, loadFlagFile } from './flag-file.js';

type FlagFile = { flags: Record<string, Record<string, unknown>> };
type FlagAnswer = {
  key: string;
  value?: unknown;
  variant?: string;
  reason?: string;
  errorCode?: string;
};

const REPO_FLAGS: FlagFile = JSON.parse(readFileSync(join(REPO_ROOT, 'flags/flags.json'), 'utf8'));
const BOOLEAN_KEYS: readonly string[] = BOOLEAN_FLAG_KEYS;
const silent = { error() {}, warn() {}, info() {}, debug() {} };

const dir = mkdtempSync(join(tmpdir(), 'coparent-flags-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The repository's flag file with some flags changed, written to a temporary file. */
function flagFile(name: string, changes: (file: FlagFile) => void): string {
  const file: FlagFile = structuredClone(REPO_FLAGS);
  changes(file);
  const path = join(dir, `${name}.json`);
  writeFileSync(path, JSON.stringify(file));
  return path;
}

const TARGETED = flagFile('targeted', (file) => {
  file.flags['social-proof'] = {
    ...file.flags['social-proof'],
    targeting: { if: [{ ends_with: [{ var: 'email' }, '@example.org'] }, 'Treatment'] },
  };
  file.flags['remove-coparent-status'] = {
    ...file.flags['remove-coparent-status'],
    targeting: {
      fractional: [
        ['Control', 50],
        ['Treatment', 50],
      ],
    },
  };
  file.flags['hide-paypal'] = {
    ...file.flags['hide-paypal'],
    targeting: { if: [{ '==': [{ var: 'country' }, 'GB'] }, 'on'] },
  };
});

describe('flags (OFREP)', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  let targeted: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database);
    targeted = await buildTestApp(ctx.database, { env: { FLAGS_FILE: TARGETED } });
  });
  afterAll(async () => {
    await app?.close();
    await targeted?.close();
  });

  const bulk = (on: App, context: unknown, headers: Record<string, string> = {}) =>
    on.inject({ method: 'POST', url: '/ofrep/v1/evaluate/flags', payload: { context }, headers });
  const one = (on: App, key: string, context: unknown = {}) =>
    on.inject({ method: 'POST', url: `/ofrep/v1/evaluate/flags/${key}`, payload: { context } });
  const flagValue = async (on: App, key: string, context: unknown) =>
    (await one(on, key, context)).json<FlagAnswer>().value;

  describe('the repository flag file', () => {
    it('answers every experiment Off and every restriction and look false', async () => {
      const res = await bulk(app, { targetingKey: 'anon-1', locale: 'en', flow: 'join' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const flags = res.json<{ flags: FlagAnswer[] }>().flags;
      expect(flags.map((f) => f.key).sort()).toEqual([...EXPERIMENT_KEYS, ...BOOLEAN_KEYS].sort());
      for (const flag of flags) {
        const expected = BOOLEAN_KEYS.includes(flag.key) ? false : 'Off';
        expect(flag).toMatchObject({ value: expected, reason: 'STATIC' });
      }
    });

    it('answers one flag, and FLAG_NOT_FOUND for a key it does not have', async () => {
      const res = await one(app, 'social-proof', { targetingKey: 'anon-1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ key: 'social-proof', value: 'Off', variant: 'Off' });

      const missing = await one(app, 'no-such-flag');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ key: 'no-such-flag', errorCode: 'FLAG_NOT_FOUND' });
    });

    it('answers 304 when If-None-Match carries the ETag of the same answer', async () => {
      const first = await bulk(app, { targetingKey: 'anon-2' });
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);

      const again = await bulk(app, { targetingKey: 'anon-2' }, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);

      const stale = await bulk(app, { targetingKey: 'anon-2' }, { 'if-none-match': '"old"' });
      expect(stale.statusCode).toBe(200);
    });

    it('refuses a bad context with the OFREP 400 shape, never a 500', async () => {
      for (const context of [{ email: 42 }, 'a string', { country: 'x'.repeat(50) }]) {
        const res = await bulk(app, context);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT' });
        expect(res.json().errorDetails).toEqual(expect.any(String));
      }
      const single = await one(app, 'venmo', { flow: { nested: true } });
      expect(single.statusCode).toBe(400);
      expect(single.json()).toMatchObject({ key: 'venmo', errorCode: 'INVALID_CONTEXT' });

      const notJson = await app.inject({
        method: 'POST',
        url: '/ofrep/v1/evaluate/flags',
        headers: { 'content-type': 'application/json' },
        payload: '{"context": ',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ errorCode: 'INVALID_CONTEXT' });

      // A prototype key is refused by the JSON parser; the single call still names its flag.
      const polluted = await app.inject({
        method: 'POST',
        url: '/ofrep/v1/evaluate/flags/.',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"polluted":true}}',
      });
      expect(polluted.statusCode).toBe(400);
      expect(polluted.json()).toMatchObject({ key: '', errorCode: 'INVALID_CONTEXT' });
    });
  });

  describe('targeting rules of a FLAGS_FILE', () => {
    it('targets by email, trimmed and lower-cased', async () => {
      expect(await flagValue(targeted, 'social-proof', { email: '  Ana@Example.ORG ' })).toBe(
        'Treatment',
      );
      expect(await flagValue(targeted, 'social-proof', { email: 'ana@example.com' })).toBe('Off');
      expect(await flagValue(targeted, 'hide-paypal', { country: 'GB' })).toBe(true);
      expect(await flagValue(targeted, 'hide-paypal', { country: 'US' })).toBe(false);
    });

    it('keeps a visitor in one bucket and spreads visitors across buckets', async () => {
      const key = 'remove-coparent-status';
      const answers = new Map<string, unknown>();
      for (let i = 0; i < 30; i += 1) {
        answers.set(
          `visitor-${i}`,
          await flagValue(targeted, key, { targetingKey: `visitor-${i}` }),
        );
      }
      expect(new Set(answers.values())).toEqual(new Set(['Control', 'Treatment']));
      for (const [visitor, value] of answers) {
        expect(await flagValue(targeted, key, { targetingKey: visitor, locale: 'es-MX' })).toBe(
          value,
        );
      }
    });

    it('buckets by userId once the visitor is identified', async () => {
      const key = 'remove-coparent-status';
      for (let i = 0; i < 10; i += 1) {
        const byUser = await flagValue(targeted, key, { targetingKey: `u-${i}` });
        expect(
          await flagValue(targeted, key, { targetingKey: `anon-${i}`, userId: `u-${i}` }),
        ).toBe(byUser);
      }
    });
  });

  describe('the flag file check at start-up', () => {
    const load = (path: string) => () => loadFlagFile(path, silent);

    it('accepts the repository file and reads FLAGS_FILE relative to the repository', () => {
      expect(testConfig().flags.file).toBe(join(REPO_ROOT, 'flags/flags.json'));
      expect(testConfig({ FLAGS_FILE: 'flags/other.json' }).flags.file).toBe(
        join(REPO_ROOT, 'flags/other.json'),
      );
      expect(load(join(REPO_ROOT, 'flags/flags.json'))().kinds.size).toBe(
        EXPERIMENT_KEYS.length + BOOLEAN_KEYS.length,
      );
    });

    it('refuses a file with an unknown, missing or misshapen flag', () => {
      const unknown = flagFile('unknown', (file) => {
        file.flags['new-idea'] = structuredClone(file.flags.venmo ?? {});
      });
      expect(load(unknown)).toThrow(/unknown flag "new-idea"/);

      const missing = flagFile('missing', (file) => {
        delete file.flags.venmo;
      });
      expect(load(missing)).toThrow(/missing flag "venmo"/);

      const variants = flagFile('variants', (file) => {
        file.flags.venmo = {
          state: 'ENABLED',
          variants: { on: 'Treatment', off: 'Off' },
          defaultVariant: 'off',
        };
      });
      expect(load(variants)).toThrow(/experiment "venmo" must have the variants/);

      const restriction = flagFile('restriction', (file) => {
        file.flags['hide-amex'] = {
          state: 'ENABLED',
          variants: { on: 'yes', off: 'no' },
          defaultVariant: 'off',
        };
      });
      expect(load(restriction)).toThrow(/restriction "hide-amex" must have boolean variants/);

      const look = flagFile('look', (file) => {
        file.flags['brand-refresh'] = {
          state: 'ENABLED',
          variants: { on: 'refresh', off: 'classic' },
          defaultVariant: 'off',
        };
      });
      expect(load(look)).toThrow(/look "brand-refresh" must have boolean variants/);
    });

    it('refuses a file that is missing, not JSON or not flagd JSON', () => {
      expect(load(join(dir, 'nowhere.json'))).toThrow(FlagFileError);
      const notJson = join(dir, 'not-json.json');
      writeFileSync(notJson, '{ "flags": ');
      expect(load(notJson)).toThrow(/is not JSON/);
      const badSchema = flagFile('bad-schema', (file) => {
        file.flags.venmo = { ...file.flags.venmo, state: 'MAYBE' };
      });
      expect(load(badSchema)).toThrow(/invalid flagd flag configuration/);
    });

    it('stops the app from starting with a clear message', async () => {
      const missing = flagFile('missing-app', (file) => {
        delete file.flags['support-chat'];
      });
      await expect(buildTestApp(ctx.database, { env: { FLAGS_FILE: missing } })).rejects.toThrow(
        `flags file ${missing}: missing flag "support-chat"`,
      );
    });
  });
});
