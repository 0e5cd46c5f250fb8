import { duplicateParentCookieValue, encodeCookieText } from '@coparent/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.js';
import { analyticsEvents } from '../db/schema.js';
import { funnelReport } from '../modules/events/report.js';
import { useTestDatabase } from '../test/test-app.js';
import { cookieSetBy, ENTRY_ELEMENT_NAMES, setCookies, useWebPagesApp } from '../test/web-pages.js';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';
const SHELL = [
  '<!doctype html><html lang="en"><head><title>CoParent Hub</title>',
  '<link rel="modulepreload" crossorigin href="/app/join/assets/framework.js">',
  '<script type="module" crossorigin src="/app/join/assets/app.js"></script></head>',
  '<body><div id="root"><div aria-busy="true">frame</div></div></body></html>',
].join('');

/**
 * A stand-in for the web build's server entry (apps/web/src/entry-server.tsx, whose own tests
 * render the real screens): it writes what the server decided for the page.
 */
const ENTRY = `
${ENTRY_ELEMENT_NAMES}
export const SERVER_RENDERED_PATHS = ['/signup', '/coparentstatus', '/duplicate', '/step1'];
export const SCRIPTLESS_PATHS = ['/signup', '/coparentstatus', '/duplicate'];
export const SIGNUP_PAGE_PATHS = [];
export function parseFlagParam(param) {
  const overrides = {};
  for (const pair of (param ?? '').split(',')) {
    const [key, value] = pair.split(':');
    if (key && value) overrides[key] = value === 'true' ? true : value === 'false' ? false : value;
  }
  return overrides;
}
export async function render(request, locale, written) {
  const parents = written?.flags?.['remove-coparent-status'] === 'Treatment' ? '/step1' : '/coparentstatus';
  const page = written?.scriptless;
  const text = [
    new URL(request.url).pathname,
    'parents:' + parents,
    'discount:' + (page?.discountSearch ?? 'none'),
    'person:' + (page?.duplicateParent?.email ?? 'none'),
  ].join(' ');
  return { kind: 'page', status: 200, html: '<main>' + text + '</main>', title: 'Page' };
}
`;

const PAGE_VIEWS_PER_MINUTE = 50;

