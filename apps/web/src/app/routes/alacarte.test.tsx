import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readQueue } from '@/lib/analytics';
import { useFunnelStore } from '@/stores/funnel-store';
import { onCheckoutPricing, priceFor } from '@/test/checkout-fixtures';
import { databaseUnavailableOnce, mockFetch } from '@/test/fetch-mock';
import { SIGNUP_ID, seedFunnel } from '@/test/join-fixtures';
import {
  fakeSignupServer,
  onCoupons,
  onPricingFor,
  signupWithOrder,
  US_PACKAGES,
} from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const SHOW_PRICE = 'show-price-in-build-your-own';

/** A signup whose build-your-own package (BYO1, 3005) was chosen on /step3. */
function pendingByo({ isDatabaseAwayOnce = false } = {}) {
  seedFunnel(2);
  useFunnelStore.setState({ packageId: 3005 });
  const server = fakeSignupServer(
    signupWithOrder(2, { pendingBuildYourOwnPackageId: 3005 }),
    US_PACKAGES,
    { price: (body) => priceFor(US_PACKAGES, body as Parameters<typeof priceFor>[1]).body },
  );
  const mock = mockFetch(
    ...(isDatabaseAwayOnce ? [databaseUnavailableOnce('PATCH', `/v2/signups/${SIGNUP_ID}`)] : []),
    ...server.handlers,
    ...onPricingFor(US_PACKAGES, 'US'),
    onCoupons(),
    onCheckoutPricing(),
  );
  return { server, ...mock };
}

const total = () => screen.getByText('Your total').parentElement as HTMLElement;

describe('/alacarte', () => {
  it('hides the option prices in control and keeps a live total', async () => {
    pendingByo();
    const { user } = await renderApp('/alacarte');
    const tonemeter = await screen.findByRole('checkbox', { name: 'ToneMeter' });
    expect(screen.getByRole('radio', { name: '1 year' })).toBeChecked();
    expect(total()).toHaveAttribute('aria-live', 'polite');
    expect(within(total()).getByText('$79.99')).toBeVisible();
    expect(within(total()).getByText('Billed every year')).toBeVisible();
    expect(screen.queryByText('+ $15.00')).not.toBeInTheDocument();
    expect(screen.queryByText('Free')).not.toBeInTheDocument();

    await user.click(tonemeter);
    expect(within(total()).getByText('$94.99')).toBeVisible();
    // In control My Files costs its price.
    await user.click(screen.getByRole('checkbox', { name: 'My Files (1 GB file storage)' }));
    expect(within(total()).getByText('$104.99')).toBeVisible();
    // Two years: BYO2's base and option prices.
    await user.click(screen.getByRole('radio', { name: '2 years' }));
    expect(within(total()).getByText('$184.99')).toBeVisible(); // 139.99 + 27.00 + 18.00
    expect(within(total()).getByText('Billed every two years')).toBeVisible();
    // What was picked is kept for a reload.
    expect(useFunnelStore.getState().buildYourOwnValues).toEqual({
      subscription: 'SUB2YEAR',
      myfiles: true,
      tonemeter: true,
      unlimitedPayments: false,
      calls: false,
    });
  });

  it('shows the option prices in the treatment, where My Files and Calls are free', async () => {
    pendingByo();
    const { user } = await renderApp('/alacarte', { flags: { [SHOW_PRICE]: 'Treatment' } });
    const myFiles = await screen.findByRole('checkbox', { name: /My Files \(1 GB file storage\)/ });
    expect(myFiles).toHaveAccessibleName('My Files (1 GB file storage) Free');
    expect(screen.getByRole('checkbox', { name: 'Calls Free' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'ToneMeter + $15.00' })).toBeVisible();
    expect(screen.getByRole('radio', { name: '1 year, from $79.99' })).toBeChecked();

    await user.click(myFiles);
    await user.click(screen.getByRole('checkbox', { name: 'Calls Free' }));
    expect(within(total()).getByText('$79.99')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Unlimited payments + $20.00' }));
    expect(within(total()).getByText('$99.99')).toBeVisible();
  });

  it('saves the build-your-own values and goes to /payment', async () => {
    const { calls } = pendingByo();
    const { user, router } = await renderApp('/alacarte', { flags: { [SHOW_PRICE]: 'Treatment' } });
    await user.click(await screen.findByRole('checkbox', { name: 'ToneMeter + $15.00' }));
    await user.click(screen.getByRole('checkbox', { name: 'Calls Free' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      sections: ['PACKAGE'],
      order: { packageId: 3005 },
      buildYourOwn: {
        subscription: 'SUB1YEAR',
        myfiles: false,
        tonemeter: true,
        unlimitedPayments: false,
        calls: true,
      },
    });
    expect(useFunnelStore.getState().lastCompletedStep).toBe(3);
    expect(
      readQueue().find(
        (event) => event.type === 'track' && event.event === 'Build Your Own Submitted',
      ),
    ).toMatchObject({
      properties: {
        packageId: 3005,
        subscription: 'SUB1YEAR',
        services: ['TONEMETER', 'CALLSBASIC'],
      },
    });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Includes: ToneMeter, Calls')).toBeVisible();
    expect(within(summary).getAllByText('$94.99')[0]).toBeVisible();
    // The save answered the signup and its price: /payment asked for neither.
    const afterSave = calls.slice(calls.findIndex((call) => call.method === 'PATCH') + 1);
    expect(afterSave.map((call) => `${call.method} ${call.url}`)).not.toContainEqual(
      expect.stringMatching(/^GET \/v2\/signups\/[^/]+$|\/pricing$/),
    );
  });

  it('keeps the chosen options when the database is unavailable, and Try again saves them once it is back', async () => {
    const { calls } = pendingByo({ isDatabaseAwayOnce: true });
    const { user, router } = await renderApp('/alacarte');
    await user.click(await screen.findByRole('radio', { name: '2 years' }));
    await user.click(screen.getByRole('checkbox', { name: 'ToneMeter' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Something went wrong. Please try again.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/alacarte');
    expect(screen.getByRole('radio', { name: '2 years' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'ToneMeter' })).toBeChecked();

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(patches[1]?.body).toEqual(patches[0]?.body);
    expect(patches[1]?.body).toMatchObject({
      buildYourOwn: { subscription: 'SUB2YEAR', tonemeter: true },
    });
  });

  it('is only reachable with a build-your-own package chosen on /step3', async () => {
    seedFunnel(2);
    const server = fakeSignupServer(signupWithOrder(2), US_PACKAGES);
    mockFetch(...server.handlers, ...onPricingFor(US_PACKAGES, 'US'), onCoupons());
    const { router } = await renderApp('/alacarte');
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
  });

  it('goes back to /step3', async () => {
    pendingByo();
    const { user, router } = await renderApp('/alacarte');
    await screen.findByRole('checkbox', { name: 'ToneMeter' });
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
  });
});
