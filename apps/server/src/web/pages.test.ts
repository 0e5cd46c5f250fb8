import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SITE_PAGE_PATHS } from '@coparent/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { buildTestApp, useTestDatabase } from '../test/test-app.js';
import { useWebPagesApp } from '../test/web-pages.js';
import { prefersHtml } from './prefers-html.js';

/** What Chromium sends when a person opens a page. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const SHELL = '<!doctype html><html><head><title>shell</title></head><body></body></html>';

describe('prefersHtml', () => {
  it("is true for a browser's page load only", () => {
    expect(prefersHtml(BROWSER_ACCEPT)).toBe(true);
    expect(prefersHtml('text/html')).toBe(true);
    expect(prefersHtml('application/json;q=0.5, text/html')).toBe(true);
    for (const accept of [
      undefined,
      '',
      '*/*',
      'application/json',
      'application/problem+json',
      'application/json, text/html',
      'text/html;q=0.5, application/json',
      'text/html;q=0',
      'text/html;q=nonsense',
    ]) {
      expect(prefersHtml(accept), String(accept)).toBe(false);
    }
  });
});

describe('site pages and page not found', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  // A build without a server entry: the server writes no page itself.
  useWebPagesApp(ctx, { shell: SHELL }, (built) => {
    app = built;
  });

  it('answers the terms, privacy, help and contact pages with the web app', async () => {
    expect(Object.values(SITE_PAGE_PATHS)).toEqual([
      '/legal/terms',
      '/legal/privacy',
      '/help',
      '/contact',
    ]);
    for (const url of Object.values(SITE_PAGE_PATHS)) {
      for (const accept of [BROWSER_ACCEPT, undefined]) {
        const res = await app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.body, url).toBe(SHELL);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    }
  });

  it('answers a browser opening an unknown page with the web app and status 404', async () => {
    for (const url of ['/nothing-here', '/legal/cookies', '/help/', '/a/b/c?x=1', '/old.html']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(SHELL);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const missingAsset = await app.inject({
      method: 'GET',
      url: '/app/join/old-page.html',
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.body).toBe(SHELL);
  });

  it('keeps problem+json for API clients and for every unknown /v2 path', async () => {
    const cases: { url: string; accept?: string; method?: 'GET' | 'POST' }[] = [
      { url: '/nothing-here' },
      { url: '/nothing-here', accept: '*/*' },
      { url: '/nothing-here', accept: 'application/json' },
      { url: '/nothing-here', accept: 'application/problem+json, text/html;q=0.5' },
      { url: '/v2/nothing-here', accept: BROWSER_ACCEPT },
      { url: '/v2', accept: BROWSER_ACCEPT },
      { url: '/ofrep/v1/nothing', accept: BROWSER_ACCEPT },
      { url: '/app/join/assets/nope.js', accept: '*/*' },
      { url: '/nothing-here', accept: BROWSER_ACCEPT, method: 'POST' },
    ];
    for (const { url, accept, method = 'GET' } of cases) {
      const res = await app.inject({ method, url, headers: accept ? { accept } : {} });
      const label = `${method} ${url} (${accept})`;
      expect(res.statusCode, label).toBe(404);
      expect(res.headers['content-type'], label).toMatch(/^application\/problem\+json/);
      expect(res.json(), label).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
  });
});

describe('site pages without a web build', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;

  beforeAll(async () => {
    const missing = join(tmpdir(), 'no-web-build-here');
    app = await buildTestApp(ctx.database, { env: { WEB_DIST_DIR: missing } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says how to build the web app', async () => {
    for (const url of Object.values(SITE_PAGE_PATHS)) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } });
      expect(res.statusCode, url).toBe(503);
      expect(res.body, url).toContain('npm run build');
    }
  });
});
