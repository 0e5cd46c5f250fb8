import type { AccountSubscription } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  PARENT_SESSION,
  parentHome,
  RECEIPT_ID,
  SESSION_REQUIRED,
} from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { mockFetch, on } from '@/test/fetch-mock';

describe('/app/account/ (home)', () => {
  it('greets the parent and shows the family, the subscription and the receipts', async () => {
    mockFetch(
      on('GET', '/v2/account/session', { body: PARENT_SESSION }),
      on('GET', '/v2/account/home', { body: parentHome() }),
    );
    renderAccount('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Ana' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('My Account – CoParent Hub'));

    const family = screen.getByRole('region', { name: 'Your family' });
    expect(within(family).getByText('Ana López (you)')).toBeVisible();
    expect(within(family).getByText('Luis Pérez')).toBeVisible();
    expect(within(family).getByText('Sofía Pérez')).toBeVisible();

    const subscription = screen.getByRole('region', { name: 'Your subscription' });
    for (const text of ['Premium · 1 year', '1 year', 'May 1, 2026', 'Current', 'You']) {
      expect(within(subscription).getByText(text)).toBeVisible();
    }

    const receipts = screen.getByRole('region', { name: 'Your receipts' });
    expect(
      within(receipts).getByRole('link', { name: 'Premium · 1 year, May 1, 2025: $159.36' }),
    ).toHaveAttribute('href', `/receipts/${RECEIPT_ID}`);
    expect(screen.getByRole('link', { name: 'Billing information' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(screen.queryByRole('link', { name: 'My Cases' })).not.toBeInTheDocument();

    // The header: the first name and Log out.
    expect(await screen.findByText('Logged in as Ana')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  it('leads the payer to the subscription page and to cancel, one link each', async () => {
    mockFetch(
      on('GET', '/v2/account/session', { body: PARENT_SESSION }),
      on('GET', '/v2/account/home', { body: parentHome() }),
    );
    renderAccount('/');
    const subscription = await screen.findByRole('region', { name: 'Your subscription' });
    expect(
      within(subscription).getByRole('link', { name: 'Manage your subscription' }),
    ).toHaveAttribute('href', '/subscription');
    expect(
      within(subscription).getByRole('link', { name: 'Cancel your subscription' }),
    ).toHaveAttribute('href', '/subscription/cancel');
  });

  it('offers no cancel link to the co-parent whose subscription the other parent pays', async () => {
    mockFetch(
      on('GET', '/v2/account/session', { body: PARENT_SESSION }),
      on('GET', '/v2/account/home', {
        body: parentHome({
          subscription: {
            ...(parentHome().subscription as AccountSubscription),
            paidBy: { firstName: 'Luis', lastName: 'Pérez', isYou: false },
          },
        }),
      }),
    );
    renderAccount('/');
    const subscription = await screen.findByRole('region', { name: 'Your subscription' });
    expect(
      within(subscription).getByRole('link', { name: 'Manage your subscription' }),
    ).toBeVisible();
    expect(
      within(subscription).queryByRole('link', { name: 'Cancel your subscription' }),
    ).toBeNull();
  });

  it('says who paid when the co-parent’s subscription was paid by the other parent', async () => {
    mockFetch(
      on('GET', '/v2/account/session', { body: PARENT_SESSION }),
      on('GET', '/v2/account/home', {
        body: parentHome({
          subscription: {
            packageId: 3003,
            packageName: 'Premium · 2 years',
            renewsAt: '2026-05-01T14:03:00.000Z',
            isCurrent: false,
            autoRenew: false,
            years: 2,
            paidBy: { firstName: 'Luis', lastName: 'Pérez', isYou: false },
          },
          receipts: [],
        }),
      }),
    );
    renderAccount('/');
    const subscription = await screen.findByRole('region', { name: 'Your subscription' });
    for (const text of ['2 years', 'Ends on', 'Not current', 'Luis Pérez']) {
      expect(within(subscription).getByText(text)).toBeVisible();
    }
    expect(screen.getByText("You don't have any receipts yet.")).toBeVisible();
  });

  it('leads a professional to My Cases, without a family or subscription', async () => {
    mockFetch(
      on('GET', '/v2/account/session', { body: { ...PARENT_SESSION, kind: 'PROFESSIONAL' } }),
      on('GET', '/v2/account/home', {
        body: parentHome({
          user: { ...parentHome().user, kind: 'PROFESSIONAL' },
          family: null,
          subscription: null,
          receipts: [],
        }),
      }),
    );
    renderAccount('/');
    expect(await screen.findByRole('link', { name: 'My Cases' })).toHaveAttribute('href', '/cases');
    expect(screen.queryByRole('region', { name: 'Your family' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your subscription' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Billing information' })).not.toBeInTheDocument();
  });

  it('sends a logged-out person to log in, coming back afterwards', async () => {
    mockFetch(
      on('GET', '/v2/account/session', SESSION_REQUIRED),
      on('GET', '/v2/account/home', SESSION_REQUIRED),
    );
    const { router } = renderAccount('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to your account' }),
    ).toBeVisible();
  });

  it('logs out from the header: the login page says so', async () => {
    let isLoggedIn = true;
    const { calls } = mockFetch(
      on('GET', '/v2/account/session', () =>
        isLoggedIn ? { body: PARENT_SESSION } : SESSION_REQUIRED,
      ),
      on('GET', '/v2/account/home', { body: parentHome() }),
      on('POST', '/v2/logout', () => {
        isLoggedIn = false;
        return { status: 204 };
      }),
    );
    window.sessionStorage.setItem('coparent.auth', 'true');
    const { user, router } = renderAccount('/');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('You have logged out. See you soon!')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/v2/logout')).toBe(true);
    expect(window.sessionStorage.getItem('coparent.auth')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });
});
