import {
  ADDRESS,
  createSignups,
  credentialsToken,
  familyBody,
  parentBody,
  type Signup,
  unique,
} from './api-fixtures.js';
import type { ApiFigures } from './api-report.js';
import type { Request } from './load.js';

export type CallName = keyof ApiFigures;

/** Every measured call, in the order the bench runs them. */
export const CALL_NAMES: readonly CallName[] = [
  'create',
  'family',
  'pricing',
  'username',
  'lookups',
  'flags',
];

const UNLIMITED = '1000000';

/** How the built server runs under the bench (the database or PGlite is added per run). */
export const SERVER_ENV: Record<string, string> = {
  NODE_ENV: 'development', // the sandbox payment gateway makes the credentials token below
  LOG_LEVEL: 'warn', // request logs off: we measure the app, not pino writing to a pipe
  HOST: '127.0.0.1',
  SEED_DEMO_DATA: 'false',
  SIGNUP_PURGE_INTERVAL_SECONDS: '0',
  WEB_DIST_DIR: '/nonexistent/web-dist',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_PRICING_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_PAYMENT_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_USERNAME_CHECK_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: UNLIMITED,
  RATE_LIMIT_LOGIN_PER_MINUTE: UNLIMITED,
};

/** Signups the update and pricing calls cycle through (50 connections on one row would queue). */
const FIXTURE_SIGNUPS = 200;

/**
 * Makes the fixtures on the server at `base` (200 signups through PACKAGE, a paid one's
 * credentials token) and answers, for each call, the function giving its next request.
 */
export async function prepareCalls(base: string): Promise<Record<CallName, () => Request>> {
  const signups = await createSignups(base, FIXTURE_SIGNUPS);
  const token = await credentialsToken(base);
  let picked = 0;
  const pick = () => signups[picked++ % signups.length] as Signup;
  const pricingBody = JSON.stringify({ address: ADDRESS, orderDetail: { packageId: 3003 } });
  return {
    create: () => ({ method: 'POST', path: '/v2/signups', body: parentBody() }),
    family: () => {
      const s = pick();
      return {
        method: 'PATCH',
        path: `/v2/signups/${s.signupId}`,
        headers: { 'x-registration-key': s.registrationKey },
        body: familyBody(s),
      };
    },
    pricing: () => {
      const s = pick();
      return {
        method: 'POST',
        path: `/v2/signups/${s.signupId}/pricing`,
        headers: { 'x-registration-key': s.registrationKey },
        body: pricingBody,
      };
    },
    username: () => ({
      method: 'GET',
      path: `/v2/credentials/username?username=bench_${unique()}`,
      headers: { authorization: `Bearer ${token}` },
    }),
    lookups: () => ({ method: 'GET', path: '/v2/lookups' }),
    // A new visitor per request, as the browser asks on its first screen (no ETag to answer 304).
    flags: () => ({
      method: 'POST',
      path: '/ofrep/v1/evaluate/flags',
      body: JSON.stringify({
        context: {
          targetingKey: `bench-${unique()}`,
          email: `bench.${unique()}@example.com`,
          country: 'US',
          locale: 'en',
          flow: 'join',
        },
      }),
    }),
  };
}
