import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountReceipt,
  PARENT_SESSION,
  RECEIPT_ID,
  SESSION_REQUIRED,
} from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { mockFetch, on } from '@/test/fetch-mock';

describe('/app/account/receipts/:receiptId', () => {
  it('shows the receipt as the funnel did: next steps, the order and the payment', async () => {
    mockFetch(
      on('GET', '/v2/account/session', { body: PARENT_SESSION }),
      on('GET', `/v2/account/receipts/${RECEIPT_ID}`, { body: accountReceipt() }),
    );
    renderAccount(`/receipts/${RECEIPT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your receipt' })).toBeVisible();
    expect(screen.getByText('luis@example.com')).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Premium · 1 year')).toBeVisible();
    const payment = screen.getByRole('region', { name: 'Payment information' });
    expect(within(payment).getByText('Credit or debit card: Visa ending in 1111')).toBeVisible();
    expect(within(payment).getByText('txn_123')).toBeVisible();
    expect(within(payment).getByRole('link', { name: 'Download PDF receipt' })).toHaveAttribute(
      'href',
      `/v2/account/receipts/${RECEIPT_ID}/pdf?lang=en`,
    );
    expect(screen.getByRole('link', { name: 'Back to My Account' })).toHaveAttribute('href', '/');
    // The affiliate pixel counted the purchase once, in the funnel.
    expect(document.querySelector('img')).toBeNull();
  });

  it('answers a receipt that is not the user’s with a friendly not-found and a way home', async () => {
    mockFetch(
      on('GET', '/v2/account/session', { body: PARENT_SESSION }),
      on('GET', /^\/v2\/account\/receipts\//, {
        status: 404,
        body: {
          type: '/problems/receipt-not-found',
          title: 'x',
          status: 404,
          code: 'RECEIPT_NOT_FOUND',
        },
      }),
    );
    renderAccount('/receipts/someone-elses');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Receipt not found' }),
    ).toBeVisible();
    expect(screen.getByText('We could not find this receipt in your account.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to My Account' })).toHaveAttribute('href', '/');
  });

  it('logs in first, then comes back to the receipt', async () => {
    mockFetch(
      on('GET', '/v2/account/session', SESSION_REQUIRED),
      on('GET', /^\/v2\/account\/receipts\//, SESSION_REQUIRED),
    );
    const { router } = renderAccount(`/receipts/${RECEIPT_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?returnTo=%2Freceipts%2F${RECEIPT_ID}`);
  });
});
