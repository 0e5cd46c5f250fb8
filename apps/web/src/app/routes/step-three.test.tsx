import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BYPASS_RELOAD_STORAGE_KEY,
  PRICING_SELECTION_STORAGE_KEY,
  pageActions,
  savePricingSelection,
} from '@/features/packages/pricing-selection';
import { readQueue } from '@/lib/analytics';
import { useFunnelStore } from '@/stores/funnel-store';
import { onCheckoutPricing, priceFor } from '@/test/checkout-fixtures';
import { databaseUnavailableOnce, mockFetch, on } from '@/test/fetch-mock';
import { SIGNUP_ID, seedFunnel } from '@/test/join-fixtures';
import {
  coupon,
  fakeSignupServer,
  GB_PACKAGES,
  onCoupons,
  onPricingFor,
  signupWithOrder,
  US_PACKAGES,
} from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const CODE_CHECK_PATH = `/v2/signups/${SIGNUP_ID}/codes/check`;

const card = (name: string) => screen.getByRole('article', { name }) as HTMLElement;
const cardNames = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

function usServer(extra: Record<string, unknown> = {}) {
  const server = fakeSignupServer(signupWithOrder(2, extra), US_PACKAGES);
  return server;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/step3', () => {
  it('prices by the step-1 phone and compares one term at a time, sorted, one package recommended', async () => {
    seedFunnel(2);
    const server = usServer();
    const { calls } = mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
    );
    const { user } = await renderApp('/step3');
    expect(await screen.findByRole('article', { name: 'Essentials · 1 year' })).toBeVisible();
    expect(cardNames()).toEqual([
      'Essentials · 1 year',
      'Premium · 1 year',
      'Build your own · 1 year',
    ]);
    const lookup = calls.find((call) => call.url.startsWith('/v2/pricing'));
    expect(lookup?.url).toBe('/v2/pricing?countryCode=1&phoneNumber=5551234567');
    const packagesCall = calls.find((call) => call.url.startsWith('/v2/packages'));
    expect(packagesCall?.url).toBe(
      '/v2/packages?ids=3006%2C3005%2C3004%2C3003%2C3002%2C3001&country=US',
    );
    expect(packagesCall?.headers['accept-language']).toBe('en');

    const essentials = card('Essentials · 1 year');
    expect(within(essentials).getByText('$99.99')).toBeVisible();
    expect(within(essentials).getByText('$8.33 a month')).toBeVisible();
    expect(within(essentials).getByText('Billed every year')).toBeVisible();
    expect(within(essentials).getByText('Plus applicable taxes')).toBeVisible();
    expect(
      within(within(essentials).getByRole('list', { name: 'What’s included' })).getAllByRole(
        'listitem',
      ),
    ).toHaveLength(2);
    expect(within(essentials).queryByText('Recommended')).not.toBeInTheDocument();
    expect(screen.getAllByText('Recommended')).toHaveLength(1);
    expect(within(card('Premium · 1 year')).getByText('Recommended')).toBeVisible();
    expect(within(card('Build your own · 1 year')).getByText('From $79.99')).toBeVisible();
    expect(within(card('Build your own · 1 year')).getByText('from $6.67 a month')).toBeVisible();

    const oneYear = screen.getByRole('link', { name: '1 year' });
    expect(oneYear).toHaveAttribute('aria-current', 'true');
    await user.click(screen.getByRole('link', { name: '2 years save up to 17%' }));
    expect(cardNames()).toEqual([
      'Essentials · 2 years',
      'Premium · 2 years',
      'Build your own · 2 years',
    ]);
    expect(oneYear).not.toHaveAttribute('aria-current');
    expect(window.location.search).toBe('?term=2');
    const essentialsTwoYears = card('Essentials · 2 years');
    expect(within(essentialsTwoYears).getByText('Billed every two years')).toBeVisible();
    expect(
      within(essentialsTwoYears).getByText('Save $19.99 (10%) compared with two 1-year terms'),
    ).toBeVisible();
    expect(within(card('Premium · 2 years')).getByText('$10.42 a month')).toBeVisible();
    expect(screen.getAllByText('Recommended')).toHaveLength(1);
    expect(
      within(card('Premium · 2 years')).getByRole('button', { name: 'Choose Premium · 2 years' }),
    ).toBeEnabled();
  });

  it('uses the VAT wording for the UK packages 2061 and 2063 (phone +44)', async () => {
    seedFunnel(2, { countryCode: 'UNITED_KINGDOM', phoneNumber: '7700900123' });
    const server = fakeSignupServer(signupWithOrder(2), GB_PACKAGES);
    const { calls } = mockFetch(
      ...server.handlers,
      ...onPricingFor(GB_PACKAGES, 'GB'),
      onCoupons(),
    );
    const { user } = await renderApp('/step3');
    const premium = await screen.findByRole('article', { name: 'Premium · 1 year' });
    expect(within(premium).getByText('£119.99')).toBeVisible();
    expect(within(premium).getByText('Includes £20.00 VAT')).toBeVisible();
    expect(within(premium).queryByText('Plus applicable taxes')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /^2 years/ }));
    expect(within(card('Premium · 2 years')).getByText('Includes £33.33 VAT')).toBeVisible();
    expect(calls.find((call) => call.url.startsWith('/v2/pricing'))?.url).toBe(
      '/v2/pricing?countryCode=44&phoneNumber=7700900123',
    );
  });

  it('shows coupon banners on the cards they apply to', async () => {
    seedFunnel(2);
    const server = usServer();
    mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons([
        coupon({
          couponCode: 'FRIEND15',
          source: 'REFERRER',
          bannerText: '15% off, thanks to Family Coach Demo',
          percent: 15,
          autoApply: true,
        }),
        coupon({
          couponCode: 'SPRING20',
          bannerText: '20% off Premium with code SPRING20',
          packageCodes: ['PREM1', 'PREM2'],
        }),
      ]),
    );
    await renderApp('/step3');
    const essentials = await screen.findByRole('article', { name: 'Essentials · 1 year' });
    await within(essentials).findByText('15% off, thanks to Family Coach Demo');
    expect(within(essentials).queryByText(/SPRING20/)).not.toBeInTheDocument();
    const premium = card('Premium · 1 year');
    expect(within(premium).getByText('15% off, thanks to Family Coach Demo')).toBeVisible();
    expect(within(premium).getByText('20% off Premium with code SPRING20')).toBeVisible();
  });

  it('keeps Apply disabled while the code is empty, trims it, and says why it is refused, in one call', async () => {
    seedFunnel(2);
    const server = usServer();
    const { calls } = mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
      on('POST', CODE_CHECK_PATH, {
        status: 422,
        body: {
          validationErrors: [{ field: 'code', text: "We don't recognize this code." }],
        },
      }),
    );
    const { user } = await renderApp('/step3');
    const toggle = await screen.findByRole('button', { name: 'Have a subscription code?' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = screen.getByRole('textbox', { name: 'Subscription code' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.type(field, '   ');
    expect(apply).toBeDisabled();
    await user.type(field, ' pro-bad-1  ');
    expect(apply).toBeEnabled();
    await user.click(apply);

    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining("Invalid activation code. We don't recognize this code."),
      ),
    );
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('pro-bad-1');
    // One code, one call (not a price per package).
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ url: CODE_CHECK_PATH, body: { code: 'PRO-BAD-1' } });
    expect(useFunnelStore.getState().paymentCodes).toEqual([]);
  });

  it('shows a valid code as applied, and what it covers on the cards', async () => {
    seedFunnel(2);
    const server = usServer();
    const premium = US_PACKAGES.find((pkg) => pkg.id === 3003);
    mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
      on('POST', CODE_CHECK_PATH, {
        body: {
          code: 'PRO-PREM1-DEMO1',
          packages: [
            {
              packageId: premium?.id,
              isFullyCovered: true,
              amountFormatted: premium?.totalPriceFormatted,
            },
          ],
        },
      }),
    );
    const { user } = await renderApp('/step3');
    await user.click(await screen.findByRole('button', { name: 'Have a subscription code?' }));
    await user.type(screen.getByRole('textbox', { name: 'Subscription code' }), 'PRO-PREM1-DEMO1');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Code PRO-PREM1-DEMO1 applied.')).toBeVisible();
    expect(screen.getByText(/You can use it with: Premium · 1 year\./)).toBeVisible();
    expect(
      within(card('Premium · 1 year')).getByText('Your code covers the full price'),
    ).toBeVisible();
    expect(within(card('Essentials · 1 year')).queryByText(/Your code/)).not.toBeInTheDocument();
    expect(useFunnelStore.getState().paymentCodes).toEqual(['PRO-PREM1-DEMO1']);

    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(screen.getByRole('textbox', { name: 'Subscription code' })).toHaveFocus();
    expect(useFunnelStore.getState().paymentCodes).toEqual([]);
  });

  it('checks a code accepted before a reload again, and keeps it', async () => {
    seedFunnel(2);
    useFunnelStore.setState({ paymentCodes: ['PRO-USD50-DEMO1'] });
    const server = usServer();
    mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
      on('POST', CODE_CHECK_PATH, {
        body: {
          code: 'PRO-USD50-DEMO1',
          packages: US_PACKAGES.map((pkg) => ({
            packageId: pkg.id,
            isFullyCovered: false,
            amountFormatted: '$50.00',
          })),
        },
      }),
    );
    await renderApp('/step3');
    expect(await screen.findByText('Code PRO-USD50-DEMO1 applied.')).toBeVisible();
    expect(within(card('Essentials · 1 year')).getByText('Your code covers $50.00')).toBeVisible();
    expect(useFunnelStore.getState().paymentCodes).toEqual(['PRO-USD50-DEMO1']);
  });

  it('saves a chosen package and goes to /payment', async () => {
    seedFunnel(2);
    const server = usServer();
    const { calls } = mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
      onCheckoutPricing(),
    );
    const { user, router } = await renderApp('/step3');
    await user.click(await screen.findByRole('button', { name: 'Choose Premium · 1 year' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      sections: ['PACKAGE'],
      order: { packageId: 3003 },
    });
    expect(useFunnelStore.getState()).toMatchObject({ lastCompletedStep: 3, packageId: 3003 });
    expect(
      readQueue().find((event) => event.type === 'track' && event.event === 'Package Selected'),
    ).toMatchObject({
      properties: { packageId: 3003, analyticsPackage: 'P3 Premium · 1 year', source: 'card' },
    });
    // The payment page opens on Billing, with the server's price of the saved package.
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Premium · 1 year')).toBeVisible();
    expect(within(summary).getAllByText('$149.99')[0]).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Billing information' })).toBeVisible();
  });

  it('opens /payment from the save’s answer: no second read of the signup, no pricing call', async () => {
    seedFunnel(2);
    const server = fakeSignupServer(signupWithOrder(2), US_PACKAGES, {
      price: (body) => priceFor(US_PACKAGES, body as Parameters<typeof priceFor>[1]).body,
    });
    const { calls } = mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
      onCheckoutPricing(),
    );
    const { user } = await renderApp('/step3');
    await user.click(await screen.findByRole('button', { name: 'Choose Premium · 1 year' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Billing information' }),
    ).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Premium · 1 year')).toBeVisible();
    expect(within(summary).getAllByText('$149.99')[0]).toBeVisible();
    const afterSave = calls.slice(calls.findIndex((call) => call.method === 'PATCH') + 1);
    expect(afterSave.map((call) => `${call.method} ${call.url}`)).not.toContainEqual(
      expect.stringMatching(/^GET \/v2\/signups\/[^/]+$|\/pricing$/),
    );
  });

  it('has /payment price a code applied on /step3 itself (the save prices without codes)', async () => {
    seedFunnel(2);
    useFunnelStore.setState({ paymentCodes: ['PRO-PREM1-DEMO1'] });
    const server = fakeSignupServer(signupWithOrder(2), US_PACKAGES, {
      price: (body) => priceFor(US_PACKAGES, body as Parameters<typeof priceFor>[1]).body,
    });
    const { calls } = mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
      onCheckoutPricing(),
    );
    const { user } = await renderApp('/step3');
    await user.click(await screen.findByRole('button', { name: 'Choose Premium · 1 year' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Billing information' }),
    ).toBeVisible();
    await waitFor(() => {
      const afterSave = calls.slice(calls.findIndex((call) => call.method === 'PATCH') + 1);
      expect(afterSave.find((call) => call.url.endsWith('/pricing'))?.body).toMatchObject({
        orderDetail: { packageId: 3003 },
        paymentCodes: ['PRO-PREM1-DEMO1'],
      });
    });
  });

  it('keeps the choice when the database is unavailable, and Try again saves the same package once it is back', async () => {
    seedFunnel(2);
    const server = usServer();
    const { calls } = mockFetch(
      databaseUnavailableOnce('PATCH', `/v2/signups/${SIGNUP_ID}`),
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
      onCheckoutPricing(),
    );
    const { user, router } = await renderApp('/step3');
    await user.click(await screen.findByRole('button', { name: 'Choose Premium · 1 year' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Something went wrong. Please try again.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/step3');
    expect(card('Premium · 1 year')).toBeVisible();

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(patches[1]?.body).toEqual(patches[0]?.body);
    expect(patches[1]?.body).toEqual({ sections: ['PACKAGE'], order: { packageId: 3003 } });
    expect(useFunnelStore.getState()).toMatchObject({ lastCompletedStep: 3, packageId: 3003 });
  });

  it('goes to /alacarte for build-your-own, with lastCompletedStep still 2', async () => {
    seedFunnel(2);
    const server = fakeSignupServer(signupWithOrder(2), US_PACKAGES, {
      price: (body) => priceFor(US_PACKAGES, body as Parameters<typeof priceFor>[1]).body,
    });
    const { calls } = mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
    );
    const { user, router } = await renderApp('/step3');
    await user.click(await screen.findByRole('link', { name: /^2 years/ }));
    await user.click(
      await screen.findByRole('button', { name: 'Choose Build your own · 2 years' }),
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Build your own package' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/alacarte'));
    expect(useFunnelStore.getState()).toMatchObject({ lastCompletedStep: 2, packageId: 3006 });
    expect(await screen.findByRole('radio', { name: '2 years' })).toBeChecked();
    // The pending choice came with the save's answer: /alacarte did not read the signup again.
    const afterSave = calls.slice(calls.findIndex((call) => call.method === 'PATCH') + 1);
    expect(afterSave.map((call) => `${call.method} ${call.url}`)).not.toContainEqual(
      `GET /v2/signups/${SIGNUP_ID}`,
    );
  });

  it('sends a confirmed duplicate parent to /duplicate when the server refuses the package', async () => {
    seedFunnel(2);
    const server = usServer();
    mockFetch(
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, {
        status: 409,
        body: { type: 'about:blank', title: 'Duplicate', status: 409, code: 'DUPLICATE_PARENT' },
      }),
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
    );
    const { user, router } = await renderApp('/step3');
    await user.click(await screen.findByRole('button', { name: 'Choose Essentials · 1 year' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get connected to your co-parent' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicate'));
    expect(screen.getByText(/ana@example.com/)).toBeVisible();
  });

  it('sends a confirmed duplicate parent outside P0 to /duplicate on arrival', async () => {
    seedFunnel(2);
    useFunnelStore.setState({ parentDuplicateConfirmed: true });
    mockFetch(...usServer().handlers, ...onPricingFor(US_PACKAGES, 'US'), onCoupons());
    const { router } = await renderApp('/step3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get connected to your co-parent' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicate'));
  });

  it('shows a spinner, then the generic error with Try again when the packages do not load', async () => {
    seedFunnel(2);
    let failures = 1;
    mockFetch(
      ...usServer().handlers,
      on('GET', /^\/v2\/pricing/, () =>
        failures-- > 0
          ? { status: 503, body: { code: 'INTERNAL', title: 'Unavailable', status: 503 } }
          : {
              body: {
                pricingGroupName: 'P3',
                packageIds: [3001],
                country: 'US',
                currencyCode: 'USD',
              },
            },
      ),
      ...onPricingFor(US_PACKAGES, 'US').slice(1),
      onCoupons(),
    );
    const { user } = await renderApp('/step3');
    expect(screen.getByText('Loading your packages…')).toBeVisible();
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Essentials · 1 year' })).toBeVisible();
  });
});

describe('/step3 pricing-page bypass', () => {
  it('selects the package chosen on /pricing, then forgets it', async () => {
    seedFunnel(2);
    savePricingSelection({ packageId: 3004, country: 'US' });
    const server = usServer();
    const { calls } = mockFetch(
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
    );
    const { router } = await renderApp('/step3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      sections: ['PACKAGE'],
      order: { packageId: 3004 },
    });
    expect(window.localStorage.getItem(PRICING_SELECTION_STORAGE_KEY)).toBeNull();
    expect(
      readQueue().find((event) => event.type === 'track' && event.event === 'Package Selected'),
    ).toMatchObject({ properties: { packageId: 3004, source: 'pricingPage' } });
  });

  it('shows the cards when the chosen package is not offered to this visitor', async () => {
    seedFunnel(2);
    savePricingSelection({ packageId: 2061, country: 'GB' });
    const { calls } = mockFetch(
      ...usServer().handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
    );
    await renderApp('/step3');
    expect(
      await screen.findByText(/The package you chose on our pricing page isn't offered/),
    ).toBeVisible();
    expect(screen.getByRole('article', { name: 'Premium · 1 year' })).toBeVisible();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(window.localStorage.getItem(PRICING_SELECTION_STORAGE_KEY)).toBeNull();
  });

  it('reloads once when the automatic choice fails, and then shows the cards', async () => {
    seedFunnel(2);
    savePricingSelection({ packageId: 3003, country: 'US' });
    const reload = vi.spyOn(pageActions, 'reload').mockImplementation(() => {});
    const failingPatch = on('PATCH', `/v2/signups/${SIGNUP_ID}`, {
      status: 500,
      body: { code: 'INTERNAL', title: 'Internal', status: 500 },
    });
    mockFetch(
      failingPatch,
      ...usServer().handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
    );
    const first = await renderApp('/step3');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(BYPASS_RELOAD_STORAGE_KEY)).toBe('1');
    expect(window.localStorage.getItem(PRICING_SELECTION_STORAGE_KEY)).not.toBeNull();
    first.unmount();

    // After the reload the marker is there: no second reload, the cards show.
    await renderApp('/step3');
    expect(
      await screen.findByText(/We couldn't select the package you chose on our pricing page/),
    ).toBeVisible();
    expect(screen.getByRole('article', { name: 'Premium · 1 year' })).toBeVisible();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(PRICING_SELECTION_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(BYPASS_RELOAD_STORAGE_KEY)).toBeNull();
  });
});

describe('/step3 package experiments (decision 020)', () => {
  async function renderPackages(flags: Record<string, 'Control' | 'Treatment'>) {
    seedFunnel(2);
    mockFetch(
      ...usServer().handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons([
        coupon({
          couponCode: 'FRIEND15',
          source: 'REFERRER',
          bannerText: '15% off, thanks to Family Coach Demo',
          percent: 15,
        }),
        coupon({
          couponCode: 'SPRING20',
          bannerText: '20% off Premium with code SPRING20',
          packageCodes: ['PREM1', 'PREM2'],
        }),
      ]),
    );
    await renderApp('/step3', { flags });
    return screen.findByRole('article', { name: 'Essentials · 1 year' });
  }

  it('discount-offer-wording Treatment says each coupon’s saving on the card in money', async () => {
    const essentials = await renderPackages({ 'discount-offer-wording': 'Treatment' });
    await within(essentials).findByText('Save $15.00');
    const premium = card('Premium · 1 year');
    expect(within(premium).getByText('Save $22.50')).toBeVisible();
    expect(within(premium).getByText('Save $30.00')).toBeVisible();
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
  });

  it('discount-offer-wording Control keeps the coupon’s own wording', async () => {
    const essentials = await renderPackages({ 'discount-offer-wording': 'Control' });
    await within(essentials).findByText('15% off, thanks to Family Coach Demo');
    expect(screen.queryByText(/^Save /)).not.toBeInTheDocument();
  });

  it('premium-pick-me Treatment marks Premium as the most popular; Control as today', async () => {
    await renderPackages({ 'premium-pick-me': 'Treatment' });
    expect(within(card('Premium · 1 year')).getByText('Most popular')).toBeVisible();
    expect(screen.queryByText('Recommended')).not.toBeInTheDocument();
    expect(within(card('Essentials · 1 year')).queryByText('Most popular')).not.toBeInTheDocument();
  });

  it('premium-pick-me Control keeps the recommended badge', async () => {
    await renderPackages({ 'premium-pick-me': 'Control' });
    expect(within(card('Premium · 1 year')).getByText('Recommended')).toBeVisible();
    expect(screen.queryByText('Most popular')).not.toBeInTheDocument();
  });

  it('ugly-duckling Treatment puts the plain build-your-own first', async () => {
    await renderPackages({ 'ugly-duckling': 'Treatment' });
    expect(cardNames()).toEqual([
      'Build your own · 1 year',
      'Essentials · 1 year',
      'Premium · 1 year',
    ]);
  });

  it('ugly-duckling Control keeps today’s order', async () => {
    await renderPackages({ 'ugly-duckling': 'Control' });
    expect(cardNames()).toEqual([
      'Essentials · 1 year',
      'Premium · 1 year',
      'Build your own · 1 year',
    ]);
  });
});
