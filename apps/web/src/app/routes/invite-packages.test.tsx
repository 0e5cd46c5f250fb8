import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { savePreselectedPackage } from '@/features/invite/invite-drafts';
import { i18n } from '@/lib/i18n';
import { storeInviteToken } from '@/stores/invite-token';
import { databaseUnavailableOnce, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeInviteServer, INVITE_TOKEN, INVITED_USER_PATH } from '@/test/invite-fixtures';
import { onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const USER_ID = '11111111-1111-4111-8111-111111111111';

/** Step 1 done: the co-parent's phone is saved, no address yet. */
function invited(
  init: Parameters<typeof fakeInviteServer>[0] = {},
  reply?: Parameters<typeof fakeInviteServer>[1],
) {
  storeInviteToken(INVITE_TOKEN);
  const server = fakeInviteServer(
    {
      context: { lastCompletedStep: 1, address: { country: null }, ...init.context },
      user: {
        address: {
          line1: null,
          line2: null,
          city: null,
          region: null,
          postalCode: null,
          country: null,
          type: 'PRIMARY',
        },
        lastCompletedStep: 1,
        ...init.user,
      },
    },
    reply,
  );
  const mock = mockFetch(...server.handlers, ...onPricingFor(US_PACKAGES, 'US'));
  return { server, ...mock };
}

/** Every path the router went through (a later screen may move on by itself). */
function visited(router: Awaited<ReturnType<typeof renderApp>>['router']) {
  const paths: string[] = [];
  router.subscribe((state) => paths.push(state.location.pathname));
  return paths;
}

const card = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('article') as HTMLElement;
const patchBodies = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'PATCH').map((call) => call.body);

// /invite/payment is a lazy route: load it once up front so a test's navigation is quick.
beforeAll(async () => {
  await import('./invite-payment');
}, 30_000);

describe('/invite/packages', () => {
  it("shows the packages of the co-parent's pricing group, by the phone saved in step 1", async () => {
    const { calls } = invited();
    await renderApp('/invite/packages');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Premium · 1 year' }),
    ).toBeVisible();
    // One term at a time: the 1-year packages first.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(
      US_PACKAGES.filter((pkg) => pkg.subDurationInYears === 1).length,
    );
    const lookup = calls.find((call) => call.url.startsWith('/v2/pricing'));
    expect(lookup?.url).toBe('/v2/pricing?countryCode=1&phoneNumber=2125559876');
    // No coupons, no banner.
    expect(screen.queryByText(/discount/)).not.toBeInTheDocument();
  });

  it('uses the saved country when there is one', async () => {
    const { calls } = invited({ context: { address: { country: 'US' } } });
    await renderApp('/invite/packages');
    await screen.findByRole('heading', { level: 2, name: 'Premium · 1 year' });
    const lookup = calls.find((call) => call.url.startsWith('/v2/pricing'));
    expect(new URL(lookup?.url ?? '', 'http://x').searchParams.get('country')).toBe('US');
  });

  it('shows the coupon banner when coupons are available', async () => {
    invited({ context: { availableCoupons: ['SPRING20'] } });
    await renderApp('/invite/packages');
    expect(
      await screen.findByText(
        'Good news: a discount is available. Use code SPRING20 when you pay.',
      ),
    ).toBeVisible();
  });

  it('marks the co-parent package the welcome preselected', async () => {
    savePreselectedPackage(USER_ID, 3003);
    invited();
    await renderApp('/invite/packages');
    await screen.findByRole('heading', { level: 2, name: 'Premium · 1 year' });
    expect(within(card('Premium · 1 year')).getByText('Your current choice')).toBeVisible();
    expect(within(card('Essentials · 1 year')).queryByText('Your current choice')).toBeNull();
  });

  it('marks the package chosen earlier', async () => {
    invited({ user: { order: { packageId: 3001, productId: null, services: [] } } });
    await renderApp('/invite/packages');
    await screen.findByRole('heading', { level: 2, name: 'Essentials · 1 year' });
    expect(within(card('Essentials · 1 year')).getByText('Your current choice')).toBeVisible();
  });

  it('saves the choice and goes on to the payment', async () => {
    const { calls } = invited();
    const { user, router } = await renderApp('/invite/packages');
    const paths = visited(router);
    await screen.findByRole('heading', { level: 2, name: 'Premium · 1 year' });
    await user.click(within(card('Premium · 1 year')).getByRole('button'));
    await waitFor(() => expect(paths).toContain('/invite/payment'), { timeout: 10_000 });
    expect(patchBodies(calls)).toEqual([
      expect.objectContaining({ sections: ['PACKAGE'], order: { packageId: 3003 } }),
    ]);
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url).toBe(INVITED_USER_PATH);
    expect(patch?.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);
  });

  it('a build-your-own package leads to /invite/choose-your-own', async () => {
    invited();
    const { user, router } = await renderApp('/invite/packages');
    await screen.findByRole('heading', { level: 2, name: 'Build your own · 1 year' });
    await user.click(within(card('Build your own · 1 year')).getByRole('button'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Build your own package' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/choose-your-own'));
  });

  it('sends someone who has not done step 1 there', async () => {
    invited({ context: { lastCompletedStep: 0 } });
    const { router } = await renderApp('/invite/packages');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your parent account' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/step1'));
  });

  it('goes to /invite/request when the invite expired meanwhile (403)', async () => {
    invited({}, () => ({ status: 403, body: { code: 'INVITE_INVALID' } }));
    const { user, router } = await renderApp('/invite/packages');
    await screen.findByRole('heading', { level: 2, name: 'Premium · 1 year' });
    await user.click(within(card('Premium · 1 year')).getByRole('button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/request'));
  });

  it('shows the generic error when the save fails, and lets the person choose again', async () => {
    invited({}, () => ({ status: 500 }));
    const { user, router } = await renderApp('/invite/packages');
    await screen.findByRole('heading', { level: 2, name: 'Premium · 1 year' });
    await user.click(within(card('Premium · 1 year')).getByRole('button'));
    expect(await screen.findByText(/Something went wrong/)).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
    expect(within(card('Essentials · 1 year')).getByRole('button')).toBeEnabled();
  });

  it('keeps the choice when the database is unavailable, and Try again saves the same package once it is back', async () => {
    const { calls } = invited({}, databaseUnavailableOnce('PATCH', INVITED_USER_PATH));
    const { user, router } = await renderApp('/invite/packages');
    const paths = visited(router);
    await screen.findByRole('heading', { level: 2, name: 'Premium · 1 year' });
    await user.click(within(card('Premium · 1 year')).getByRole('button'));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Something went wrong. Please try again.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/invite/packages');

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(paths).toContain('/invite/payment'), { timeout: 10_000 });
    const bodies = patchBodies(calls);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[1]).toMatchObject({ sections: ['PACKAGE'], order: { packageId: 3003 } });
  });

  it('Back goes to step 1', async () => {
    invited();
    const { user, router } = await renderApp('/invite/packages');
    await screen.findByRole('heading', { level: 2, name: 'Premium · 1 year' });
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/step1'));
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    invited({ context: { availableCoupons: ['SPRING20', 'WELCOME10'] } });
    await renderApp('/invite/packages');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Elige tu paquete' }),
    ).toBeVisible();
    expect(
      await screen.findByText(
        'Buenas noticias: hay descuentos disponibles. Usa uno de estos códigos al pagar: SPRING20 y WELCOME10.',
      ),
    ).toBeVisible();
  });
});
