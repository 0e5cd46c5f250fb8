import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import {
  onBillingSave,
  onCheckoutPricing,
  onCheckoutSignup,
  onClientToken,
} from '@/test/checkout-fixtures';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';
import { seedFunnel } from '@/test/join-fixtures';
import { onCoupons, onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const SUGGESTIONS = [
  {
    placeId: 'ChIJlincoln',
    primaryText: '1111 Lincoln Road',
    secondaryText: 'Miami Beach, FL, USA',
  },
  {
    placeId: 'ChIJlinden',
    primaryText: '1111 Linden Avenue',
    secondaryText: 'Zion, IL, USA',
  },
];

const MIAMI = {
  line1: '1111 Lincoln Rd',
  city: 'Miami Beach',
  region: 'FL',
  postalCode: '33139',
  country: 'US',
};

/** The Billing view's calls, with the places calls answering as given. */
function server({
  enabled = true,
  details = { body: MIAMI },
}: {
  enabled?: boolean;
  details?: MockReply;
} = {}) {
  const mock = mockFetch(
    on('GET', '/v2/places', { body: { enabled, countries: ['us', 'gb', 'au', 'ca', 'nz'] } }),
    on('GET', /^\/v2\/places\/suggestions\?/, { body: { enabled, suggestions: SUGGESTIONS } }),
    on('GET', /^\/v2\/places\/ChIJ/, details),
    onBillingSave(),
    onCheckoutSignup(),
    ...onPricingFor(US_PACKAGES, 'US'),
    onCoupons(),
    onCheckoutPricing(),
    onClientToken(),
  );
  const placesCalls = (kind: 'suggestions' | 'details') =>
    mock.calls.filter((call) =>
      kind === 'suggestions'
        ? call.url.startsWith('/v2/places/suggestions')
        : call.url.startsWith('/v2/places/ChIJ'),
    );
  return { ...mock, placesCalls };
}

async function openBilling() {
  seedFunnel(3);
  useFunnelStore.setState({ packageId: 3003 });
  const rendered = await renderApp('/payment');
  await screen.findByRole('heading', { level: 2, name: 'Billing information' });
  return rendered;
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('billing address autocomplete', () => {
  it('fills the address from a suggestion chosen with the keyboard and clears the time zone', async () => {
    const mock = server();
    const { user } = await openBilling();
    await user.selectOptions(field('State or province'), 'TX');
    await user.selectOptions(field('Time zone'), 'America/Denver');
    await user.type(field('City'), 'Austin');

    const address = await screen.findByRole('combobox', { name: 'Billing address' });
    await user.type(address, '1111 Lin');
    const list = await screen.findByRole('listbox', { name: 'Suggested addresses' });
    expect(address).toHaveAttribute('aria-expanded', 'true');
    expect(address).toHaveAttribute('aria-controls', list.id);
    expect(within(list).getAllByRole('option')).toHaveLength(2);
    expect(await screen.findByText(/2 addresses suggested/)).toBeInTheDocument();
    const addressField = address.closest('div')?.parentElement as HTMLElement;
    const audit = await axe.run(addressField, { rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const first = within(list).getByRole('option', { name: /1111 Lincoln Road/ });
    expect(address).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(address).toHaveValue('1111 Lincoln Rd'));
    expect(field('City')).toHaveValue('Miami Beach');
    expect(field('State or province')).toHaveValue('FL');
    expect(field('Postal code')).toHaveValue('33139');
    // Florida has two time zones: the Denver choice is gone and a new one must be made.
    expect(field('Time zone')).toHaveValue('');
    expect(address).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/Address filled in/)).toBeInTheDocument();
    // Enter picked; it did not submit the form.
    expect(mock.calls.some((call) => call.method === 'PUT' || call.method === 'PATCH')).toBe(false);
    // The pick ends the search session the suggestions were asked in.
    const [suggestion] = mock.placesCalls('suggestions');
    const [details] = mock.placesCalls('details');
    const token = new URL(suggestion?.url ?? '', 'http://x').searchParams.get('sessionToken');
    expect(token).toBeTruthy();
    expect(details?.url).toBe(`/v2/places/ChIJlincoln?sessionToken=${token}`);
    expect(new URL(suggestion?.url ?? '', 'http://x').searchParams.get('country')).toBe('US');

    // The old time zone is not sent with the new address: the form asks for one.
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Select a time zone' })).toBeVisible();
  });

  it('asks only after 3 characters, and Escape closes the list keeping the text', async () => {
    const mock = server();
    const { user } = await openBilling();
    const address = await screen.findByRole('combobox', { name: 'Billing address' });

    await user.type(address, '11');
    // Longer than the 250 ms pause: still nothing asked for two characters.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(mock.placesCalls('suggestions')).toHaveLength(0);

    await user.type(address, '11 Lin');
    await screen.findByRole('option', { name: /1111 Linden Avenue/ });
    await user.keyboard('{Escape}');
    expect(address).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(address).toHaveValue('1111 Lin');
    expect(address).toHaveFocus();
  });

  it('keeps what was typed when the address cannot be fetched', async () => {
    server({
      details: {
        status: 503,
        body: { type: 'about:blank', title: 'x', status: 503, code: 'PLACES_UNAVAILABLE' },
      },
    });
    const { user } = await openBilling();
    await user.type(field('City'), 'Austin');
    const address = await screen.findByRole('combobox', { name: 'Billing address' });
    await user.type(address, '1111 Lin');
    await user.click(await screen.findByRole('option', { name: /1111 Lincoln Road/ }));

    expect(
      await screen.findByText("We couldn't fill in that address. Please type it in.", {
        selector: '[id$="-hint"]',
      }),
    ).toBeVisible();
    expect(address).toHaveValue('1111 Lin');
    expect(field('City')).toHaveValue('Austin');
    expect(address).toHaveAccessibleDescription(/couldn't fill in that address/);
  });

  it('is a plain text field when the server has no places provider', async () => {
    const mock = server({ enabled: false });
    const { user } = await openBilling();
    await waitFor(() => expect(mock.calls.some((call) => call.url === '/v2/places')).toBe(true));
    const address = screen.getByRole('textbox', { name: 'Billing address' });
    expect(address).toHaveAttribute('autocomplete', 'address-line1');
    expect(screen.queryByRole('combobox', { name: 'Billing address' })).not.toBeInTheDocument();

    await user.type(address, '1111 Lincoln Road');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(address).toHaveValue('1111 Lincoln Road');
    expect(mock.placesCalls('suggestions')).toHaveLength(0);
  });
});
