import type { PricingResponse } from '@coparent/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import { AFFILIATE_SCRIPT_ID } from '@/features/receipt/affiliate-script';
import * as receiptReload from '@/features/receipt/receipt-reload';
import { useFunnelStore } from '@/stores/funnel-store';
import { paymentResponse, priceFor } from '@/test/checkout-fixtures';
import { GB_PACKAGES, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const RELOAD =
  'You have tried to reload your receipt. Please log in and go to My Account to view your receipt.';

const RECEIPT_ID = '3b0f6a1e-2c4d-4e5f-8a9b-0c1d2e3f4a5b';
const SIGNUP_ID = '5c2d7b3f-4e6a-4b7c-9d8e-1f2a3b4c5d6e';

function paid(pricing: PricingResponse, options: Parameters<typeof paymentResponse>[1] = {}) {
  const { clickToJoinToken: _token, ...answer } = paymentResponse(pricing, options);
  const result = { ...answer, receipt: { ...answer.receipt, receiptId: RECEIPT_ID } };
  useCheckoutStore.setState({ result, hasSetCredentials: true });
  useFunnelStore.setState({ packageId: result.registration.order.packageId, signupId: SIGNUP_ID });
}

const texas = priceFor(US_PACKAGES, {
  address: { country: 'US', region: 'TX' },
  orderDetail: { packageId: 3003 },
}).body as PricingResponse;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  document.getElementById(AFFILIATE_SCRIPT_ID)?.remove();
});

const SCRIPT_URL = 'https://affiliate.example.com/conversion.js';
const affiliateScripts = () => document.querySelectorAll(`script[src="${SCRIPT_URL}"]`);

