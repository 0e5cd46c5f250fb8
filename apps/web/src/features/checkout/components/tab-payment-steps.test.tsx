import { screen, within } from '@testing-library/react';
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

describe('the progress indicator on /payment', () => {
  it('is one: the funnel’s steps, with the payment views as step 4’s sub-steps', async () => {
    mockFetch(
      on('GET', `/v2/signups/${SIGNUP_ID}`, {
        body: checkoutSignup({ order: { packageId: 3003, productId: 'SUB1YEAR', services: [] } }),
      }),
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
      onCheckoutPricing(),
      onClientToken(),
    );
    seedFunnel(3);
    useFunnelStore.setState({ packageId: 3003 });
    seedCheckout('PAYMENT');
    const { user } = await renderApp('/payment');
    await screen.findByRole('heading', { level: 2, name: 'Payment details' });

    const funnel = screen.getByRole('navigation', { name: 'Signup progress' });
    expect(within(funnel).getByRole('button', { name: /Step 4: Payment/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    const views = within(funnel).getByRole('navigation', { name: 'Payment steps' });
    expect(within(views).getByRole('button', { name: /Step 2: Payment/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    // No second indicator elsewhere on the page.
    expect(screen.getAllByRole('navigation', { name: 'Payment steps' })).toHaveLength(1);
    expect(screen.getAllByRole('navigation', { name: 'Signup progress' })).toHaveLength(1);

    // Its sub-steps move between the views.
    await user.click(within(views).getByRole('button', { name: /Step 1: Billing/ }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Billing information' }),
    ).toBeVisible();
    expect(within(views).getByRole('button', { name: /Step 1: Billing/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
  });
});