describe('the pages written with no script (landing, /coparentstatus, /duplicate)', () => {
  const ctx = useTestDatabase('pglite');
  let app: App;
  useWebPagesApp(
    ctx,
    {
      entry: ENTRY,
      shell: SHELL,
      env: {
        // The browser suite's flag file: Treatment for ids starting "arm-treatment", Control for
        // "arm-control", Off for anyone else.
        FLAGS_FILE: 'e2e/flags.e2e.json',
        // Low enough for one test to pass it from an address of its own.
        RATE_LIMIT_EVENTS_PER_MINUTE: String(PAGE_VIEWS_PER_MINUTE),
      },
    },
    (built) => {
      app = built;
    },
  );

  const open = (url: string, cookie = '') =>
    app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT, cookie } });

  const eventsOf = (anonymousId: string) =>
    ctx.database.db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.anonymousId, anonymousId));

  it('loads no script and is ready as written', async () => {
    for (const path of ['/signup', '/coparentstatus', '/duplicate']) {
      const res = await open(`/app/join${path}`);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).not.toContain('<script');
      expect(res.body).not.toContain('modulepreload');
      expect(res.body).toMatch(/<html [^>]*data-app-ready/);
      expect(res.body).toContain(`<main>/app/join${path} `);
    }
    // A page the app takes over keeps its script.
    expect((await open('/app/join/step1')).body).toContain('<script type="module"');
  });

  it("gives a new visitor an anonymous id and records the landing's view with it", async () => {
    const res = await open('/app/join/signup');
    const id = cookieSetBy(res, 'coparent_anonymous_id')?.split('=')[1] ?? '';
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The app keeps the same id: its cookie is not HttpOnly.
    expect(setCookies(res).find((c) => c.startsWith('coparent_anonymous_id='))).not.toContain(
      'HttpOnly',
    );
    const events = await eventsOf(id);
    expect(events).toMatchObject([
      { type: 'page', event: '/app/join/signup', path: '/app/join/signup', anonymousId: id },
    ]);

    // The same visitor's next page: the same id, no new cookie; the report counts the landing.
    const next = await open('/app/join/coparentstatus', `coparent_anonymous_id=${id}`);
    expect(cookieSetBy(next, 'coparent_anonymous_id')).toBeUndefined();
    expect((await eventsOf(id)).map((event) => event.path)).toEqual([
      '/app/join/signup',
      '/app/join/coparentstatus',
    ]);
    const report = await funnelReport(ctx.database.db, {
      windowMs: 60_000,
      until: new Date(Date.now() + 1000),
    });
    expect(report.steps.find((step) => step.key === 'landing')?.visitors).toBeGreaterThan(0);
  });

  it("decides the landing's remove-coparent-status arm for the visitor and records it once", async () => {
    for (const [arm, parents] of [
      ['treatment', '/step1'],
      ['control', '/coparentstatus'],
    ] as const) {
      const id = `arm-${arm}-${Date.now()}`;
      const res = await open('/app/join/signup', `coparent_anonymous_id=${id}`);
      expect(res.body).toContain(`parents:${parents}`);
      await open('/app/join/signup', `coparent_anonymous_id=${id}`);
      const exposures = await ctx.database.db
        .select()
        .from(analyticsEvents)
        .where(
          and(eq(analyticsEvents.anonymousId, id), eq(analyticsEvents.event, 'Experiment Viewed')),
        );
      expect(exposures).toMatchObject([
        {
          properties: {
            experiment: 'remove-coparent-status',
            variant: arm === 'treatment' ? 'Treatment' : 'Control',
            decidedBy: 'server',
          },
        },
      ]);
    }
    // Off is no experiment: no exposure.
    const off = `visitor-${Date.now()}`;
    expect((await open('/app/join/signup', `coparent_anonymous_id=${off}`)).body).toContain(
      'parents:/coparentstatus',
    );
    expect((await eventsOf(off)).map((event) => event.type)).toEqual(['page']);
  });

  it('takes `?flags=` over the file, keeps them for the tab, and records no exposure for them', async () => {
    const id = `arm-control-${Date.now()}`;
    const res = await open(
      '/app/join/signup?flags=remove-coparent-status:Treatment,brand-refresh:true',
      `coparent_anonymous_id=${id}`,
    );
    expect(res.body).toContain('parents:/step1');
    expect(res.body).toMatch(/<html [^>]*data-look="brand-refresh"/);
    const kept = cookieSetBy(res, 'coparent_flags');
    expect(kept).toBe(
      `coparent_flags=${encodeCookieText('remove-coparent-status:Treatment,brand-refresh:true')}`,
    );
    expect((await eventsOf(id)).map((event) => event.type)).toEqual(['page']);
    // The next page of the tab keeps the look.
    const next = await open('/app/join/coparentstatus', `${kept}; coparent_anonymous_id=${id}`);
    expect(next.body).toMatch(/<html [^>]*data-look="brand-refresh"/);
    expect((await open('/app/join/coparentstatus')).body).not.toContain('data-look');
  });

  it('keeps a discount link for the tab and shows it on the next page', async () => {
    const link = '?discount=1&referrerKey=demo-coach&percentage=MTU=';
    const res = await open(`/app/join/signup${link}`);
    expect(res.body).toContain(`discount:${link}`);
    const kept = cookieSetBy(res, 'coparent_discount');
    expect(kept).toBe(`coparent_discount=${encodeCookieText(link)}`);
    const next = await open('/app/join/coparentstatus', kept);
    expect(next.body).toContain(`discount:${link}`);
    expect((await open('/app/join/coparentstatus')).body).toContain('discount:none');
  });

  it('names the person step 1 was refused for on /duplicate, from its cookie', async () => {
    const value = duplicateParentCookieValue({ name: 'Ana', email: 'taken@example.com' });
    const res = await open('/app/join/duplicate', `coparent_duplicate=${value}`);
    expect(res.body).toContain('person:taken@example.com');
    expect((await open('/app/join/duplicate', 'coparent_duplicate=not-json')).body).toContain(
      'person:none',
    );
  });

  it('writes /duplicate with the app when the support chat is on (a script by nature)', async () => {
    const id = `chat-${Date.now()}`;
    const res = await open(
      '/app/join/duplicate?flags=support-chat:true',
      `coparent_anonymous_id=${id}`,
    );
    expect(res.body).toContain('<script type="module"');
    expect(res.body).not.toMatch(/<html [^>]*data-app-ready/);
    // The app records its own view there.
    expect(await eventsOf(id)).toEqual([]);
  });

  it("stops recording one address's page views past the events' per-minute allowance, and still serves the page", async () => {
    const id = `flood-${Date.now()}`;
    const flood = () =>
      app.inject({
        method: 'GET',
        url: '/app/join/signup',
        headers: { accept: BROWSER_ACCEPT, cookie: `coparent_anonymous_id=${id}` },
        remoteAddress: '203.0.113.77',
      });
    for (let view = 0; view < PAGE_VIEWS_PER_MINUTE + 5; view += 1) {
      const res = await flood();
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<main>/app/join/signup ');
    }
    const pageViews = (await eventsOf(id)).filter((event) => event.type === 'page');
    expect(pageViews).toHaveLength(PAGE_VIEWS_PER_MINUTE);
    // Another address is not held back by the first one's flood.
    const other = `other-${Date.now()}`;
    await open('/app/join/signup', `coparent_anonymous_id=${other}`);
    expect((await eventsOf(other)).filter((event) => event.type === 'page')).toHaveLength(1);
  });
});
