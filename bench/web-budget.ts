import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * `npm run test:budget` (the web's JavaScript budgets): from the production build's Vite manifest and
 * the route table (apps/web/src/app/route-modules.ts), the gzip size of all JavaScript each join
 * route loads before it renders — the entry, the app it starts (src/app/start.tsx, imported
 * dynamically by main.tsx and preloaded by the HTML), the route's own chunk, the step guard the
 * numbered steps load beside it (`GUARDED_STEPS` in the same file), on a page the server writes
 * the readers app/start.tsx awaits before taking it over (TAKE_OVER_READERS, SIGNUP_READER), and
 * everything they import statically. Dynamic imports load later (the payment provider's SDKs on /payment) and are not
 * counted; the braintree-web chunks must be reachable only from the payment pages. A page the
 * server renders (SERVER_RENDERED_PATHS in apps/web/src/app/server-rendered-paths.ts) shows its
 * screen with no JavaScript: its "before render" figure is 0 and the same JavaScript is counted as
 * what the app loads to take the page over. A page written with no script at all (SCRIPTLESS_PATHS,
 * decision 052) loads none: its figures and its ceiling are 0, and the app it no longer loads is
 * printed beside it. Prints a table and exits 1 when a ceiling (on all the
 * JavaScript a route loads up front) is broken or the SDK leaks into another route; a missed target
 * is printed, not fatal. Needs `npm run build -w apps/web` first.
 */

const WEB = fileURLToPath(new URL('../apps/web/', import.meta.url));
const DIST = `${WEB}dist/`;
const ROUTE_TABLE = `${WEB}src/app/route-modules.ts`;
const SERVER_RENDERED_TABLE = `${WEB}src/app/server-rendered-paths.ts`;
const KB = 1024;

/**
 * The targets (printed, not enforced): no JavaScript at all before the landing, /coparentstatus and
 * /duplicate show (server-rendered HTML), 120 KB for the numbered steps, 160 KB for the payment
 * pages and every other screen. The ceilings CI enforces sit a few KB above today's figures so a
 * regression fails; lower them as the bundle shrinks (docs/decisions/023-web-budget-ceilings.md).
 */
const NO_JS_ROUTES = new Set(['/signup', '/coparentstatus', '/duplicate']);
const STEP_ROUTES = new Set(['/step1', '/step2', '/step3', '/alacarte']);
const targetFor = (route: string) =>
  NO_JS_ROUTES.has(route) ? 0 : STEP_ROUTES.has(route) ? 120 * KB : 160 * KB;
const LANDING = '/signup';
const CEILING = { landing: 165 * KB, step: 290 * KB, scriptless: 0 };
/**
 * Routes with their own ceilings. The numbered steps: a few KB above their figures once zod, the
 * address lookups, the form checks and the other pages' texts load on demand (decision 058): a
 * static import that brings them back fails. /payment and /invite/payment (the same page since
 * decision 061): the other pages' texts they need come in a chunk of their own since (decision
 * 058), 1.5 KB more than in the first load. Both are written by the server: this is what the app
 * loads to take them over, not what they wait for to paint (0).
 */
const ROUTE_CEILING: Record<string, number> = {
  '/step1': 200 * KB,
  '/step2': 205 * KB,
  '/step3': 190 * KB,
  '/alacarte': 186 * KB,
  '/payment': 294 * KB,
  '/invite/payment': 294 * KB,
};
/** The only screens that may load the payment provider's SDK (the invited payment reuses /payment's page). */
const PAYMENT_SDK_ROUTES = new Set(['/payment', '/invite/payment']);
const isPaymentSdk = (key: string) => key.includes('node_modules/braintree-web/');

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(`${DIST}.vite/manifest.json`, 'utf8')) as Manifest;
  } catch {
    throw new Error('No apps/web/dist/.vite/manifest.json: run `npm run build -w apps/web` first');
  }
}

type RouteEntry = { path: string; guarded: boolean; manifestKeys: string[] };

