import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createLoginLockout } from './login-lockout.js';

/**
 * The login lockout's counters in Redis: two instances (two lockouts on one Redis) count one
 * username's failures together, and a Redis that fails leaves each instance counting on its own
 * rather than letting every guess through. Runs when TEST_REDIS_URL is set (.ci/run sets it).
 */

const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || undefined;
const SETTINGS = { maxFailures: 3, windowMinutes: 15 };
const log = pino({ level: 'silent' });
const now = () => new Date();

describe.skipIf(!TEST_REDIS_URL)('the login lockout in Redis', () => {
  const prefix = `coparent-test:${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(TEST_REDIS_URL ?? '', { lazyConnect: true });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts the failures of both instances together and locks the username on both', async () => {
    const first = createLoginLockout('login', SETTINGS, now, { redis, prefix, log });
    const second = createLoginLockout('login', SETTINGS, now, { redis, prefix, log });
    await first.recordFailure('ana_lopez');
    await second.recordFailure('ana_lopez');
    expect(await first.lockedForSeconds('ana_lopez')).toBe(0);
    await first.recordFailure('ana_lopez');

    for (const lockout of [first, second]) {
      const seconds = await lockout.lockedForSeconds('ana_lopez');
      expect(seconds).toBeGreaterThan(14 * 60);
      expect(seconds).toBeLessThanOrEqual(15 * 60);
    }
    expect(await second.lockedForSeconds('bruno_lopez')).toBe(0);
    // Another lockout's namespace (the email change's) is not locked by the login's failures.
    const emailChange = createLoginLockout('email-change', SETTINGS, now, { redis, prefix, log });
    expect(await emailChange.lockedForSeconds('ana_lopez')).toBe(0);
    // The keys name a hash, never the username.
    expect((await redis.keys(`${prefix}*`)).join(' ')).not.toContain('ana_lopez');
  });

  it('starts the count again after a success', async () => {
    const first = createLoginLockout('login', SETTINGS, now, { redis, prefix, log });
    const second = createLoginLockout('login', SETTINGS, now, { redis, prefix, log });
    await first.recordFailure('carla');
    await second.recordFailure('carla');
    await second.recordSuccess('carla');
    await first.recordFailure('carla');
    await second.recordFailure('carla');
    expect(await first.lockedForSeconds('carla')).toBe(0);
  });
});

describe('the login lockout while Redis fails', () => {
  // Nothing listens on port 1: every command fails at once.
  const down = new Redis('redis://127.0.0.1:1', {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  afterAll(() => down.disconnect());

  it('counts in this instance’s memory, so guesses are still limited', async () => {
    const lockout = createLoginLockout('login', SETTINGS, now, { redis: down, prefix: 'x:', log });
    for (let i = 0; i < SETTINGS.maxFailures; i += 1) await lockout.recordFailure('dora');
    expect(await lockout.lockedForSeconds('dora')).toBeGreaterThan(0);
    expect(await lockout.lockedForSeconds('elena')).toBe(0);
  });
});
