// Saves docs/screenshots/{signup,payment}-{default,brand-refresh}.png: /signup and the Billing
// view of /payment in each look, at desktop width (the viewport, not the full page).
//
//   npm run screenshots      (builds, then runs this file with tsx)
//
// It starts the built server on a throw-away database (PGLITE_DIR=memory://) on SCREENSHOT_PORT
// (3204 unless set) and drives Debian's Chromium (CHROMIUM_PATH, /usr/bin/chromium by default).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { packageName } from '../e2e/support/catalog';
import { completeStepsOneAndTwo, openJoin } from '../e2e/support/funnel';
import { t } from '../e2e/support/i18n';

const PORT = Number(process.env.SCREENSHOT_PORT ?? 3204);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const OUT_DIR = new URL('../docs/screenshots/', import.meta.url);
const PREMIUM_1_YEAR = 3003;
const LOOKS = { default: 'brand-refresh:false', 'brand-refresh': 'brand-refresh:true' } as const;

function startServer(): ChildProcess {
  return spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: new URL('..', import.meta.url),
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
  });
}

/** Start-up migrates and seeds; on a busy machine that takes a while. */
async function waitForHealth(server: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${BASE_URL}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer ${BASE_URL}/healthz`);
}

async function shoot(page: Page, name: string): Promise<void> {
  // The caret and hover states are not part of the look.
  await page.mouse.move(0, 0);
  await page.screenshot({ path: new URL(`${name}.png`, OUT_DIR).pathname, caret: 'hide' });
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const server = startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    await waitForHealth(server);
    for (const [look, flags] of Object.entries(LOOKS)) {
      // A context per look: the `?flags=` override is remembered for the tab only.
      const context = await browser.newContext({
        baseURL: BASE_URL,
        viewport: { width: 1280, height: 800 },
        locale: 'en-US',
      });
      const page = await context.newPage();
      await openJoin(page, 'en', `/signup?flags=${flags}`);
      await page.getByRole('heading', { level: 1, name: t('en', 'landing.heading') }).waitFor();
      await shoot(page, `signup-${look}`);

      await completeStepsOneAndTwo(page, 'en');
      await page
        .getByRole('button', {
          name: t('en', 'packages.choose', { name: packageName(PREMIUM_1_YEAR, 'en') }),
          exact: true,
        })
        .click();
      await page
        .getByRole('heading', { level: 2, name: t('en', 'checkout.billing.heading') })
        .waitFor();
      await page
        .getByRole('region', { name: t('en', 'orderSummary.heading') })
        .getByText(packageName(PREMIUM_1_YEAR, 'en'), { exact: true })
        .waitFor();
      await shoot(page, `payment-${look}`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

await main();