/**
 * `'/step1': () => import('./routes/step-one')` → '/step1' with 'src/app/routes/step-one.tsx', and
 * for the screens in `GUARDED_STEPS` the step guard's module too (it loads beside the screen).
 */
function readRouteTable(): RouteEntry[] {
  const source = readFileSync(ROUTE_TABLE, 'utf8');
  const entries = [...source.matchAll(/'(\/[^']*)': \(\) => import\('\.\/(routes\/[\w-]+)'\)/g)];
  if (entries.length === 0) throw new Error(`No routes found in ${ROUTE_TABLE}`);
  const guard = source.match(/loadStepGuard = \(\) => import\('\.\.\/([\w/-]+)'\)/)?.[1];
  const guarded = source.match(/GUARDED_STEPS = \{([^}]*)\}/)?.[1];
  if (!guard || !guarded)
    throw new Error(`No step guard (loadStepGuard, GUARDED_STEPS) in ${ROUTE_TABLE}`);
  const guardedPaths = new Set([...guarded.matchAll(/'(\/[^']*)':/g)].map(([, path]) => path));
  return entries.map(([, path, module]) => ({
    guarded: guardedPaths.has(path as string),
    path: path as string,
    manifestKeys: [
      `src/app/${module}.tsx`,
      ...(guardedPaths.has(path as string) ? [`src/${guard}.tsx`] : []),
    ],
  }));
}

/** The chunk and everything it imports statically (what the browser must fetch to run it). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * Every chunk the route's screen can ever load, dynamic imports included, without walking into
 * the entry (it imports every screen lazily) or another screen's chunk.
 */
function fullClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const isBoot = key === entryKey || key === startKey;
  if (into.has(key) || isBoot || (into.size > 0 && routeKeys.has(key))) return into;
  into.add(key);
  const chunk = manifest[key];
  for (const imported of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) {
    fullClosure(manifest, imported, into);
  }
  return into;
}

const gzipSizes = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(`${DIST}${file}`)).length;
    gzipSizes.set(file, size);
  }
  return size;
}

const manifest = readManifest();
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The build manifest has no entry');

// main.tsx starts the app by a dynamic import (after configuring zod); every screen needs it.
const startKey = Object.keys(manifest).find((key) => key.endsWith('src/app/start.tsx'));
if (!startKey) throw new Error('The build manifest has no src/app/start.tsx chunk');
const boot = staticClosure(manifest, startKey, staticClosure(manifest, entryKey));

