import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import {
  checkoutSignup,
  onCheckoutPricing,
  onClientToken,
  seedCheckout,
} from '@/test/checkout-fixtures';
import { mockFetch, on } from '@/test/fetch-mock';
import { SIGNUP_ID, seedFunnel } from '@/test/join-fixtures';
import { onCoupons, onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/page-reload', () => ({ wasPageReloaded: () => true }));

function server() {
  return mockFetch(
    on('GET', `/v2/signups/${SIGNUP_ID}`, {
      body: checkoutSignup({ order: { packageId: 3003, productId: 'SUB1YEAR', services: [] } }),
    }),
    ...onPricingFor(US_PACKAGES, 'US'),
    onCoupons(),
    onCheckoutPricing(),
    onClientToken(),
  );
}

/** /payment's Payment view for Premium 1 year, with the codes the packages step kept. */
async function openWithCodes(paymentCodes: string[]) {
  seedFunnel(3);
  useFunnelStore.setState({ packageId: 3003, paymentCodes });
  seedCheckout('PAYMENT');
  const rendered = await renderApp('/payment');
  await screen.findByRole('heading', { level: 2 });
  return rendered;
}

describe('a code that cannot pay for the order chosen', () => {
  it('says which packages it is for and offers to remove it, instead of leaving the page', async () => {
    server();
    const { user, router } = await openWithCodes(['PRO-ESS1-DEMO1']);
    expect(
      await screen.findByText("Code PRO-ESS1-DEMO1 can't be used with this order"),
    ).toBeVisible();
    expect(
      screen.getByText('This code is only for Essentials · 1 year, not for Premium · 1 year.'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/payment');
    // Not listed as applied in the code box.
    expect(screen.queryByText('Code PRO-ESS1-DEMO1 applied')).toBeNull();
    expect(screen.queryByText('We could not calculate your price. Please try again.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(useFunnelStore.getState().paymentCodes).toEqual([]);
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Total due today')).toBeVisible();
    expect(screen.queryByText("Code PRO-ESS1-DEMO1 can't be used with this order")).toBeNull();
    expect(
      screen.getByText('Code PRO-ESS1-DEMO1 removed. Your price is updated.'),
    ).toBeInTheDocument();
    // The button is gone: focus is on the view's heading, not lost.
    expect(screen.getByRole('heading', { level: 2, name: 'Payment details' })).toHaveFocus();
  });

  it('in the code box, says why a subscription code is refused, as the packages step does', async () => {
    server();
    const { user } = await openWithCodes([]);
    await user.click(screen.getByRole('button', { name: 'Have a promo or subscription code?' }));
    const field = screen.getByRole('textbox', { name: 'Promo or subscription code' });
    await user.type(field, 'pro-used-demo1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('Invalid activation code. This code has already been used.'),
      ),
    );
    await user.clear(field);
    await user.type(field, 'nope-0');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // A code known nowhere is not a subscription code with a reason: an invalid promo code.
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining('Invalid promo code')),
    );
  });
});
