import { LOOKS } from '@coparent/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import { SESSION_REQUIRED } from '../features/account/test/account-fixtures';
import { renderAccount } from '../features/account/test/render-account';
import { parseFlagParam } from '../lib/flags';
import { i18n } from '../lib/i18n';
import { STORAGE_KEYS, writeStorage } from '../lib/storage';
import {
  onCheckoutPricing,
  onCheckoutSignup,
  onClientToken,
  onCountryCheck,
} from '../test/checkout-fixtures';
import { mockFetch, on } from '../test/fetch-mock';
import { seedFunnel } from '../test/join-fixtures';
import { onCoupons, onPricingFor, US_PACKAGES } from '../test/packages-fixtures';
import { renderApp } from '../test/render-app';

const BRAND_REFRESH = { [LOOKS.brandRefresh]: true };
const look = () => document.documentElement.getAttribute('data-look');
const header = () => within(screen.getByRole('banner'));

describe('the brand-refresh look', () => {
  it('is off by default: no look attribute and the plain wordmark', async () => {
    await renderApp('/signup');
    await screen.findByRole('heading', { level: 1 });
    expect(look()).toBeNull();
    expect(header().getByRole('link', { name: 'CoParent Hub, start of signup' })).toHaveTextContent(
      'CoParent Hub',
    );
    expect(header().queryByRole('img')).toBeNull();
  });

  it('follows the flag: the attribute on the document root and the new logo, gone on unmount', async () => {
    const { unmount } = await renderApp('/signup', { flags: BRAND_REFRESH });
    await screen.findByRole('heading', { level: 1 });
    expect(look()).toBe('brand-refresh');
    const home = header().getByRole('link', { name: 'CoParent Hub, start of signup' });
    expect(within(home).getByRole('img', { name: 'CoParent Hub logo' })).toBeVisible();
    unmount();
    expect(look()).toBeNull();
  });

  it('names the logo in Spanish (Mexico)', async () => {
    await i18n.changeLanguage('es-MX');
    await renderApp('/signup', { flags: BRAND_REFRESH });
    expect(await header().findByRole('img', { name: 'Logotipo de CoParent Hub' })).toBeVisible();
  });

  it('is read from ?flags=brand-refresh:true and reaches the account area in the same tab', async () => {
    expect(parseFlagParam('brand-refresh:true')).toEqual(BRAND_REFRESH);
    expect(parseFlagParam('brand-refresh:Treatment')).toEqual({});
    // The account area is a full page load: the override is remembered for the tab.
    writeStorage('session', STORAGE_KEYS.flags, JSON.stringify(BRAND_REFRESH));
    mockFetch(on('GET', '/v2/account/session', SESSION_REQUIRED));
    renderAccount('/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in to your account' });
    expect(header().getByRole('img', { name: 'CoParent Hub logo' })).toBeVisible();
    expect(look()).toBe('brand-refresh');
  });
});

describe('the billing time zone in each look', () => {
  // The time zone is required for everyone (the domain's billing schema); the look changes nothing.
  it.each([
    ['the default look', {}],
    ['the brand-refresh look', BRAND_REFRESH],
  ])(
    'is required in %s, with its message beside the field and in the summary',
    async (_, flags) => {
      seedFunnel(3);
      useFunnelStore.setState({ packageId: 3003 });
      const { calls } = mockFetch(
        onCheckoutSignup(),
        ...onPricingFor(US_PACKAGES, 'US'),
        onCoupons(),
        onCheckoutPricing(),
        onClientToken(),
        onCountryCheck(),
      );
      const { user } = await renderApp('/payment', { flags });
      await screen.findByRole('heading', { level: 2, name: 'Billing information' });
      await user.type(screen.getByLabelText('Billing address'), '100 Congress Ave');
      await user.type(screen.getByLabelText('City'), 'Austin');
      // Texas has two time zones, so none is chosen for the person.
      await user.selectOptions(screen.getByLabelText('State or province'), 'TX');
      await user.type(screen.getByLabelText('Postal code'), '78701');
      await user.selectOptions(
        screen.getByLabelText('How did you first hear about us?'),
        'SEARCH_ENGINE',
      );
      await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

      const summary = await screen.findByRole('alert', { name: 'There is a problem' });
      expect(
        within(summary)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Select a time zone']);
      expect(within(summary).getByRole('link', { name: 'Select a time zone' })).toHaveAttribute(
        'href',
        '#billing-timezone',
      );
      const timeZone = screen.getByLabelText('Time zone');
      expect(timeZone).toHaveAttribute('aria-invalid', 'true');
      expect(timeZone).toHaveAccessibleDescription(/Select a time zone/);
      expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    },
  );
});
