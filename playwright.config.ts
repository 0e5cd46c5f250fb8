import { defineConfig, devices } from '@playwright/test';
import { RESUME_SERVER_ENV, RESUME_SERVER_PORT } from './e2e/support/resume-server';
import { E2E_STAFF } from './e2e/support/staff';

// End-to-end tests drive the built app (server + web bundle) in Debian's Chromium: never a
// browser download. The server runs on an in-memory PGlite database seeded with its demo account.
const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const mainServer = {
  command: 'node apps/server/dist/main.js',
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  // Start-up migrates and seeds the demo data; a loaded machine needs more than a minute.
  timeout: 180_000,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    PGLITE_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // Every browser test comes from 127.0.0.1: the per-IP limits would throttle the suite
    // itself. The limits are tested by the server's tests.
    RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '100000',
    RATE_LIMIT_PRICING_PER_MINUTE: '100000',
    RATE_LIMIT_PAYMENT_PER_MINUTE: '100000',
    RATE_LIMIT_TOKENIZE_PER_MINUTE: '100000',
    RATE_LIMIT_CLIENT_TOKEN_PER_MINUTE: '100000',
    RATE_LIMIT_USERNAME_CHECK_PER_MINUTE: '100000',
    RATE_LIMIT_CREDENTIALS_PER_MINUTE: '100000',
    RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
    RATE_LIMIT_INVITE_REQUEST_PER_MINUTE: '100000',
    RATE_LIMIT_PROFESSIONAL_CREATE_PER_MINUTE: '100000',
    RATE_LIMIT_PROFESSIONAL_VALIDATE_PER_MINUTE: '100000',
    RATE_LIMIT_RECOVERY_PER_MINUTE: '100000',
    RATE_LIMIT_RECOVERY_VERIFY_PER_MINUTE: '100000',
    EMAIL_REVEAL_LIMIT_PER_HOUR: '100000',
    // New invite links: no minute's wait between two (the interval is tested by the server).
    INVITE_REQUEST_INTERVAL_SECONDS: '0',
    RATE_LIMIT_PLACES_PER_MINUTE: '100000',
    // Every experiment Off, except for visitors whose anonymous id starts with "arm-treatment"
    // or "arm-control" (e2e/experiments.spec.ts picks its arm that way).
    FLAGS_FILE: 'e2e/flags.e2e.json',
    // The staff account that reads the funnel report (seeded on the empty database).
    DEMO_STAFF_USERNAME: E2E_STAFF.username,
    DEMO_STAFF_PASSWORD: E2E_STAFF.password,
  },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // A test walks several screens, each waiting on the API: generous on a busy two-core machine.
  timeout: 120_000,
  // Screens wait on the API; on a busy two-core machine an answer can take several seconds.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'on-first-retry',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Playwright starts these one after the other. The resume email's server (the same server, its
  // resume emails seconds after the last save) comes first and is not waited for: its start-up
  // (migrate, seed) overlaps the main server's instead of following it. Its one spec waits until
  // it answers (e2e/support/resume-server.ts).
  webServer: [
    {
      ...mainServer,
      url: undefined,
      env: { ...mainServer.env, PORT: String(RESUME_SERVER_PORT), ...RESUME_SERVER_ENV },
    },
    mainServer,
  ],
});
