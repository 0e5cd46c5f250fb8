import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../adapters/mail/outbox.js';
import type { App } from '../app.js';
import { seedInviteScenario } from '../modules/invite/scenarios.js';
import { buildTestApp, useTestDatabase } from '../test/test-app.js';

const SHELL =
  '<!doctype html><html lang="en"><head><title>CoParent Hub</title></head>' +
  '<body><div id="root"></div></body></html>';

/** A stand-in for the web build's server entry: the welcome shows whom the invitation names. */
const ENTRY = `
export const SERVER_RENDERED_PATHS = ['/invite'];
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
export const RENDERED_LANGUAGE_ATTRIBUTE = 'data-rendered-lang';
export const FORM_SUBMISSION_ELEMENT_ID = 'form-submission';
export const SIGNUP_PAGE_PATHS = [];
export const SERVER_QUERIES_ELEMENT_ID = 'server-queries';
export const SERVER_SIGNUP_ELEMENT_ID = 'server-signup';
export async function serverPageQueries(path, { search, fetchJson }) {
  const token = search.get('token');
  if (path !== '/invite' || !token) return [];
  return [{ queryKey: ['invite', 'current', token], data: await fetchJson('/v2/invites/current', { bearer: token }) }];
}
export async function render(request, locale, written) {
  const names = (written?.queries ?? []).flatMap((query) => query.data.familyMembers.map((member) => member.firstName));
  return { kind: 'page', status: 200, html: '<main>welcome ' + names.join(', ') + '</main>', title: 'Welcome' };
}
`;

const PUBLIC_URL = 'https://join.example.test';

describe("the invitation's welcome written by the server", () => {
  const ctx = useTestDatabase('pglite');
  let dir: string;
  let app: App;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'invite-page-'));
    mkdirSync(join(dir, 'dist'));
    mkdirSync(join(dir, 'dist-server'));
    writeFileSync(join(dir, 'dist', 'index.html'), SHELL);
    writeFileSync(join(dir, 'dist-server', 'entry-server.js'), ENTRY);
    app = await buildTestApp(ctx.database, {
      env: { WEB_DIST_DIR: join(dir, 'dist'), PUBLIC_URL },
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = (url: string) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it("is written with the family the link's token names, and kept by no cache", async () => {
    const invite = await seedInviteScenario('coparent-invite', {
      app,
      db: ctx.database.db,
      mailer: createOutboxMailer(ctx.database.db),
      publicUrl: PUBLIC_URL,
      inviteTtlDays: 14,
      now: () => new Date(),
    });
    const res = await open(`/app/join/invite?token=${encodeURIComponent(invite.token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<main>welcome [^<]+<\/main>/);
    expect(res.body).toContain('id="server-queries"');
    expect(res.headers['cache-control']).toBe('no-store');
    // The link's token is kept where no script reads it: a reload finds the invite.
    expect([res.headers['set-cookie']].flat()).toContain(
      `coparent_invite=${invite.token}; Path=/; HttpOnly; SameSite=Lax; Secure`,
    );
  });

  it('answers the app’s shell for a link the server refuses, and without a token', async () => {
    for (const url of ['/app/join/invite?token=not-a-token', '/app/join/invite']) {
      const res = await open(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });
});
