import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import { mockFetch } from '@/test/fetch-mock';
import { signupState } from '@/test/join-fixtures';
import { coupon, lookupFor, US_PACKAGES } from '@/test/packages-fixtures';
import { writePageData } from '@/test/written-page';
import { APP_READY_ATTRIBUTE } from '../app/app';
import { startApp } from '../app/start';
import {
  render,
  SERVER_QUERIES_ELEMENT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_SIGNUP_ELEMENT_ID,
  serverPageQueries,
} from '../entry-server';

// Step 3 and build your own written by the server with the answers their screens read (a file
// of its own: an app started in a test keeps running in that file's document).

const atStepThree = { ...signupState(2), order: null };
const promotion = coupon({ couponCode: 'SPRING', bannerText: 'Spring offer: 20% off' });

/** The API as the server reads it for the page (the same answers the app's calls get). */
async function fetchJson(path: string): Promise<unknown> {
  if (path.startsWith('/v2/pricing')) return lookupFor(US_PACKAGES, 'US');
  if (path.startsWith('/v2/packages')) return { packages: US_PACKAGES };
  if (path === `/v2/signups/${atStepThree.signupId}/coupons`) return { coupons: [promotion] };
  throw new Error(`unexpected ${path}`);
}

async function writtenStepThree(search = '') {
  const queries = await serverPageQueries('/step3', {
    signup: atStepThree,
    locale: 'en',
    fetchJson,
  });
  const rendered = await render(new Request(`http://localhost/app/join/step3${search}`), 'en', {
    signup: atStepThree,
    queries,
  });
  if (rendered.kind !== 'page') throw new Error('not a page');
  return { html: rendered.html, queries };
}

describe('step 3 rendered on the server', () => {
  it("is written with the signup's packages and coupons, each Choose posting its package", async () => {
    const { html } = await writtenStepThree();
    for (const pkg of US_PACKAGES.filter((p) => p.subDurationInYears === 1)) {
      expect(html).toContain(pkg.displayName);
    }
    // The term switch is links: without a script the server writes the other term's cards.
    expect(html).toContain('href="?term=2"');
    const { html: twoYears } = await writtenStepThree('?term=2');
    for (const pkg of US_PACKAGES) {
      if (pkg.subDurationInYears === 2) expect(twoYears).toContain(pkg.displayName);
      else expect(twoYears).not.toContain(pkg.displayName);
    }
    expect(html).toContain('Spring offer: 20% off');
    expect(html).not.toContain('Loading your packages');
    expect(html).toContain('<form action="/app/join/step3" method="post">');
    const choose = ['type="submit"', 'name="packageId"', `value="${US_PACKAGES[0]?.id}"`];
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons.some((button) => choose.every((part) => button.includes(part)))).toBe(true);
  });

  it('the app takes it over with the same answers, asking for none of them again', async () => {
    const mocks = mockFetch();
    const { html, queries } = await writtenStepThree();
    writePageData(SERVER_SIGNUP_ELEMENT_ID, atStepThree);
    writePageData(SERVER_QUERIES_ELEMENT_ID, queries);
    window.history.replaceState(null, '', '/app/join/step3');
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');

    const root = await startApp(container);
    onTestFinished(() => act(() => root.unmount()));
    await waitFor(() => expect(document.documentElement).toHaveAttribute(APP_READY_ATTRIBUTE));
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: US_PACKAGES[0]?.displayName })).toBeVisible();
    expect(useFunnelStore.getState()).toMatchObject({
      signupId: atStepThree.signupId,
      lastCompletedStep: 2,
    });
    // The guard reads the signup once; the packages and coupons are the page's.
    await waitFor(() => expect(mocks.calls.length).toBeGreaterThan(0));
    const asked = mocks.calls.map((call) => call.url);
    expect(asked.filter((url) => /\/v2\/(pricing|packages)|\/coupons/.test(url))).toEqual([]);
  });
});

describe('build your own rendered on the server', () => {
  const chosen = { ...signupState(2), order: null, pendingBuildYourOwnPackageId: 3005 };

  it('is written with the chosen term and options as a form that posts without a script', async () => {
    const queries = await serverPageQueries('/alacarte', {
      signup: chosen,
      locale: 'es-MX',
      fetchJson,
    });
    const rendered = await render(new Request('http://localhost/app/join/alacarte'), 'es-MX', {
      signup: chosen,
      queries,
    });
    if (rendered.kind !== 'page') throw new Error('not a page');
    const { html } = rendered;
    expect(html).toContain('action="/app/join/alacarte"');
    expect(html).toContain('name="packageFor.SUB1YEAR" value="3005"');
    expect(html).toContain('name="packageFor.SUB2YEAR" value="3006"');
    expect(html).toContain('name="subscription" checked="" value="SUB1YEAR"');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*name="myfiles"/);
    expect(html).not.toContain('Cargando');
  });
});
