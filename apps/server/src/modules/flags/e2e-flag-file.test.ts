import { join } from 'node:path';
import { EXPERIMENT_KEYS } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { REPO_ROOT } from '../../config.js';
import { buildTestApp, useTestDatabase } from '../../test/test-app.js';

type FlagAnswer = { key: string; value?: unknown };

// The browser suite's flag file (playwright.config.ts): it must pass the start-up check, leave
// every existing browser test Off, and let e2e/experiments.spec.ts pick an arm by anonymous id.
describe('e2e/flags.e2e.json', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, {
      env: { FLAGS_FILE: join(REPO_ROOT, 'e2e/flags.e2e.json') },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The browser's context: the anonymous id as targeting key (until identified) and attribute. */
  async function experiments(anonymousId: string, userId?: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/ofrep/v1/evaluate/flags',
      payload: {
        context: {
          targetingKey: userId ?? anonymousId,
          anonymousId,
          ...(userId ? { userId } : {}),
          locale: 'en',
          flow: 'join',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const flags = res.json<{ flags: FlagAnswer[] }>().flags;
    return Object.fromEntries(
      flags
        .filter((flag) => EXPERIMENT_KEYS.includes(flag.key as never))
        .map((f) => [f.key, f.value]),
    );
  }

  const every = (value: string) => Object.fromEntries(EXPERIMENT_KEYS.map((key) => [key, value]));

  it('answers every experiment Off for an ordinary visitor', async () => {
    expect(await experiments('0b6f3c1e-anonymous')).toEqual(every('Off'));
  });

  it('answers Treatment or Control by the anonymous id’s prefix', async () => {
    expect(await experiments('arm-treatment-1234')).toEqual(every('Treatment'));
    expect(await experiments('arm-control-1234')).toEqual(every('Control'));
  });

  it('keeps social proof in its arm once the invited co-parent is identified', async () => {
    const identified = await experiments('arm-treatment-1234', 'b1f0c1a4-user');
    expect(identified['social-proof']).toBe('Treatment');
  });
});
