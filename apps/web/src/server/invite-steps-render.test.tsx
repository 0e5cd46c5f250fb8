import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { priceFor } from '@/test/checkout-fixtures';
import { mockFetch, on } from '@/test/fetch-mock';
import { INVITED_USER_PATH, invitedContext, invitedUser } from '@/test/invite-fixtures';
import { lookupFor, US_PACKAGES } from '@/test/packages-fixtures';
import { mountWrittenPage, writePageData } from '@/test/written-page';
import { APP_READY_ATTRIBUTE } from '../app/app';
import { startApp } from '../app/start';
import {
  type FormSubmission,
  render,
  SERVER_QUERIES_ELEMENT_ID,
  type ServerQuery,
  serverPageQueries,
} from '../entry-server';

// The invite's screens after the welcome written by the server with the invite its cookie names
// (a file of its own: an app started in a test keeps running in that file's document).

type Progress = Parameters<typeof invitedContext>[0];

/** The API as the server reads it for the page, with the browser's cookie (never a bearer). */
function apiWith(context: Progress = {}, user: Parameters<typeof invitedUser>[0] = {}) {
  return async (path: string, init?: { bearer?: string; body?: unknown }): Promise<unknown> => {
    if (init?.bearer) throw new Error('the invite pages read with the cookie alone');
    if (path === '/v2/invites/current') return invitedContext(context);
    if (path === INVITED_USER_PATH) return invitedUser({ lastCompletedStep: 0, ...user });
    if (path === `${INVITED_USER_PATH}/pricing` && init?.body) {
      return priceFor(US_PACKAGES, init.body as Parameters<typeof priceFor>[1]).body;
    }
    if (path.startsWith('/v2/pricing')) return lookupFor(US_PACKAGES, 'US');
    if (path.startsWith('/v2/packages')) return { packages: US_PACKAGES };
    throw new Error(`unexpected ${path}`);
  };
}

async function written(
  path: string,
  {
    context,
    user,
    submission,
    locale = 'en',
    search = '',
  }: {
    context?: Progress;
    user?: Parameters<typeof invitedUser>[0];
    submission?: FormSubmission;
    locale?: 'en' | 'es-MX';
    search?: string;
  } = {},
) {
  const queries = await serverPageQueries(path, { locale, fetchJson: apiWith(context, user) });
  const rendered = await render(new Request(`http://localhost/app/join${path}${search}`), locale, {
    queries,
    submission,
  });
  if (rendered.kind !== 'page') throw new Error('not a page');
  return { html: rendered.html, queries };
}

function mount(html: string, path: string, queries: ServerQuery[]): HTMLElement {
  writePageData(SERVER_QUERIES_ELEMENT_ID, queries);
  return mountWrittenPage(html, path);
}

const started: Root[] = [];

async function startOn(container: HTMLElement) {
  started.push(await startApp(container));
  await waitFor(() => expect(document.documentElement).toHaveAttribute(APP_READY_ATTRIBUTE));
}

