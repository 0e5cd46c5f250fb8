import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, {
  type Browser as PuppeteerBrowser,
  type Page as PuppeteerPage,
  type Target,
} from 'puppeteer-core';
import { type ServerProcess, startProcess, stopProcess } from './support/server-process.js';
import { SCORED_PAGES, type ScoredPage } from './support/web-states.js';

/**
 * `npm run bench:web` (web performance): Lighthouse's mobile run (its default: emulated phone,
 * simulated slow 4G and CPU slowdown) of every funnel page against the BUILT server on a throw-away
 * PGlite database, in Debian's Chromium. Each page is reached as a person reaches it: the funnel
 * is walked in a browser tab (Playwright, `support/web-states.ts`) and Lighthouse then loads the
 * page in that same tab `RUNS` times with a cold HTTP cache (`disableStorageReset`: the tab keeps
 * what the app stored). A run whose page did not end on its screen (a spinner, a redirect) is not
 * counted. Prints the medians beside the targets; exits 0 unless the run itself breaks (a bench,
 * not a test).
 *
 * Env: WEB_BENCH_PORT (3206), CHROMIUM_PATH (/usr/bin/chromium), WEB_BENCH_RUNS (3),
 * WEB_BENCH_PAGES (a comma-separated subset of the paths), WEB_BENCH_REPORTS (a folder for each
 * run's full Lighthouse report, JSON).
 */

const PORT = Number(process.env.WEB_BENCH_PORT ?? 3206);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.WEB_BENCH_RUNS ?? 3);
const ONLY = process.env.WEB_BENCH_PAGES?.split(',').map((path) => path.trim());
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

type Run = {
  performance: number;
  accessibility: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  /** Script bytes the page loaded (transfer size, compressed), everything Lighthouse saw. */
  scriptKb: number;
};
type Row = { page: string; runs: Run[]; notMeasured: string[] };

/** One Lighthouse load of the page in the walked tab, with an empty HTTP cache. */
async function audit(
  page: PuppeteerPage,
  path: string,
  port: number,
  run: number,
): Promise<Run | { error: string }> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
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
    mkdirSync(REPORTS_DIR, { recursive: true });
    writeFileSync(join(REPORTS_DIR, `${name}-${run}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) return { error: `Lighthouse: ${lhr.runtimeError.code}` };
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const resources = (lhr.audits['resource-summary']?.details as { items?: ResourceItem[] })?.items;
  const script = resources?.find((item) => item.resourceType === 'script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    cls: numeric('cumulative-layout-shift'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    scriptKb: (script?.transferSize ?? Number.NaN) / 1024,
  };
}
type ResourceItem = { resourceType: string; transferSize: number };

/** Did the load end on the page's own screen? Else the reason it is not a measurement. */
async function endedOn(page: Page, scored: ScoredPage): Promise<string | null> {
  const path = new URL(page.url()).pathname;
  if (path !== `/app/join${scored.path}`) return `landed on ${path}`;
  try {
    await expect(scored.ready(page)).toBeVisible({ timeout: 10_000 });
    return null;
  } catch {
    return 'its screen never showed';
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

function printTable(rows: Row[]) {
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const table = [
    [
      'page',
      'runs',
      'perf',
      '≥95',
      'each run',
      'a11y',
      '=100',
      'CLS',
      '=0',
      'LCP ms',
      'TBT ms',
      'JS KB',
      'not measured',
    ],
    ...rows.map(({ page, runs, notMeasured }) => {
      if (runs.length === 0) return [page, '0', ...Array(10).fill('—'), notMeasured.join('; ')];
      const m = (pick: (run: Run) => number) => median(runs.map(pick));
      return [
        page,
        String(runs.length),
        String(m((r) => r.performance)),
        verdict(m((r) => r.performance) >= TARGETS.performance),
        // The spread beside the median: on a busy machine one load can move a score by ten.
        runs.map((r) => r.performance).join(' '),
        String(m((r) => r.accessibility)),
        verdict(m((r) => r.accessibility) >= TARGETS.accessibility),
        m((r) => r.cls).toFixed(3),
        verdict(m((r) => r.cls) <= TARGETS.cls),
        m((r) => r.lcpMs).toFixed(0),
        m((r) => r.tbtMs).toFixed(0),
        m((r) => r.scriptKb).toFixed(1),
        notMeasured.join('; '),
      ];
    }),
  ];
  const widths =
    table[0]?.map((_, i) => Math.max(...table.map((row) => row[i]?.length ?? 0))) ?? [];
  for (const row of table)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  console.log(
    `medians of ${RUNS} cold loads a page; JS KB: every script the page loaded (compressed transfer), payment SDKs included`,
  );
}

/**
 * The puppeteer handle on the tab Playwright walked (Lighthouse drives a puppeteer page), found by
 * its address: another tab at the same address (the browser's first, blank one) would be scored
 * instead of the walked one, so that is an error.
 */
async function sameTab(browser: PuppeteerBrowser, page: Page): Promise<PuppeteerPage> {
  const isWalked = (t: Target) => t.type() === 'page' && t.url() === page.url();
  const target = await browser.waitForTarget(isWalked);
  const alike = browser.targets().filter(isWalked).length;
  if (alike > 1) throw new Error(`${alike} tabs at ${page.url()}: the walked one is not known`);
  const tab = await target.page();
  if (!tab) throw new Error(`no tab at ${page.url()}`);
  return tab;
}

async function score(chrome: chromeLauncher.LaunchedChrome, scored: ScoredPage): Promise<Row> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = await browser.newContext({ baseURL: BASE, viewport: null });
  const puppeteerBrowser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
  });
  const row: Row = { page: scored.path, runs: [], notMeasured: [] };
  try {
    const page = await context.newPage();
    const address = (await scored.prepare(page)) || scored.path;
    const tab = await sameTab(puppeteerBrowser, page);
    // A load Lighthouse could not trace (NO_NAVSTART and the like) is tried again, twice at most.
    for (let attempt = 1; row.runs.length < RUNS && attempt <= RUNS + 2; attempt++) {
      // Arriving at the page from elsewhere: a load of the walk's own address would keep its scroll.
      await page.goto('/healthz');
      const figures = await audit(tab, address, chrome.port, attempt);
      const problem = 'error' in figures ? figures.error : await endedOn(page, scored);
      if (problem) row.notMeasured.push(`load ${attempt}: ${problem}`);
      else if (!('error' in figures)) row.runs.push(figures);
    }
  } finally {
    await puppeteerBrowser.disconnect();
    await context.close();
    await browser.close();
  }
  return row;
}

async function main() {
  console.log(`bench:web — Lighthouse mobile, built server on ${BASE} (PGlite in memory)`);
  const pages = SCORED_PAGES.filter((page) => !ONLY || ONLY.includes(page.path));
  const server = await startServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const rows: Row[] = [];
    for (const page of pages) {
      rows.push(await score(chrome, page));
      console.log(`  ${page.path} done`);
    }
    printTable(rows);
  } finally {
    chrome.kill();
    await stopProcess(server);
  }
}

await main();
