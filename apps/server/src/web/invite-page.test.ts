import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { useTestDatabase } from '../test/test-app.js';
import {
  ENTRY_ELEMENT_NAMES,
  INVITE_PUBLIC_URL,
  loadPage,
  SHELL,
  seedInvitation,
  useWebPagesApp,
} from '../test/web-pages.js';

/** A stand-in for the web build's server entry: the welcome shows whom the invitation names. */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
export const SERVER_RENDERED_PATHS = ['/invite'];
export const SIGNUP_PAGE_PATHS = [];
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

describe("the invitation's welcome written by the server", () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  useWebPagesApp(ctx, { entry: ENTRY, env: { PUBLIC_URL: INVITE_PUBLIC_URL } }, (built) => {
    app = built;
  });

  const open = (url: string) => loadPage(app, url);

  it("is written with the family the link's token names, and kept by no cache", async () => {
    const invite = await seedInvitation(app, ctx.database, 'coparent-invite');
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