describe('the invite screens after the welcome rendered on the server', () => {
  afterEach(() => {
    for (const root of started.splice(0)) act(() => root.unmount());
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    document.documentElement.removeAttribute(APP_READY_ATTRIBUTE);
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('writes step 1 with what the server knows of the co-parent, posting to itself', async () => {
    const { html, queries } = await written('/invite/step1', { locale: 'es-MX' });
    expect(html).toContain('action="/app/join/invite/step1" method="post"');
    expect(html).toContain('value="luis@example.com"');
    expect(html).toContain('value="2125559876"');
    expect(html).toContain('Crea tu cuenta de padre o madre');
    expect(html).not.toContain('role="status"');
    // The invite's context is kept under the key of a tab whose token only the cookie holds.
    expect(queries[0]?.queryKey).toEqual(['invite', 'current', 'cookie']);
  });

  it('answers a posted step 1 with its problems listed and the values kept', async () => {
    const submission = {
      path: '/invite/step1',
      values: {
        firstName: '',
        lastName: 'García',
        email: 'luis@',
        countryCode: 'US_CANADA',
        phoneNumber: '2125559876',
      },
      errors: [],
    };
    const { html } = await written('/invite/step1', { submission });
    expect(html).toContain('There is a problem');
    expect(html).toContain('href="#firstName"');
    expect(html).toContain('href="#email"');
    expect(html).toContain('value="luis@"');
  });

  it('writes the packages once step 1 is done, each Choose posting its package', async () => {
    expect(
      await serverPageQueries('/invite/packages', { locale: 'en', fetchJson: apiWith() }),
    ).toEqual([]);
    const { html } = await written('/invite/packages', {
      context: { lastCompletedStep: 1, isSubscriptionCurrent: true, coparentPackageId: 3003 },
    });
    expect(html).toContain('action="/app/join/invite/packages" method="post"');
    expect(html).toContain('value="3003" name="packageId"');
    for (const pkg of US_PACKAGES.filter((p) => p.subDurationInYears === 1)) {
      expect(html).toContain(pkg.displayName);
    }
    // Back without a script asks for step 1.
    expect(html).toContain('<form action="/app/join/invite/step1" method="get">');
  });

  it('answers a refused choice with the cards and its reason in an error summary', async () => {
    const submission = {
      path: '/invite/packages',
      values: {},
      errors: [{ field: 'form', text: 'Too many attempts. Please wait.', type: 'ERROR' as const }],
    };
    const { html } = await written('/invite/packages', {
      context: { lastCompletedStep: 1 },
      submission,
      locale: 'es-MX',
    });
    expect(html).toContain('role="alert"');
    expect(html).toContain('Too many attempts. Please wait.');
    expect(html).toContain('value="3003" name="packageId"');
  });

  it('writes no page for a professional’s family on the packages: nothing to pay there', async () => {
    const queries = await serverPageQueries('/invite/packages', {
      locale: 'en',
      fetchJson: apiWith({ userCreatedByPro: true, lastCompletedStep: 1 }),
    });
    expect(queries).toEqual([]);
  });

  it('writes the build-your-own options of the chosen package, posting to itself, the upgrade to the packages', async () => {
    const byo = {
      context: { lastCompletedStep: 1 },
      user: { lastCompletedStep: 1, order: { packageId: 3005, productId: null, services: [] } },
    };
    expect(
      await serverPageQueries('/invite/choose-your-own', { locale: 'en', fetchJson: apiWith() }),
    ).toEqual([]);
    const { html } = await written('/invite/choose-your-own', { ...byo, locale: 'es-MX' });
    expect(html).toContain('action="/app/join/invite/choose-your-own" method="post"');
    expect(html).toContain('name="subscription"');
    expect(html).toContain('name="packageFor.SUB1YEAR" value="3005"');
    // Everything included instead: the Premium package of the term, posted as the cards post it.
    expect(html).toContain('action="/app/join/invite/packages" method="post"');
    expect(html).toContain('value="3003" name="packageId">Mejorar a Premium');
    expect(html).not.toContain('role="status"');
    // Back without a script asks for the packages.
    expect(html).toContain('<form action="/app/join/invite/packages" method="get">');
  });

  it('writes the billing info of a paid subscription as a form posting to itself', async () => {
    const paid = { lastCompletedStep: 2, isSubscriptionCurrent: true };
    expect(
      await serverPageQueries('/invite/billing-info', {
        locale: 'en',
        fetchJson: apiWith({ ...paid, billingAddressComplete: true }),
      }),
    ).toEqual([]);
    const { html } = await written('/invite/billing-info', { context: paid, locale: 'es-MX' });
    expect(html).toContain('action="/app/join/invite/billing-info" method="post"');
    expect(html).toContain('value="9 Elm St"');
    expect(html).not.toContain('role="status"');
    // Back is a link inside the form, which works without a script.
    expect(html).toContain('href="/app/join/invite/step1"');
  });

  it('answers a posted billing info with its problems listed and the values kept', async () => {
    const submission = {
      path: '/invite/billing-info',
      values: {
        'billing.billingAddress': '1 Main St',
        'billing.city': '',
        'billing.country': 'US',
        'billing.region': 'TX',
        'billing.postalCode': '78701',
        'billing.timezone': 'America/Chicago',
      },
      errors: [],
    };
    const { html } = await written('/invite/billing-info', {
      context: { lastCompletedStep: 2, isSubscriptionCurrent: true },
      submission,
    });
    expect(html).toContain('There is a problem');
    expect(html).toContain('value="1 Main St"');
  });

  it('writes the payment of the chosen package: Billing, then the sandbox card, posting to itself', async () => {
    const chosen = {
      context: { lastCompletedStep: 2 },
      user: { lastCompletedStep: 2, order: { packageId: 3003, productId: null, services: [] } },
    };
    expect(
      await serverPageQueries('/invite/payment', {
        locale: 'en',
        fetchJson: apiWith({ lastCompletedStep: 2, isSubscriptionCurrent: true }, chosen.user),
      }),
    ).toEqual([]);
    const billing = await written('/invite/payment', { ...chosen, locale: 'es-MX' });
    expect(billing.html).toContain('action="/app/join/invite/payment" method="post"');
    expect(billing.html).toContain('value="9 Elm St"');
    // No referral question in the invited flow.
    expect(billing.html).not.toContain('referral.selection');
    const card = await written('/invite/payment', { ...chosen, search: '?view=PAYMENT' });
    expect(card.html).toContain('name="number"');
    expect(card.html).toContain('action="/app/join/invite/payment" method="post"');
  });

  it('the app takes step 1 over without a mismatch, asking nothing, keeping what was typed', async () => {
    const { calls } = mockFetch(
      on('GET', '/v2/invites/current', { body: invitedContext() }),
      on('GET', INVITED_USER_PATH, { body: invitedUser({ lastCompletedStep: 0 }) }),
    );
    const { html, queries } = await written('/invite/step1');
    const container = mount(html, '/invite/step1', queries);
    (screen.getByLabelText('Last name') as HTMLInputElement).value = 'Garza';
    const heading = screen.getByRole('heading', { level: 1 });
    const errors = vi.spyOn(console, 'error');

    await startOn(container);
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Last name')).toHaveValue('Garza');
    // The tab goes on with the cookie's invite: a later screen it renders finds it.
    expect(window.sessionStorage.getItem('coparent.inviteToken')).toBe('cookie');
    expect(calls.filter((call) => call.url === '/v2/invites/current')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('First name'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('There is a problem')).toBeVisible();
  });

  it('the app takes the billing info over without a mismatch, its form still there', async () => {
    const paid = { lastCompletedStep: 2, isSubscriptionCurrent: true };
    mockFetch(
      on('GET', '/v2/invites/current', { body: invitedContext(paid) }),
      on('GET', INVITED_USER_PATH, { body: invitedUser({ lastCompletedStep: 2 }) }),
    );
    const { html, queries } = await written('/invite/billing-info', { context: paid });
    const container = mount(html, '/invite/billing-info', queries);
    const errors = vi.spyOn(console, 'error');
    await startOn(container);
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Billing address')).toHaveValue('9 Elm St');
  });

  it('the app takes the build-your-own options over without a mismatch', async () => {
    const user = invitedUser({
      lastCompletedStep: 1,
      order: { packageId: 3005, productId: null, services: [] },
    });
    mockFetch(
      on('GET', '/v2/invites/current', { body: invitedContext({ lastCompletedStep: 1 }) }),
      on('GET', INVITED_USER_PATH, { body: user }),
    );
    const { html, queries } = await written('/invite/choose-your-own', {
      context: { lastCompletedStep: 1 },
      user,
    });
    const container = mount(html, '/invite/choose-your-own', queries);
    const errors = vi.spyOn(console, 'error');
    await startOn(container);
    expect(errors).not.toHaveBeenCalled();
    expect(
      container.querySelector('form[action="/app/join/invite/choose-your-own"]'),
    ).not.toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('the app takes the packages over without a mismatch', async () => {
    mockFetch(
      on('GET', '/v2/invites/current', { body: invitedContext({ lastCompletedStep: 1 }) }),
      on('GET', INVITED_USER_PATH, { body: invitedUser({ lastCompletedStep: 1 }) }),
    );
    const { html, queries } = await written('/invite/packages', {
      context: { lastCompletedStep: 1 },
    });
    const container = mount(html, '/invite/packages', queries);
    const errors = vi.spyOn(console, 'error');
    await startOn(container);
    expect(errors).not.toHaveBeenCalled();
    expect(screen.getAllByRole('button', { name: /Choose/ }).length).toBeGreaterThan(0);
  });
});
