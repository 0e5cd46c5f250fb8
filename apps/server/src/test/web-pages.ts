import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createOutboxMailer } from '../adapters/mail/outbox.js';
import type { App } from '../app.js';
import type { Database } from '../db/client.js';
import { JOIN_BASE } from '../http/join-base.js';
import { type InviteScenario, seedInviteScenario } from '../modules/invite/scenarios.js';
import { buildTestApp } from './test-app.js';

/**
 * Test helpers for the pages the server writes (src/web): a stand-in web build on disk, the app
 * serving it, and what a browser sends and reads back. Each test keeps its own stand-in server
 * entry: what that entry writes is what the test asserts on (apps/web's own tests render the real
 * pages).
 */

/** A web build's index.html: what the server answers for a page it does not write itself. */
export const SHELL =
  '<!doctype html><html lang="en"><head><title>CoParent Hub</title></head>' +
  '<body><div id="root"></div></body></html>';

const FORM_SUBMISSION_ELEMENT_ID = 'form-submission';

/**
 * The names a server entry exports for the page's marks and its data for the app (apps/web's
 * entry-server.tsx), the same in every stand-in entry: `${ENTRY_ELEMENT_NAMES}` starts each one.
 * `writtenJson` and `writtenSubmission` read the page's data by these ids.
 */
export const ENTRY_ELEMENT_NAMES = `
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
export const RENDERED_LANGUAGE_ATTRIBUTE = 'data-rendered-lang';
export const APP_READY_ATTRIBUTE = 'data-app-ready';
export const FORM_SUBMISSION_ELEMENT_ID = '${FORM_SUBMISSION_ELEMENT_ID}';
export const SERVER_SIGNUP_ELEMENT_ID = 'server-signup';
export const SERVER_QUERIES_ELEMENT_ID = 'server-queries';
`;

/** What a browser's post from this site's own page carries (the form routes refuse another site). */
export const OWN_POST = { 'sec-fetch-site': 'same-origin' };

export type StandInWebBuildFiles = {
  /** dist-server/entry-server.js; without one the server writes no page, it answers the shell. */
  entry?: string;
  /** dist/index.html. */
  shell?: string;
  /** More files under dist, by their path there (a stylesheet the page inlines). */
  files?: Record<string, string>;
};

export type StandInWebBuild = {
  /** The build's dist folder, for the app's WEB_DIST_DIR (the server entry is in its sibling). */
  distDir: string;
  remove(): void;
};

/**
 * Writes a web build as the server reads it (dist/ and dist-server/) to a new temp folder. The
 * folder is new each time, so the server entry is imported afresh even where test files share
 * their worker's modules.
 */
export function writeStandInWebBuild({
  entry,
  shell = SHELL,
  files = {},
}: StandInWebBuildFiles = {}): StandInWebBuild {
  const dir = mkdtempSync(join(tmpdir(), 'web-build-'));
  const distDir = join(dir, 'dist');
  const write = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  write(join(distDir, 'index.html'), shell);
  for (const [path, text] of Object.entries(files)) write(join(distDir, path), text);
  if (entry !== undefined) write(join(dir, 'dist-server', 'entry-server.js'), entry);
  return { distDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** An answer, as far as its cookies go. */
type Answer = { headers: Record<string, unknown> };

/** A browser opening `url`: a GET asking for HTML, with `headers` (its cookies, its language). */
export function loadPage(app: App, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
}

/**
 * A browser submitting a form to `url`: the fields urlencoded (a pair list keeps a repeated
 * name), with `headers` (where it was posted from, its cookies). An undefined header is not sent,
 * as a browser without Fetch Metadata sends no Sec-Fetch-Site.
 */
export function submitForm(
  app: App,
  url: string,
  fields: Record<string, string> | [string, string][],
  headers: Record<string, string | undefined> = {},
) {
  const sent = Object.entries({
    accept: 'text/html',
    'content-type': 'application/x-www-form-urlencoded',
    ...headers,
  }).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return app.inject({
    method: 'POST',
    url,
    headers: Object.fromEntries(sent),
    payload: new URLSearchParams(fields).toString(),
  });
}

export type JoinPages = {
  /** A browser opening the join page at `path` (below /app/join), with its cookie if it has one. */
  open(path: string, cookie?: string): Promise<LightMyRequestResponse>;
  /** A browser posting the form of the join page at `path` (below /app/join). */
  post(
    path: string,
    fields: Record<string, string> | [string, string][],
    headers?: Record<string, string | undefined>,
  ): Promise<LightMyRequestResponse>;
};

/**
 * Registers beforeAll/afterAll hooks for the enclosing `describe`: writes the stand-in web build,
 * builds the app serving it on `ctx`'s database (with `env` besides) and hands it to `ready`, for
 * a test that calls the app itself; afterwards closes the app and removes the build. Call it
 * after `useTestDatabase`, whose database its beforeAll reads.
 */
export function useWebPagesApp(
  ctx: { readonly database: Database },
  build: StandInWebBuildFiles & { env?: Record<string, string> },
  ready: (app: App) => void = () => {},
): JoinPages {
  const { env = {}, ...files } = build;
  let web: StandInWebBuild | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    web = writeStandInWebBuild(files);
    app = await buildTestApp(ctx.database, { env: { ...env, WEB_DIST_DIR: web.distDir } });
    ready(app);
  });
  afterAll(async () => {
    await app?.close();
    web?.remove();
  });
  const built = () => {
    if (!app) throw new Error('the app is built in beforeAll');
    return app;
  };
  return {
    open: (path, cookie) => loadPage(built(), `${JOIN_BASE}${path}`, cookie ? { cookie } : {}),
    post: (path, fields, headers) => submitForm(built(), `${JOIN_BASE}${path}`, fields, headers),
  };
}

