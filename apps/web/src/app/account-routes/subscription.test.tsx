import type { AccountSubscriptionDetail } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARENT_SESSION, SESSION_REQUIRED } from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';

const ID = '7c1f7c3e-1d2b-4c5d-9e8f-0a1b2c3d4e5f';

/** Ana's Premium, paid by her with Visa 1881, renewing on May 1, 2027, and Luis's with it. */
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

function server(
  current: AccountSubscriptionDetail,
  replies: { autoRenew?: MockReply; cancel?: MockReply } = {},
) {
  return mockFetch(
    on('GET', '/v2/account/session', { body: PARENT_SESSION }),
    on('GET', '/v2/account/subscription', { body: { subscription: current } }),
    on(
      'PUT',
      `/v2/account/subscriptions/${ID}/auto-renew`,
      (call) =>
        replies.autoRenew ?? {
          body: {
            subscription: {
              ...current,
              autoRenew: (call.body as { autoRenew: boolean }).autoRenew,
            },
          },
        },
    ),
    on(
      'POST',
      `/v2/account/subscriptions/${ID}/cancel`,
      replies.cancel ?? {
        body: { subscription: { ...current, autoRenew: false, canceledAt: current.renewsAt } },
      },
    ),
  );
}

async function open(path = '/subscription') {
  const rendered = renderAccount(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return rendered;
}

describe('/app/account/subscription', () => {
  it('shows the renewal: date, price, card, who pays and the co-parent it renews', async () => {
    server(subscription());
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Your subscription' })).toBeVisible();
    const details = screen.getByRole('region', { name: 'Your subscription' });
    expect(within(details).getByText('Renews on').nextSibling).toHaveTextContent('May 1, 2027');
    expect(within(details).getByText('$318.72 (including $18.74 in taxes)')).toBeVisible();
    expect(within(details).getByText('Visa ending in 1881')).toBeVisible();
    expect(within(details).getByText('Luis Pérez')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cancel your subscription' })).toHaveAttribute(
      'href',
      '/subscription/cancel',
    );
  });

  it('turns auto-renewal off after one confirmation, said with focus; Keep changes nothing', async () => {
    const { calls } = server(subscription());
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }));
    let dialog = await screen.findByRole('dialog', { name: 'Turn off auto-renewal?' });
    expect(dialog).toHaveTextContent(
      'Your subscription will end on May 1, 2027 and nothing more will be charged.',
    );
    expect(dialog).toHaveTextContent('The subscription of Luis Pérez, which you pay for, will end');
    await user.click(within(dialog).getByRole('button', { name: 'Keep auto-renewal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Turn off auto-renewal' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off auto-renewal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, turn it off' }));
    const notice = await screen.findByText(
      'Auto-renewal is off. Your subscription ends on May 1, 2027.',
    );
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ autoRenew: false });
  });

  it('turns auto-renewal back on in one step while the term runs', async () => {
    const { calls } = server(subscription({ autoRenew: false }));
    const { user } = await open();
    expect(
      screen.getByText(/You can turn auto-renewal back on at any time before May 1, 2027\./),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Turn auto-renewal back on' }));
    expect(
      await screen.findByText('Auto-renewal is on. Your subscription renews on May 1, 2027.'),
    ).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ autoRenew: true });
  });

  it('shows the server’s refusal in words', async () => {
    const text = 'This subscription ended on May 1, 2027, so it can no longer renew.';
    server(subscription({ autoRenew: false }), {
      autoRenew: {
        status: 409,
        body: { validationErrors: [{ field: 'form', text, type: 'ERROR' }] },
      },
    });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Turn auto-renewal back on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('shows the co-parent Parent A pays for who pays, with nothing to change', async () => {
    server(
      subscription({
        paidBy: { payer: 'CO_PARENT', firstName: 'Ana', lastName: 'López' },
        canChange: false,
        renewalPrice: null,
        paymentMethod: null,
        alsoRenews: [],
      }),
    );
    await open();
    expect(
      screen.getByText(
        'Ana López pays for this subscription, so only Ana López can change its renewal or cancel it.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /auto-renewal/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Cancel your subscription' })).toBeNull();
  });

  it('says a professional’s covered subscription is not the family’s to cancel', async () => {
    server(
      subscription({
        paidBy: { payer: 'PROFESSIONAL', firstName: 'Rosa', lastName: 'Díaz' },
        canChange: false,
        autoRenew: false,
        renewalPrice: null,
        paymentMethod: null,
        alsoRenews: [],
      }),
    );
    await open();
    expect(
      screen.getByText(/Your professional, Rosa Díaz, covers this subscription\./),
    ).toBeVisible();
  });

  it('sends a logged-out visitor to the login first', async () => {
    mockFetch(
      on('GET', '/v2/account/session', SESSION_REQUIRED),
      on('GET', '/v2/account/subscription', SESSION_REQUIRED),
    );
    const { router } = renderAccount('/subscription');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnTo=%2Fsubscription');
  });
});

describe('/app/account/subscription/cancel', () => {
  it('says plainly what happens, cancels with the optional reason and confirms it', async () => {
    const { calls } = server(subscription());
    const { user } = await open('/subscription/cancel');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Cancel your subscription' }),
    ).toBeVisible();
    expect(
      screen.getByText('You keep access until May 1, 2027, the end of the term you paid for.'),
    ).toBeVisible();
    expect(screen.getByText('The term you already paid for is not refunded.')).toBeVisible();
    expect(
      screen.getByText(
        'The subscription of Luis Pérez, which you pay for, is not renewed either: Luis Pérez keeps access until May 1, 2027, then it ends too.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'It costs too much' }));
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));

    const notice = await screen.findByText(
      'Your subscription is canceled. You have access until May 1, 2027; nothing more will be charged.',
    );
    await waitFor(() => expect(notice.closest('[tabindex="-1"]')).toHaveFocus());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'TOO_EXPENSIVE' });
  });

  it('cancels without a reason too', async () => {
    const { calls } = server(subscription());
    const { user } = await open('/subscription/cancel');
    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await screen.findByText(/Your subscription is canceled\./);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: null });
  });

  it('offers no cancel button to someone who does not pay', async () => {
    server(
      subscription({
        paidBy: { payer: 'CO_PARENT', firstName: 'Ana', lastName: 'López' },
        canChange: false,
      }),
    );
    await open('/subscription/cancel');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(
      screen.getByText(/Only the person who pays for this subscription can cancel it/),
    ).toBeVisible();
  });
});