/** `SERVER_RENDERED_PATHS: readonly string[] = ['/signup', …]` (or another list) → the paths. */
function readPathList(name: string): Set<string> {
  const source = readFileSync(SERVER_RENDERED_TABLE, 'utf8');
  const list = source.match(new RegExp(`${name}[^=]*=\\s*\\[([^\\]]*)\\]`))?.[1];
  if (list === undefined) throw new Error(`No ${name} in ${SERVER_RENDERED_TABLE}`);
  return new Set([...list.matchAll(/'(\/[^']*)'/g)].map(([, path]) => path as string));
}
const readServerRenderedPaths = () => readPathList('SERVER_RENDERED_PATHS');
/** The pages the server writes with no script at all: they load no JavaScript. */
const scriptless = readPathList('SCRIPTLESS_PATHS');
/**
 * Counted as 0 only where the server writes the page in the state `npm run bench:web` loads it in:
 * a browser with scripts that walked the funnel through the API. The later steps (/step2, /step3,
 * /alacarte, /payment) are, within the hour after the app's last save (decision 049); /credentials
 * is, for the browser that paid (the payment's token in its cookie), and /receipt for the
 * signup's owner once the credentials have logged them in (decision 053).
 */
const serverRendered = readServerRenderedPaths();

/**
 * What the app loads before it takes a page the server wrote over (app/start.tsx awaits it before
 * the first render): the answers written in the page, and on the pages written with the browser's
 * signup (the numbered steps and the paid pages: decisions 049, 053), the signup's reader.
 */
const TAKE_OVER_READERS = ['src/lib/read-written-queries.ts'];
const SIGNUP_READER = 'src/lib/read-written-signup.ts';
const PAID_SIGNUP_PAGES = new Set(['/credentials', '/receipt']);

const routeTable = readRouteTable();
const routeKeys = new Set(routeTable.map(({ manifestKeys: [screen] }) => screen));

type Row = {
  route: string;
  chunks: number;
  /** All the JavaScript the route loads up front; before it renders unless the server renders it. */
  bytes: number;
  /** On a page written with no script: the app it would load to take the page over, and does not. */
  appNotLoaded?: number;
  beforeRender: number;
  target: number;
  ceiling: number;
  problems: string[];
};
const rows: Row[] = routeTable.map(({ path: route, guarded, manifestKeys }) => {
  const loaded = new Set(boot);
  for (const key of manifestKeys) staticClosure(manifest, key, loaded);
  if (serverRendered.has(route)) {
    const readers = [...TAKE_OVER_READERS];
    if (guarded || PAID_SIGNUP_PAGES.has(route)) readers.push(SIGNUP_READER);
    for (const key of readers) staticClosure(manifest, key, loaded);
  }
  const [key = ''] = manifestKeys;
  const files = new Set([...loaded].map((k) => manifest[k]?.file as string));
  const appBytes = [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipSize(f), 0);
  const isScriptless = scriptless.has(route);
  const bytes = isScriptless ? 0 : appBytes;
  const kind = isScriptless ? 'scriptless' : route === LANDING ? 'landing' : 'step';
  const problems: string[] = [];
  const ceiling = ROUTE_CEILING[route] ?? CEILING[kind];
  if (bytes > ceiling) problems.push('over ceiling');
  if ([...loaded].some(isPaymentSdk)) problems.push('payment SDK loaded up front');
  const reachable = [...fullClosure(manifest, key)];
  if (!PAYMENT_SDK_ROUTES.has(route) && reachable.some(isPaymentSdk)) {
    problems.push('payment SDK reachable');
  }
  return {
    route,
    chunks: isScriptless ? 0 : files.size,
    bytes,
    ...(isScriptless ? { appNotLoaded: appBytes } : {}),
    beforeRender: serverRendered.has(route) ? 0 : bytes,
    target: targetFor(route),
    ceiling,
    problems,
  };
});

const kb = (bytes: number) => (bytes / KB).toFixed(1);
const table = [
  [
    'route',
    'chunks',
    'before render KB',
    'target KB',
    'target',
    'all up front KB',
    'ceiling KB',
    'verdict',
  ],
  ...rows.map((r) => [
    r.route,
    String(r.chunks),
    kb(r.beforeRender),
    kb(r.target),
    r.beforeRender <= r.target ? 'met' : 'missed',
    kb(r.bytes),
    kb(r.ceiling),
    r.problems.length ? `FAIL: ${r.problems.join(', ')}` : 'ok',
  ]),
];
const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => row[i]?.length ?? 0))) ?? [];
for (const row of table) {
  console.log(
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  '),
  );
}
console.log(
  `JavaScript loaded before a screen renders (entry + the route's chunk + the step guard on numbered steps + their static imports), gzip; 0 on the pages the server renders (${[...serverRendered].join(', ')}), whose "all up front" is what the app loads to take them over. The payment SDKs (braintree-web) load on ${[...PAYMENT_SDK_ROUTES].join(' and ')} only.`,
);

console.log(
  `Written with no script (no JavaScript at all, ceiling 0): ${rows
    .filter((r) => r.appNotLoaded !== undefined)
    .map((r) => `${r.route} (the app it no longer loads: ${kb(r.appNotLoaded ?? 0)} KB)`)
    .join(', ')}.`,
);

const failed = rows.filter((r) => r.problems.length > 0);
if (failed.length > 0) {
  console.error(`web budget broken on ${failed.map((r) => r.route).join(', ')}`);
  process.exit(1);
}