/**
 * The JSON a written page carries for the app in `<script type="application/json" id=…>` (the
 * signup, the queries, the form's submission); undefined when the page carries none.
 */
export function writtenJson(body: string, elementId: string): unknown {
  const found = new RegExp(`<script type="application/json" id="${elementId}">(.*?)</script>`).exec(
    body,
  );
  return found ? JSON.parse(found[1] ?? 'null') : undefined;
}

export type FormSubmission = {
  path: string;
  values: Record<string, string>;
  errors: { field: string; text: string }[];
};

/** What a page answering a form post carries for the app: what was typed and its problems. */
export function writtenSubmission(body: string): FormSubmission {
  return writtenJson(body, FORM_SUBMISSION_ELEMENT_ID) as FormSubmission;
}

/** Every Set-Cookie header of an answer, each as the server wrote it. */
export function setCookies(res: Answer): string[] {
  return [res.headers['set-cookie'] ?? []].flat().map(String);
}

/** The `name=value` of the cookie an answer set, as the browser sends it back. */
export function cookieSetBy(res: Answer, name: string): string | undefined {
  return setCookies(res)
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0];
}

/** The signup a step's form post saved (its key in the answer's cookie), and that cookie. */
export function savedSignup(res: Answer): { signupId: string; cookie: string } {
  const match = /coparent_signup=([^.;]+)\.([^;]+)/.exec(setCookies(res).join('\n'));
  if (!match?.[1]) throw new Error('no signup cookie');
  return { signupId: match[1], cookie: `coparent_signup=${match[1]}.${match[2]}` };
}

/** The billing form's fields as a browser posts them: an address in Austin, Texas. */
export const BILLING_FORM_FIELDS = {
  'billing.billingAddress': '100 Congress Ave',
  'billing.city': 'Austin',
  'billing.country': 'US',
  'billing.region': 'TX',
  'billing.postalCode': '78701',
  'billing.timezone': 'America/Chicago',
};

/**
 * The site's address in the invite tests: the app's PUBLIC_URL and the links the seeded
 * invitations carry (https, so the invite's cookie is Secure as in production).
 */
export const INVITE_PUBLIC_URL = 'https://join.example.test';

/**
 * An invitation as `scenario` seeds it (modules/invite/scenarios.ts), and the cookie its link
 * leaves in the browser.
 */
export async function seedInvitation(
  app: App,
  database: Database,
  scenario: InviteScenario = 'coparent-invite',
): Promise<{ token: string; cookie: string }> {
  const invite = await seedInviteScenario(scenario, {
    app,
    db: database.db,
    mailer: createOutboxMailer(database.db),
    publicUrl: INVITE_PUBLIC_URL,
    inviteTtlDays: 14,
    now: () => new Date(),
  });
  return { token: invite.token, cookie: `coparent_invite=${invite.token}` };
}
