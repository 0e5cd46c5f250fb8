import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultPricingCountry } from '@/features/packages/components/pricing-country-select';
import {
  PRICING_SELECTION_STORAGE_KEY,
  readPricingSelection,
} from '@/features/packages/pricing-selection';
import { mockFetch, on } from '@/test/fetch-mock';
import { GB_PACKAGES, lookupFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

function onMarkets() {
  return [
    on('GET', /^\/v2\/pricing/, (call) => ({
      body: call.url.includes('country=GB')
        ? lookupFor(GB_PACKAGES, 'GB')
        : lookupFor(US_PACKAGES, 'US'),
    })),
    on('GET', /^\/v2\/packages\?/, (call) => ({
      body: {
        packages: (call.url.includes('country=GB') ? GB_PACKAGES : US_PACKAGES).slice().reverse(),
      },
    })),
  ];
}

describe('/pricing', () => {
  it('defaults the country from the browser region', () => {
    expect(defaultPricingCountry(['en-GB'])).toBe('GB');
    expect(defaultPricingCountry(['es-MX'])).toBe('MX');
    expect(defaultPricingCountry(['en'])).toBe('US');
    expect(defaultPricingCountry(['fr-FR'])).toBe('OTHER');
    expect(defaultPricingCountry(['not a tag', 'en-AU'])).toBe('AU');
    expect(defaultPricingCountry([])).toBe('OTHER');
  });

  it('shows the packages for the chosen country, sorted', async () => {
    const { calls } = mockFetch(...onMarkets());
    const { user } = await renderApp('/pricing');
    const select = screen.getByRole('combobox', { name: 'Where do you live?' });
    expect(select).toHaveValue('US');
    expect(await screen.findByRole('article', { name: 'Essentials · 1 year' })).toBeVisible();
    expect(calls[0]?.url).toBe('/v2/pricing?country=US');

    await user.selectOptions(select, 'GB');
    const premium = await screen.findByRole('article', { name: 'Premium · 1 year' });
    expect(within(premium).getByText('Includes £20.00 VAT')).toBeVisible();
    expect(screen.queryByRole('article', { name: 'Essentials · 1 year' })).not.toBeInTheDocument();
  });

  it('keeps the chosen package in localStorage and leads into the signup', async () => {
    mockFetch(...onMarkets());
    const { user, router } = await renderApp('/pricing');
    await user.click(await screen.findByRole('link', { name: /^2 years/ }));
    await user.click(await screen.findByRole('button', { name: 'Choose Premium · 2 years' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(readPricingSelection()).toMatchObject({ packageId: 3004, country: 'US' });
    expect(window.localStorage.getItem(PRICING_SELECTION_STORAGE_KEY)).toContain(
      '"packageId":3004',
    );
  });

  it('ignores a malformed or stale stored selection', () => {
    window.localStorage.setItem(PRICING_SELECTION_STORAGE_KEY, '{"packageId":"3004"}');
    expect(readPricingSelection()).toBeNull();
    window.localStorage.setItem(
      PRICING_SELECTION_STORAGE_KEY,
      JSON.stringify({ packageId: 3004, country: 'US', savedAt: '2020-01-01T00:00:00Z' }),
    );
    expect(readPricingSelection()).toBeNull();
    window.localStorage.setItem(PRICING_SELECTION_STORAGE_KEY, 'nope');
    expect(readPricingSelection()).toBeNull();
  });
});
