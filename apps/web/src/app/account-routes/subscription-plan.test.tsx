import type { AccountSubscriptionDetail, SubscriptionPlan } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARENT_SESSION } from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { i18n } from '@/lib/i18n';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';

const ID = '7c1f7c3e-1d2b-4c5d-9e8f-0a1b2c3d4e5f';

const price = (total: number, tax: number) => ({
  currencyCode: 'USD',
  total,
  totalFormatted: `$${(total / 100).toFixed(2)}`,
  taxAmountFormatted: `$${(tax / 100).toFixed(2)}`,
});

const PLANS: SubscriptionPlan[] = [
  { packageId: 3001, packageName: 'Essentials', years: 1, price: price(10_624, 625) },
  { packageId: 3003, packageName: 'Premium', years: 1, price: price(15_937, 938) },
  { packageId: 3004, packageName: 'Premium', years: 2, price: price(26_562, 1563) },
];

/** Ana's Premium, 1 year, paid by her, renewing on May 1, 2027. */
function subscription(
  overrides: Partial<AccountSubscriptionDetail> = {},
): AccountSubscriptionDetail {
  return {
    subscriptionId: ID,
    packageName: 'Premium',
    years: 1,
    renewsAt: '2027-05-01T12:00:00.000Z',
    autoRenew: true,
    canceledAt: null,
    isCurrent: true,
    paidBy: { payer: 'YOU', firstName: 'Ana', lastName: 'López' },
    canChange: true,
    retrying: null,
    renewalPrice: price(15_937, 938),
    paymentMethod: { paymentType: 'CREDIT_CARD', cardType: 'Visa', lastFour: '1881' },
    alsoRenews: [],
    pendingPlan: null,
    ...overrides,
  };
}

const PENDING = {
  packageId: 3004,
  packageName: 'Premium',
  years: 2 as const,
  price: price(26_562, 1563),
  effectiveAt: '2027-05-01T12:00:00.000Z',
};

function server(current: AccountSubscriptionDetail, replies: { put?: MockReply } = {}) {
  return mockFetch(
    on('GET', '/v2/account/session', { body: PARENT_SESSION }),
    on('GET', '/v2/account/subscription', { body: { subscription: current } }),
    on('GET', `/v2/account/subscriptions/${ID}/plans`, {
      body: { currentPackageId: 3003, plans: PLANS },
    }),
    on(
      'PUT',
      `/v2/account/subscriptions/${ID}/plan`,
      replies.put ?? { body: { subscription: { ...current, pendingPlan: PENDING } } },
    ),
    on('DELETE', `/v2/account/subscriptions/${ID}/plan`, {
      body: { subscription: { ...current, pendingPlan: null } },
    }),
  );
}

async function open(path: string) {
  const rendered = renderAccount(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return rendered;
}

describe('changing the plan at renewal', () => {
  it('lists the plans with their renewal prices and confirms the change with focus', async () => {
    const { calls } = server(subscription());
    const { user } = await open('/subscription/plan');
    expect(screen.getByRole('heading', { level: 1, name: 'Change your plan' })).toBeVisible();
    expect(screen.getByText(/The new plan starts on May 1, 2027, at the renewal\./)).toBeVisible();
    expect(screen.getByText(/nothing is prorated/)).toBeVisible();
    const group = screen.getByRole('group', { name: 'Your plan from the renewal' });
    expect(
      within(group).getByRole('radio', {
        name: 'Premium, 1 year: $159.37 (including $9.38 in taxes), your current plan',
      }),
    ).toBeChecked();
    await user.click(
      within(group).getByRole('radio', {
        name: 'Premium, 2 years: $265.62 (including $15.63 in taxes)',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    const notice = await screen.findByText(
      'Your plan changes on May 1, 2027, at the renewal. Until then nothing changes.',
    );
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ packageId: 3004 });
  });

  it('shows the plan waiting for the renewal, and keeps the current one on request', async () => {
    const { calls } = server(subscription({ pendingPlan: PENDING }));
    const { user } = await open('/subscription');
    const section = screen.getByRole('region', { name: 'Your plan at renewal' });
    expect(section).toHaveTextContent('From May 1, 2027: Premium, 2 years, $265.62');
    expect(within(section).getByRole('link', { name: 'Change your plan' })).toHaveAttribute(
      'href',
      '/subscription/plan',
    );
    await user.click(within(section).getByRole('button', { name: 'Keep my current plan' }));
    expect(
      await screen.findByText(
        'Your plan stays as it is. Your subscription renews on May 1, 2027 on your current plan.',
      ),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('shows the server’s refusal in the error summary, linked to the plans', async () => {
    const text = 'Choose one of the plans offered.';
    server(subscription(), {
      put: {
        status: 422,
        body: { validationErrors: [{ field: 'packageId', text, type: 'ERROR' }] },
      },
    });
    const { user } = await open('/subscription/plan');
    await user.click(screen.getByRole('radio', { name: /^Essentials, 1 year/ }));
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: text })).toHaveAttribute('href', '#plan');
  });

  it('offers nothing to change to the co-parent Parent A pays for', async () => {
    server(
      subscription({
        paidBy: { payer: 'CO_PARENT', firstName: 'Ana', lastName: 'López' },
        canChange: false,
        renewalPrice: null,
        paymentMethod: null,
      }),
    );
    await open('/subscription');
    expect(screen.queryByRole('region', { name: 'Your plan at renewal' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change your plan' })).toBeNull();
  });

  it('speaks Spanish (Mexico)', async () => {
    await i18n.changeLanguage('es-MX');
    try {
      server(subscription({ pendingPlan: { ...PENDING, packageName: 'Premium' } }));
      await open('/subscription');
      const section = screen.getByRole('region', { name: 'Tu plan en la renovación' });
      expect(section).toHaveTextContent('A partir del 1 de mayo de 2027: Premium, 2 años, $265.62');
      expect(
        within(section).getByRole('button', { name: 'Conservar mi plan actual' }),
      ).toBeVisible();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
