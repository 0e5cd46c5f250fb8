import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { useTestDatabase } from '../test/test-app.js';
import { ENTRY_ELEMENT_NAMES, useWebPagesApp } from '../test/web-pages.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';
const STYLESHEET = '<link rel="stylesheet" crossorigin href="/app/join/assets/app.css">';
const PRELOAD = '<link rel="modulepreload" crossorigin href="/app/join/assets/app.js">';
const SHELL = [
  `<!doctype html><html lang="en"><head><title>CoParent Hub</title>${STYLESHEET}${PRELOAD}</head>`,
  '<body><div id="root"><div aria-busy="true">frame</div></div></body></html>',
].join('');
const CSS = '.app{color:#123}';

/**
 * A stand-in for the web build's server entry (apps/web/src/entry-server.tsx, whose own tests
 * render the real screens): it answers with the path and language it was asked for.
 */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
export const SERVER_RENDERED_PATHS = ['/signup', '/coparentstatus', '/broken', '/moved'];
export const SIGNUP_PAGE_PATHS = ['/step1'];
export async function render(request, locale) {
  const url = new URL(request.url);
  if (url.pathname.endsWith('/broken')) throw new Error('a screen that cannot render');
  if (url.pathname.endsWith('/moved')) return { kind: 'redirect', status: 302, location: '/app/join/signup' };
  return { kind: 'page', status: 200, html: '<main>' + locale + ' ' + url.pathname + url.search + '</main>', title: 'Sign up <&> – CoParent Hub' };
}
`;

describe('join pages rendered by the server', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  useWebPagesApp(ctx, { entry: ENTRY, shell: SHELL, files: { 'assets/app.css': CSS } }, (built) => {
    app = built;
  });

  const open = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT, ...headers } });

  // The styles inline and no modulepreload: the page paints before the app's code, and that code
  // does not share a slow connection with the page.
  it("writes the page in the browser's language, with its title, its styles and the screen in #root", async () => {
    const res = await open('/app/join/signup', { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-language']).toBe('es-MX');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(
      [
        '<!doctype html><html lang="es-MX" data-rendered-lang="es-MX"><head>',
        '<title>Sign up &lt;&amp;&gt; – CoParent Hub</title>',
        // The inlined stylesheet stays named, disabled (never fetched), so the app's loader does
        // not fetch and apply the same rules again when it takes the page over.
        '<link rel="stylesheet" crossorigin href="/app/join/assets/app.css" disabled>',
        `<style>${CSS}</style></head><body>`,
        '<div id="root" data-server-rendered><main>es-MX /app/join/signup</main></div>',
        '</body></html>',
      ].join(''),
    );
  });

  it("follows the visitor's saved choice over the browser's language", async () => {
    const res = await open('/app/join/coparentstatus?answer=has-account', {
      'accept-language': 'es-MX',
      cookie: 'other=1; coparent_lang=en',
    });
    expect(res.body).toContain('<main>en /app/join/coparentstatus?answer=has-account</main>');
    const unknown = await open('/app/join/signup', { cookie: 'coparent_lang=fr' });
    expect(unknown.body).toContain('<main>en /app/join/signup</main>');
  });

  it('keeps a language chosen without a script and shows the same page in it', async () => {
    const res = await open('/app/join/signup?discount=1&lang=es-MX');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/app/join/signup?discount=1');
    expect(res.headers['set-cookie']).toBe(
      'coparent_lang=es-MX; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    const ignored = await open('/app/join/signup?lang=fr');
    expect(ignored.statusCode).toBe(200);
    expect(ignored.headers['set-cookie']).toBeUndefined();
  });

  it("answers the app's shell when the render fails, and for the pages it does not render", async () => {
    for (const url of ['/app/join/broken', '/app/join/step1']) {
      const res = await open(url, { 'accept-language': 'es-MX' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it("passes on the render's redirect", async () => {
    const res = await open('/app/join/moved');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/join/signup');
  });
});
