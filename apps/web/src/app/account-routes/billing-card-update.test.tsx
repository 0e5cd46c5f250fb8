import type { AccountBilling } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAccountPage } from '@/features/account/billing/render-account-page';
import { i18n } from '@/lib/i18n';
import { mockFetch, on } from '@/test/fetch-mock';

const VISA = { paymentType: 'CREDIT_CARD', cardType: 'Visa', lastFour: '1881' } as const;
const MASTERCARD = {
  paymentType: 'CREDIT_CARD',
  cardType: 'MasterCard',
  lastFour: '4444',
} as const;

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

const TOKENIZED = {
  nonce: 'tokencc_sb_test',
  details: {
    cardType: 'MasterCard',
    lastFour: '4444',
    lastTwo: '44',
    expirationMonth: '11',
    expirationYear: '2031',
  },
  description: 'ending in 44',
  type: 'CreditCard',
};

/** The account's calls: the billing read shows the card the last PUT answered. */
function server(put: Parameters<typeof on>[2]) {
  let card: AccountBilling['paymentMethod'] = VISA;
  return mockFetch(
    on('GET', '/v2/account/session', { body: SESSION }),
    on('GET', '/v2/account/billing', () => ({ body: { ...SAVED, paymentMethod: card } })),
    on('GET', '/v2/account/payment-method/client-token', {
      body: { clientToken: 'sandbox_token', provider: 'sandbox', merchantCurrency: 'USD' },
    }),
    on('POST', '/v2/payment/sandbox/tokenize', { body: TOKENIZED }),
    on('PUT', '/v2/account/payment-method', (call) => {
      const reply = typeof put === 'function' ? put(call) : put;
      if ((reply.status ?? 200) === 200) card = MASTERCARD;
      return reply;
    }),
  );
}

async function openCardForm() {
  const rendered = renderAccountPage('/billing');
  const open = await screen.findByRole('button', { name: 'Update your card' }, { timeout: 5000 });
  await rendered.user.click(open);
  // Focus moves to the form's heading; the checkout's card fields load for the token.
  await waitFor(() =>
    expect(screen.getByRole('heading', { level: 3, name: 'Your new card' })).toHaveFocus(),
  );
  await screen.findByLabelText('Card number');
  return rendered;
}

async function typeCard(user: ReturnType<typeof renderAccountPage>['user']) {
  await user.type(screen.getByLabelText('Card number'), '5555555555554444');
  await user.type(screen.getByLabelText('Expiration date'), '1131');
  await user.type(screen.getByLabelText('Security code'), '123');
}

describe('account billing: update the card', () => {
  it('saves the new card from the checkout’s fields and shows it with a confirmation', async () => {
    const { calls } = server({ body: { paymentMethod: MASTERCARD } });
    const { user } = await openCardForm();
    const save = screen.getByRole('button', { name: 'Save the new card' });
    expect(save).toBeDisabled();
    await typeCard(user);
    await user.click(save);

    const done = await screen.findByText(/Your card was updated/);
    expect(done).toHaveTextContent(
      'Your card was updated. Your subscription now renews with: MasterCard ending in 4444',
    );
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(done).toHaveFocus();
    // The page reads the card on file again: the new one.
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Payment method on file' })).getAllByText(
          /MasterCard ending in 4444/,
        ).length,
      ).toBeGreaterThan(0),
    );
    expect(screen.queryByText('Visa ending in 1881')).toBeNull();
    // Only the nonce leaves for our server: never the card.
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ nonce: 'tokencc_sb_test' });
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('says a refused card in the summary and beside the fields; the card on file stays', async () => {
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
    const { user } = await openCardForm();
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Save the new card' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', {
        name: 'Your payment method was declined. Please try a different one.',
      }),
    ).toHaveAttribute('href', '#card-number');
    expect(screen.getAllByText(/Your payment method was declined/)).toHaveLength(2);
    expect(screen.getByText('Visa ending in 1881')).toBeVisible();
    expect(screen.queryByText(/Your card was updated/)).toBeNull();
  });

  it('shows why a co-parent paid for by Parent A cannot, in the summary', async () => {
    server({
      status: 409,
      body: {
        validationErrors: [
          {
            field: 'form',
            text: 'Ana López pays for your subscription, so only Ana López can change the card it is charged to.',
            type: 'ERROR',
          },
        ],
      },
    });
    const { user } = await openCardForm();
    await typeCard(user);
    await user.click(screen.getByRole('button', { name: 'Save the new card' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(/only Ana López can change the card/);
  });

  it('closes with Cancel, back on the button that opened it', async () => {
    server({ body: { paymentMethod: MASTERCARD } });
    const { user } = await openCardForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update your card' })).toHaveFocus(),
    );
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('speaks Spanish (Mexico)', async () => {
    await i18n.changeLanguage('es-MX');
    try {
      server({ body: { paymentMethod: MASTERCARD } });
      const { user } = renderAccountPage('/billing');
      await user.click(
        await screen.findByRole('button', { name: 'Actualizar tu tarjeta' }, { timeout: 5000 }),
      );
      expect(await screen.findByRole('heading', { name: 'Tu nueva tarjeta' })).toBeVisible();
      await screen.findByLabelText('Número de tarjeta');
      expect(screen.getByRole('button', { name: 'Guardar la nueva tarjeta' })).toBeDisabled();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
