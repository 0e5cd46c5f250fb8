import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FunnelReport } from '@/features/account/admin/funnel-api';
import { PARENT_SESSION, SESSION_REQUIRED } from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { i18n } from '@/lib/i18n';
import { mockFetch, on } from '@/test/fetch-mock';

const STAFF_SESSION = { ...PARENT_SESSION, isStaff: true };
const KEYS = [
  'landing',
  'step1',
  'step2',
  'step3',
  'billing',
  'review',
  'subscription',
  'credentials',
];

function steps(visitors: number[]) {
  return KEYS.map((key, index) => {
    const here = visitors[index] ?? 0;
    const next = visitors[index + 1];
    return {
      key,
      label: key,
      visitors: here,
      conversionToNext: next === undefined || here === 0 ? null : next / here,
    };
  });
}

const REPORT: FunnelReport = {
  since: '2025-06-01T00:00:00.000Z',
  until: '2025-06-08T00:00:00.000Z',
  steps: steps([200, 150, 120, 90, 60, 45, 30, 27]),
  experiments: [
    {
      experiment: 'checkout-copy',
      arms: [
        { variant: 'Off', steps: steps([100, 70, 50, 40, 25, 20, 12, 11]) },
        { variant: 'On', steps: steps([100, 80, 70, 50, 35, 25, 18, 16]) },
      ],
    },
  ],
};

describe('/app/account/admin/funnel', () => {
  it('shows staff the table, the chart and each experiment arm', async () => {
    const { calls } = mockFetch(
      on('GET', '/v2/account/session', { body: STAFF_SESSION }),
      on('GET', /^\/v2\/admin\/funnel\?since=/, { body: REPORT }),
    );
    const { user } = renderAccount('/admin/funnel');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signup funnel' })).toBeVisible();

    const table = await screen.findByRole('table', { name: 'Visitors per step, all visitors' });
    const landing = within(table).getByRole('row', { name: /Landing page/ });
    expect(
      within(landing)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['200', '75%']);
    const last = within(table).getByRole('row', { name: /Username and password set/ });
    expect(
      within(last)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['27', '–']);

    const chart = screen.getByRole('list', { name: /Visitors per step, as a share/ });
    expect(within(chart).getAllByRole('listitem')[1]).toHaveTextContent(
      'Step 1: about you: 150 visitors (75%)',
    );

    const arms = screen.getByRole('table', { name: 'Visitors per step, by arm of checkout-copy' });
    expect(within(arms).getByRole('columnheader', { name: 'Arm On: Visitors' })).toBeVisible();
    const review = within(arms).getByRole('row', { name: /Payment: review/ });
    expect(
      within(review)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['20', '60%', '25', '72%']);
    expect(calls.some((call) => call.url === '/v2/admin/funnel?since=7d')).toBe(true);

    await user.selectOptions(screen.getByLabelText('Period'), '24h');
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/v2/admin/funnel?since=24h')).toBe(true),
    );
  });

  it('refuses a non-staff account politely, without asking for the report', async () => {
    const { calls } = mockFetch(on('GET', '/v2/account/session', { body: PARENT_SESSION }));
    renderAccount('/admin/funnel');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The funnel report is for staff' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/');
    expect(calls.some((call) => call.url.startsWith('/v2/admin/funnel'))).toBe(false);
  });

  it('sends a logged-out visitor to the login page and back', async () => {
    mockFetch(on('GET', '/v2/account/session', SESSION_REQUIRED));
    const { router } = renderAccount('/admin/funnel');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnTo=%2Fadmin%2Ffunnel');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    mockFetch(
      on('GET', '/v2/account/session', { body: STAFF_SESSION }),
      on('GET', /^\/v2\/admin\/funnel\?since=/, { body: REPORT }),
    );
    renderAccount('/admin/funnel');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Embudo de registro' }),
    ).toBeVisible();
    const table = await screen.findByRole('table', {
      name: 'Visitantes por paso, todos los visitantes',
    });
    expect(within(table).getByRole('row', { name: /Paso 1: sobre ti/ })).toBeVisible();
  });
});