describe('/receipt', () => {
  it('loads the affiliate pixel (1×1, transaction id and amount) when one is configured', async () => {
    vi.stubEnv('VITE_AFFILIATE_PIXEL_URL', 'https://track.example.com/p.gif');
    paid(texas);
    await renderApp('/receipt');
    const pixel = document.querySelector('img');
    expect(pixel).toHaveAttribute('width', '1');
    expect(pixel).toHaveAttribute('height', '1');
    expect(pixel).toHaveAttribute('alt', '');
    expect(pixel?.getAttribute('src')).toBe(
      `https://track.example.com/p.gif?transactionId=txn_123&amount=${(texas.totals.total / 100).toFixed(2)}`,
    );
  });

  it('loads the affiliate script once, async, with the transaction id and amount, when configured', async () => {
    vi.stubEnv('VITE_AFFILIATE_SCRIPT_URL', SCRIPT_URL);
    paid(texas);
    const { unmount } = await renderApp('/receipt');
    expect(screen.getByRole('heading', { level: 1, name: 'Account activated!' })).toBeVisible();
    expect(affiliateScripts()).toHaveLength(1);
    const script = affiliateScripts()[0] as HTMLScriptElement;
    expect(script.async).toBe(true);
    expect(script.dataset).toMatchObject({
      transactionId: 'txn_123',
      amount: (texas.totals.total / 100).toFixed(2),
      currency: 'USD',
    });
    // Showing the receipt again in the same page load adds no second script.
    unmount();
    await renderApp('/receipt');
    expect(affiliateScripts()).toHaveLength(1);
  });

  it('loads no affiliate script unless configured, nor on the reload message', async () => {
    paid(texas);
    const { unmount } = await renderApp('/receipt');
    expect(document.getElementById(AFFILIATE_SCRIPT_ID)).toBeNull();
    unmount();

    vi.stubEnv('VITE_AFFILIATE_SCRIPT_URL', SCRIPT_URL);
    vi.spyOn(receiptReload, 'wasReceiptReloaded').mockReturnValue(true);
    await renderApp('/receipt');
    expect(screen.getByText(RELOAD)).toBeVisible();
    expect(document.getElementById(AFFILIATE_SCRIPT_ID)).toBeNull();
  });

  it('shows the account activated, three next steps, the order and the payment', async () => {
    paid(texas);
    await renderApp('/receipt');
    expect(screen.getByRole('heading', { level: 1, name: 'Account activated!' })).toBeVisible();
    const steps = screen.getAllByRole('list')[0] as HTMLElement;
    expect(steps.tagName).toBe('OL');
    expect(within(steps).getByRole('heading', { name: 'Download the app' })).toBeVisible();
    expect(within(steps).getByRole('link', { name: 'Download on the App Store' })).toBeVisible();
    expect(within(steps).getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    expect(
      within(steps).getByRole('heading', { name: 'Check your email for your receipt' }),
    ).toBeVisible();
    expect(within(steps).getByText('ana@example.com')).toBeVisible();
    expect(within(steps).getByText('luis@example.com')).toBeVisible();
    expect(
      within(steps).getByText("They'll choose their own subscription when they join."),
    ).toBeVisible();

    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Premium · 1 year')).toBeVisible();
    expect(within(summary).getByText('Total paid')).toBeVisible();
    expect(within(summary).getByText(texas.totals.totalFormatted)).toBeVisible();

    const payment = screen.getByRole('region', { name: 'Payment information' });
    expect(within(payment).getByText('Credit or debit card: Visa ending in 1111')).toBeVisible();
    expect(within(payment).getByText('txn_123')).toBeVisible();
    expect(within(payment).getByText(/May 1, 2025.*2:03.*UTC/)).toBeVisible();
    // The PDF, authorised by the signup's cookie as the receipt call is, in the page's language.
    const download = within(payment).getByRole('link', { name: 'Download PDF receipt' });
    expect(download).toHaveAttribute('href', `/v2/signups/${SIGNUP_ID}/receipt/pdf?lang=en`);
    expect(download).toHaveAttribute('download');
    // No pixel unless one is configured.
    expect(document.querySelector('img')).toBeNull();
  });

  it('says an order a code paid in full was covered by it, and names no card', async () => {
    const covered = priceFor(US_PACKAGES, {
      address: { country: 'US', region: 'TX' },
      orderDetail: { packageId: 3003 },
      paymentCodes: ['PRO-PREM1-DEMO1'],
    }).body as PricingResponse;
    paid(covered);
    useCheckoutStore.setState((state) => ({
      result: state.result && {
        ...state.result,
        receipt: {
          ...state.result.receipt,
          transactionId: null,
          cardLastFour: null,
          cardType: null,
        },
      },
    }));
    await renderApp('/receipt');
    const payment = screen.getByRole('region', { name: 'Payment information' });
    expect(within(payment).getByText('Covered by code PRO-PREM1-DEMO1')).toBeVisible();
    expect(within(payment).getByText('No charge: your codes covered the full price')).toBeVisible();
    expect(within(payment).queryByText(/card/i)).toBeNull();
  });

  it('says the co-parent was paid for, and uses VAT wording for 2061', async () => {
    const gb = priceFor(GB_PACKAGES, {
      address: { country: 'GB' },
      orderDetail: { packageId: 2061 },
      payForCoparent: true,
    }).body as PricingResponse;
    paid(gb, { method: 'PAYPAL' });
    await renderApp('/receipt');
    expect(
      screen.getByText("You paid for their subscription, so they won't need to pay."),
    ).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('VAT (included)')).toBeVisible();
    expect(within(summary).getByText('£40.00')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Payment information' })).getByText('PayPal'),
    ).toBeVisible();
  });

  it('shows the reload message without a payment result, with a plain login link', async () => {
    await renderApp('/receipt');
    expect(screen.getByText(RELOAD)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Account activated!' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/app/account/login',
    );
  });

  it('on a reload, says to log in; the login comes back to this receipt in My Account', async () => {
    vi.spyOn(receiptReload, 'wasReceiptReloaded').mockReturnValue(true);
    paid(texas);
    await renderApp('/receipt');
    expect(screen.getByText(RELOAD)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Account activated!' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/app/account/login?returnTo=%2Freceipts%2F${RECEIPT_ID}`,
    );
  });

  it('shows the reload message when the chosen package is not the receipt’s', async () => {
    paid(texas);
    useFunnelStore.setState({ packageId: 3004 });
    await renderApp('/receipt');
    expect(screen.getByText(RELOAD)).toBeVisible();
  });
});
