import type { AccountSubscriptionDetail } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARENT_SESSION } from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { i18n } from '@/lib/i18n';
import { mockFetch, on } from '@/test/fetch-mock';

const ID = '7c1f7c3e-1d2b-4c5d-9e8f-0a1b2c3d4e5f';

/** Ana's Premium, due on May 1, 2027: the card was declined, the next try is May 2. */
function retrying(overrides: Partial<AccountSubscriptionDetail> = {}): AccountSubscriptionDetail {
  return {
    subscriptionId: ID,
    packageName: 'Premium',
    years: 1,
    renewsAt: '2027-05-01T12:00:00.000Z',
    autoRenew: true,
    canceledAt: null,
    isCurrent: false,
    paidBy: { payer: 'YOU', firstName: 'Ana', lastName: 'López' },
    canChange: true,
    retrying: {
      nextAttemptAt: '2027-05-02T12:00:00.000Z',
      lastAttemptAt: '2027-05-08T12:00:00.000Z',
    },
    renewalPrice: {
      currencyCode: 'USD',
      total: 31_872,
      totalFormatted: '$318.72',
      taxAmountFormatted: '$18.74',
    },
    paymentMethod: { paymentType: 'CREDIT_CARD', cardType: 'Visa', lastFour: '1881' },
    alsoRenews: [{ firstName: 'Luis', lastName: 'Pérez' }],
    pendingPlan: null,
    ...overrides,
  };
}

function server(current: AccountSubscriptionDetail) {
  const ended = { ...current, autoRenew: false, canChange: false, retrying: null };
  return mockFetch(
    on('GET', '/v2/account/session', { body: PARENT_SESSION }),
    on('GET', '/v2/account/subscription', { body: { subscription: current } }),
    on('PUT', `/v2/account/subscriptions/${ID}/auto-renew`, { body: { subscription: ended } }),
    on('POST', `/v2/account/subscriptions/${ID}/cancel`, {
      body: { subscription: { ...ended, canceledAt: '2027-05-01T15:00:00.000Z' } },
    }),
  );
}

async function open(path = '/subscription') {
  const rendered = renderAccount(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return rendered;
}

describe('/app/account/subscription while a declined renewal is tried again', () => {
  it('says the payment did not go through, when the next try is, and links to the card', async () => {
    server(retrying());
    await open();
    const notice = screen.getByRole('region', { name: 'Your renewal payment did not go through' });
    expect(notice).toHaveTextContent(
      'We will try again on May 2, 2027. If no payment goes through by May 8, 2027, your subscription ends.',
    );
    expect(within(notice).getByRole('link', { name: 'Update your card' })).toHaveAttribute(
      'href',
      '/billing',
    );
    const details = screen.getByRole('region', { name: 'Your subscription' });
    expect(within(details).getByText('Renewal was due on').nextSibling).toHaveTextContent(
      'May 1, 2027',
    );
    expect(within(details).getByText('Visa ending in 1881')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cancel your subscription' })).toBeVisible();
  });

  it('turning auto-renewal off says the tries stop and the subscription ends now', async () => {
    const { calls } = server(retrying());
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off auto-renewal?' });
    expect(dialog).toHaveTextContent(
      'We will not try the payment again and nothing will be charged. Your subscription ends now: its paid term ended on May 1, 2027.',
    );
    expect(dialog).toHaveTextContent(
      'The subscription of Luis Pérez, which you pay for, ends now too.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes, turn it off' }));
    const done = await screen.findByText(
      'We will not try the payment again. Your subscription ended on May 1, 2027.',
    );
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ autoRenew: false });
  });

  it('the cancel page says canceling stops the tries', async () => {
    const { calls } = server(retrying());
    const { user } = await open('/subscription/cancel');
    expect(
      screen.getByText('We stop trying the renewal payment, and nothing will be charged.'),
    ).toBeVisible();
    expect(
      screen.getByText('Your subscription ends now: the term you paid for ended on May 1, 2027.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await screen.findByText(
      'We will not try the payment again. Your subscription ended on May 1, 2027.',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: null });
  });

  it('shows the co-parent Parent A pays for nothing about the payment, read-only', async () => {
    server(
      retrying({
        paidBy: { payer: 'CO_PARENT', firstName: 'Ana', lastName: 'López' },
        canChange: false,
        retrying: null,
        renewalPrice: null,
        paymentMethod: null,
        alsoRenews: [],
      }),
    );
    await open();
    expect(screen.queryByRole('region', { name: /did not go through/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /auto-renewal/ })).toBeNull();
    expect(
      screen.getByText(
        'Ana López pays for this subscription, so only Ana López can change its renewal or cancel it.',
      ),
    ).toBeVisible();
  });

  it('speaks Spanish (Mexico)', async () => {
    await i18n.changeLanguage('es-MX');
    try {
      server(retrying());
      await open();
      const notice = screen.getByRole('region', {
        name: 'No se pudo cobrar el pago de tu renovación',
      });
      expect(notice).toHaveTextContent(
        'Lo intentaremos de nuevo el 2 de mayo de 2027. Si ningún pago se aprueba a más tardar el 8 de mayo de 2027, tu suscripción termina.',
      );
      expect(within(notice).getByRole('link', { name: 'Actualizar tu tarjeta' })).toHaveAttribute(
        'href',
        '/billing',
      );
      expect(screen.getByText('La renovación vencía el')).toBeVisible();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
