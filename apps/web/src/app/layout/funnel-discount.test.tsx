import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DISCOUNT_LINK_STORAGE_KEY } from '@/lib/discount-link';
import { mockFetch } from '@/test/fetch-mock';
import { seedFunnel } from '@/test/join-fixtures';
import {
  coupon,
  fakeSignupServer,
  onCoupons,
  onPricingFor,
  signupWithOrder,
  US_PACKAGES,
} from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const LINK = '?discount=1&referrerKey=demo-coach&percentage=MTU=';

describe('discount link banner', () => {
  it('reads the link on entry, keeps it and shows its percentage', async () => {
    mockFetch();
    const { router } = await renderApp(`/signup${LINK}`);
    expect(await screen.findByText('Your 15% discount will be applied.')).toBeVisible();
    expect(JSON.parse(window.sessionStorage.getItem(DISCOUNT_LINK_STORAGE_KEY) ?? '')).toEqual({
      referrerKey: 'demo-coach',
      percent: 15,
    });
    await router.navigate('/coparentstatus');
    expect(screen.getByText('Your 15% discount will be applied.')).toBeVisible();
  });

  it('never shows a tampered percentage', async () => {
    mockFetch();
    await renderApp('/signup?discount=1&referrerKey=demo-coach&percentage=%25%25NaN');
    expect(await screen.findByText('Your discount will be applied.')).toBeVisible();
    expect(screen.queryByText(/NaN/)).not.toBeInTheDocument();
  });

  it('is not shown outside the parent funnel', async () => {
    mockFetch();
    await renderApp(`/duplicate${LINK}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(/discount will be applied/)).not.toBeInTheDocument();
  });

  it('takes the percentage from the server once the family step is saved', async () => {
    seedFunnel(2);
    window.sessionStorage.setItem(
      DISCOUNT_LINK_STORAGE_KEY,
      JSON.stringify({ referrerKey: 'demo-coach', percent: 50 }),
    );
    mockFetch(
      ...fakeSignupServer(signupWithOrder(2), US_PACKAGES).handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons([
        coupon({
          couponCode: 'FRIEND15',
          source: 'REFERRER',
          bannerText: '15% off, thanks to Family Coach Demo',
          percent: 15,
          autoApply: true,
        }),
      ]),
    );
    await renderApp('/step3');
    expect(await screen.findByText('Your 15% discount will be applied.')).toBeVisible();
    expect(screen.queryByText(/50%/)).not.toBeInTheDocument();
  });

  it('shows nothing once the server did not accept the link’s referrer', async () => {
    seedFunnel(2);
    window.sessionStorage.setItem(
      DISCOUNT_LINK_STORAGE_KEY,
      JSON.stringify({ referrerKey: 'unknown-key', percent: 50 }),
    );
    mockFetch(
      ...fakeSignupServer(signupWithOrder(2), US_PACKAGES).handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons([]),
    );
    await renderApp('/step3');
    await screen.findByRole('article', { name: 'Premium · 1 year' });
    expect(screen.queryByText(/discount will be applied/)).not.toBeInTheDocument();
  });
});
