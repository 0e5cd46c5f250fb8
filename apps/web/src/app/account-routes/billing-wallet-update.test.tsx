import type { AccountBilling } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAccountPage } from '@/features/account/billing/render-account-page';
import { i18n } from '@/lib/i18n';
import { mockFetch, on } from '@/test/fetch-mock';

const VISA = { paymentType: 'CREDIT_CARD', cardType: 'Visa', lastFour: '1881' } as const;
const PAYPAL = { paymentType: 'PAYPAL', cardType: null, lastFour: null } as const;

const SAVED: AccountBilling = {
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@example.com',
  address: {
    line1: '1 Main St',
    line2: null,
    city: 'Austin',
    region: 'TX',
    postalCode: '73301',
    country: 'US',
  },
  timeZone: 'America/Chicago',
  paymentMethod: VISA,
};

const SESSION = {
  userId: '33333333-3333-4333-8333-333333333333',
  kind: 'PARENT',
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@example.com',
  username: 'ana_lopez',
  isStaff: false,
  locale: 'en',
};

/** The checkout's PayPal and Venmo experiments, as `?flags=` turns them on. */
const WALLETS_ON = { 'paypal-in-join': 'Treatment', venmo: 'Treatment' } as const;

function server(put: { status?: number; body: unknown }) {
  let method: AccountBilling['paymentMethod'] = VISA;
  return mockFetch(
    on('GET', '/v2/account/session', { body: SESSION }),
    on('GET', '/v2/account/billing', () => ({ body: { ...SAVED, paymentMethod: method } })),
    on('GET', '/v2/account/payment-method/client-token', {
      body: { clientToken: 'sandbox_token', provider: 'sandbox', merchantCurrency: 'USD' },
    }),
    on('PUT', '/v2/account/payment-method', () => {
      if ((put.status ?? 200) === 200) method = PAYPAL;
      return put;
    }),
  );
}

async function openWithWallets() {
  const rendered = renderAccountPage('/billing', { flags: WALLETS_ON });
  const open = await screen.findByRole('button', { name: 'Update your card' }, { timeout: 5000 });
  await rendered.user.click(open);
  await waitFor(() =>
    expect(
      screen.getByRole('heading', { level: 3, name: 'Your new payment method' }),
    ).toHaveFocus(),
  );
  await screen.findByRole('group', { name: 'How would you like to pay?' });
  return rendered;
}

/** Choose PayPal with the keyboard and approve it in the sandbox's stand-in for its window. */
async function approvePayPal(user: ReturnType<typeof renderAccountPage>['user']) {
  await user.click(screen.getByRole('radio', { name: 'Credit or debit card' }));
  await user.keyboard('{ArrowDown}');
  expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Continue with PayPal' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Agree and continue' }));
}

describe('account billing: a wallet as the method on file', () => {
  it('offers the checkout’s wallets, saves PayPal and shows it with a confirmation', async () => {
    const { calls } = server({ body: { paymentMethod: PAYPAL } });
    const { user } = await openWithWallets();
    const methods = screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
    expect(methods).toEqual(['CREDIT_CARD', 'PAYPAL', 'VENMO']);
    await approvePayPal(user);
    const save = await screen.findByRole('button', { name: 'Save PayPal as your payment method' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);

    const done = await screen.findByText(/Your payment method was updated/);
    expect(done).toHaveTextContent(
      'Your payment method was updated. Your subscription now renews with: PayPal',
    );
    expect(done).toHaveFocus();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      nonce: 'fake-paypal-billing-agreement-nonce',
    });
    await waitFor(() => expect(screen.queryByText('Visa ending in 1881')).toBeNull());
  });

  it('says a refused wallet in the summary, linked to the method choice; it must approve again', async () => {
    server({
      status: 422,
      body: {
        validationErrors: [
          {
            field: 'nonce',
            text: 'Your payment method was declined. Please try a different one.',
            type: 'ERROR',
          },
        ],
      },
    });
    const { user } = await openWithWallets();
    await approvePayPal(user);
    const save = screen.getByRole('button', { name: 'Save PayPal as your payment method' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: /Your payment method was declined/ }),
    ).toHaveAttribute('href', '#payment-method');
    expect(screen.getByText('Visa ending in 1881')).toBeVisible();
    // The used approval is gone: the wallet asks again before another try.
    expect(save).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with PayPal' })).toBeVisible();
  });

  it('offers the card alone while the checkout offers no wallet', async () => {
    server({ body: { paymentMethod: PAYPAL } });
    const { user } = renderAccountPage('/billing');
    await user.click(
      await screen.findByRole('button', { name: 'Update your card' }, { timeout: 5000 }),
    );
    await screen.findByLabelText('Card number');
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: 'Your new card' })).toBeVisible();
  });

  it('speaks Spanish (Mexico)', async () => {
    await i18n.changeLanguage('es-MX');
    try {
      server({ body: { paymentMethod: PAYPAL } });
      const { user } = renderAccountPage('/billing', { flags: WALLETS_ON });
      await user.click(
        await screen.findByRole('button', { name: 'Actualizar tu tarjeta' }, { timeout: 5000 }),
      );
      expect(await screen.findByRole('heading', { name: 'Tu nueva forma de pago' })).toBeVisible();
      await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
      expect(
        screen.getByRole('button', { name: 'Guardar PayPal como tu forma de pago' }),
      ).toBeDisabled();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
