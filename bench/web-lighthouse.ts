import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { type ServerProcess, startProcess, stopProcess } from './support/server-process.js';

/**
 * `npm run bench:web` (web performance): Lighthouse's mobile run (its default:
 * emulated phone, simulated slow 4G and CPU slowdown) of /signup, /step1, /step3 and /payment
 * against the BUILT server on a throw-away PGlite database, in Debian's Chromium. /step3 and
 * /payment need a signup: it is made through the API and put where the app keeps it (the tab's
 * sessionStorage), and Lighthouse runs in that tab with `disableStorageReset` (the HTTP cache is
 * cleared by hand before each page, so every load is cold). Prints figures and verdicts; exits 0
 * unless the run itself breaks (a bench, not a test).
 *
 * Env: WEB_BENCH_PORT (3206), CHROMIUM_PATH (/usr/bin/chromium).
 */

const PORT = Number(process.env.WEB_BENCH_PORT ?? 3206);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where to write each page's full Lighthouse report (JSON), to read its audits; none by default. */
const REPORTS_DIR = process.env.WEB_BENCH_REPORTS;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** Where the app keeps Parent A's funnel (apps/web/src/lib/storage.ts, STORAGE_KEYS.joinFunnel). */
const FUNNEL_STORAGE_KEY = 'coparent.join';
const PREMIUM_1_YEAR = 3003;

const TARGETS = { performance: 95, accessibility: 100, cls: 0 };

/** The built server on PGlite in memory, as the browser tests run it. */
function startServer(): Promise<ServerProcess> {
  return startProcess(
    ['apps/server/dist/main.js'],
    {
      HOST: '127.0.0.1',
      PGLITE_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test', // as the browser tests: the local sandbox gateway (production refuses it)
      SEED_DEMO_DATA: 'false',
    },
    PORT,
  );
}

async function api(path: string, method: string, body: unknown, key?: string) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { 'x-registration-key': key } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

type Funnel = { signupId: string; registrationKey: string; expiresAt: string };

/** A signup through the API, its steps saved up to `completed` (2: family, 3: package). */
async function signupThrough(completed: 2 | 3): Promise<Record<string, unknown>> {
  const created = (await api('/v2/signups', 'POST', {
    sections: ['PARENT'],
    parent: {
      firstName: 'Ana',
      lastName: 'López',
      email: `lighthouse.${Date.now()}.${completed}@example.com`,
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '2125551234',
    },
    knowsCoParentEmail: true,
  })) as Funnel;
  const path = `/v2/signups/${created.signupId}`;
  await api(
    path,
    'PATCH',
    {
      sections: ['FAMILY'],
      coParent: {
        firstName: 'Bruno',
        lastName: 'López',
        email: `co.${created.signupId}@example.com`,
      },
      children: [{ firstName: 'Carla', lastName: 'López' }],
    },
    created.registrationKey,
  );
  if (completed === 3) {
    await api(
      path,
      'PATCH',
      { sections: ['PACKAGE'], order: { packageId: PREMIUM_1_YEAR } },
      created.registrationKey,
    );
  }
  // The shape zustand's persist middleware keeps (apps/web/src/stores/funnel-store.ts).
  return {
    signupId: created.signupId,
    registrationKey: created.registrationKey,
    expiresAt: created.expiresAt,
    lastCompletedStep: completed,
    coParentDuplicateConfirmed: false,
    parentDuplicateConfirmed: false,
    paymentCodes: [],
    hasSessionEnded: false,
    ...(completed === 3 ? { packageId: PREMIUM_1_YEAR } : {}),
  };
}

/** Puts the funnel state in the tab's sessionStorage and empties the HTTP cache (a cold load). */
async function prepareTab(page: Page, funnel: Record<string, unknown> | null) {
  await page.goto(`${BASE}/healthz`);
  // A string script: this file is type-checked without the DOM library.
  const stored = funnel ? JSON.stringify({ state: funnel, version: 1 }) : null;
  await page.evaluate(
    `sessionStorage.clear();${stored ? `sessionStorage.setItem(${JSON.stringify(FUNNEL_STORAGE_KEY)}, ${JSON.stringify(stored)});` : ''}`,
  );
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

type Figures = {
  page: string;
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  landedOn: string;
};

async function audit(page: Page, path: string, port: number): Promise<Figures> {
  const result = await lighthouse(
    `${BASE}/app/join${path}`,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
  const { lhr } = result;
  if (REPORTS_DIR) {
    const name = path.replace(/\W+/g, '-').replace(/^-/, '') || 'root';
    writeFileSync(join(REPORTS_DIR, `${name}.json`), JSON.stringify(lhr));
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page: path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    landedOn: new URL(lhr.finalDisplayedUrl).pathname,
  };
}

function printTable(rows: Figures[]) {
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const table = [
    ['page', 'perf', '≥95', 'a11y', '=100', 'CLS', '=0', 'LCP ms', 'TBT ms', 'landed on'],
    ...rows.map((r) => [
      r.page,
      String(r.performance),
      verdict(r.performance >= TARGETS.performance),
      String(r.accessibility),
      verdict(r.accessibility >= TARGETS.accessibility),
      r.cls.toFixed(3),
      verdict(r.cls <= TARGETS.cls),
      r.lcpMs.toFixed(0),
      r.tbtMs.toFixed(0),
      r.landedOn,
    ]),
  ];
  const widths =
    table[0]?.map((_, i) => Math.max(...table.map((row) => row[i]?.length ?? 0))) ?? [];
  for (const row of table)
    console.log(row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
}

async function main() {
  console.log(`bench:web — Lighthouse mobile, built server on ${BASE} (PGlite in memory)`);
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    const pages: [string, () => Promise<Record<string, unknown> | null>][] = [
      ['/signup', async () => null],
      ['/step1', async () => null],
      ['/step3', () => signupThrough(2)],
      ['/payment', () => signupThrough(3)],
    ];
    const rows: Figures[] = [];
    for (const [path, funnel] of pages) {
      await prepareTab(page, await funnel());
      rows.push(await audit(page, path, chrome.port));
      console.log(`  ${path} done`);
    }
    await browser.disconnect();
    printTable(rows);
  } finally {
    chrome.kill();
    await stopProcess(server);
  }
}

await main();
