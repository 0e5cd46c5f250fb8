import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { storeInviteToken } from '@/stores/invite-token';
import { databaseUnavailableOnce, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { fakeInviteServer, INVITE_TOKEN, INVITED_USER_PATH } from '@/test/invite-fixtures';
import { onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const PAYMENT_WAIT = { timeout: 10_000 };

/** Build your own · 1 year (3005) chosen on /invite/packages, its options still to pick. */
function invited(
  init: Parameters<typeof fakeInviteServer>[0] = {},
  reply?: Parameters<typeof fakeInviteServer>[1],
) {
  storeInviteToken(INVITE_TOKEN);
  const server = fakeInviteServer(
    {
      context: { lastCompletedStep: 1, ...init.context },
      user: {
        order: { packageId: 3005, productId: null, services: [] },
        lastCompletedStep: 1,
        ...init.user,
      },
    },
    reply,
  );
  const mock = mockFetch(...server.handlers, ...onPricingFor(US_PACKAGES, 'US'));
  return { server, ...mock };
}

function visited(router: Awaited<ReturnType<typeof renderApp>>['router']) {
  const paths: string[] = [];
  router.subscribe((state) => paths.push(state.location.pathname));
  return paths;
}

const patchBodies = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'PATCH').map((call) => call.body);
const total = () => screen.getByText('Your total').parentElement as HTMLElement;

// /invite/payment is a lazy route: load it once up front so a test's navigation is quick.
beforeAll(async () => {
  await import('./invite-payment');
}, 30_000);

describe('/invite/choose-your-own', () => {
  it('builds the package and saves the term and options, then goes to the payment', async () => {
    const { calls } = invited();
    const { user, router } = await renderApp('/invite/choose-your-own');
    const paths = visited(router);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Build your own package' }),
    ).toBeVisible();
    const tonemeter = await screen.findByRole('checkbox', { name: 'ToneMeter' });
    expect(screen.getByRole('radio', { name: '1 year' })).toBeChecked();
    await user.click(tonemeter);
    expect(within(total()).getByText('$94.99')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(paths).toContain('/invite/payment'), PAYMENT_WAIT);
    expect(patchBodies(calls)).toEqual([
      expect.objectContaining({
        sections: ['PACKAGE'],
        order: { packageId: 3005, productId: 'SUB1YEAR', services: ['TONEMETER'] },
      }),
    ]);
  });

  it('two years is the two-year build-your-own package', async () => {
    const { calls } = invited();
    const { user, router } = await renderApp('/invite/choose-your-own');
    const paths = visited(router);
    await user.click(await screen.findByRole('radio', { name: '2 years' }));
    await user.click(screen.getByRole('checkbox', { name: 'Calls' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(paths).toContain('/invite/payment'), PAYMENT_WAIT);
    expect(patchBodies(calls)[0]).toMatchObject({
      order: { packageId: 3006, productId: 'SUB2YEAR', services: ['CALLSBASIC'] },
    });
  });

  it('starts from the options saved earlier, and keeps changes over a reload', async () => {
    invited({
      context: { lastCompletedStep: 2 },
      user: { order: { packageId: 3005, productId: 'SUB1YEAR', services: ['MYFILES'] } },
    });
    const first = await renderApp('/invite/choose-your-own');
    expect(
      await screen.findByRole('checkbox', { name: 'My Files (1 GB file storage)' }),
    ).toBeChecked();
    await first.user.click(screen.getByRole('checkbox', { name: 'ToneMeter' }));
    first.unmount();

    await renderApp('/invite/choose-your-own');
    expect(await screen.findByRole('checkbox', { name: 'ToneMeter' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'My Files (1 GB file storage)' })).toBeChecked();
  });

  it('offers the upgrade to Premium of the same term', async () => {
    const { calls } = invited();
    const { user, router } = await renderApp('/invite/choose-your-own');
    const paths = visited(router);
    const upgrade = await screen.findByRole('button', { name: 'Upgrade to Premium · 1 year' });
    expect(screen.getByText('Premium · 1 year includes every option for $149.99.')).toBeVisible();
    await user.click(upgrade);
    await waitFor(() => expect(paths).toContain('/invite/payment'), PAYMENT_WAIT);
    expect(patchBodies(calls)).toEqual([
      expect.objectContaining({ sections: ['PACKAGE'], order: { packageId: 3003 } }),
    ]);
  });

  it('keeps the chosen options when the database is unavailable, and Try again saves them once it is back', async () => {
    const { calls } = invited({}, databaseUnavailableOnce('PATCH', INVITED_USER_PATH));
    const { user, router } = await renderApp('/invite/choose-your-own');
    const paths = visited(router);
    await user.click(await screen.findByRole('radio', { name: '2 years' }));
    await user.click(screen.getByRole('checkbox', { name: 'ToneMeter' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Something went wrong. Please try again.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/invite/choose-your-own');
    expect(screen.getByRole('radio', { name: '2 years' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'ToneMeter' })).toBeChecked();

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(paths).toContain('/invite/payment'), PAYMENT_WAIT);
    const bodies = patchBodies(calls);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[1]).toMatchObject({
      order: { packageId: 3006, productId: 'SUB2YEAR', services: ['TONEMETER'] },
    });
  });

  it('Try again after a failed upgrade upgrades again', async () => {
    const { calls } = invited({}, databaseUnavailableOnce('PATCH', INVITED_USER_PATH));
    const { user, router } = await renderApp('/invite/choose-your-own');
    const paths = visited(router);
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Premium · 1 year' }));

    const banner = await screen.findByRole('alert');
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(paths).toContain('/invite/payment'), PAYMENT_WAIT);
    expect(patchBodies(calls)).toEqual([
      expect.objectContaining({ sections: ['PACKAGE'], order: { packageId: 3003 } }),
      expect.objectContaining({ sections: ['PACKAGE'], order: { packageId: 3003 } }),
    ]);
  });

  it('Back goes to the packages', async () => {
    invited();
    const { user, router } = await renderApp('/invite/choose-your-own');
    await screen.findByRole('checkbox', { name: 'ToneMeter' });
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
  });

  it.each([
    ['no package chosen yet', null],
    ['a package that is not build-your-own', { packageId: 3003, productId: null, services: [] }],
  ] as const)('goes to the packages with %s', async (_name, order) => {
    invited({ user: { order: order ? { ...order, services: [] } : null } });
    const { router } = await renderApp('/invite/choose-your-own');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
  });

  it('sends someone who has not done step 1 there', async () => {
    invited({ context: { lastCompletedStep: 0 } });
    const { router } = await renderApp('/invite/choose-your-own');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/step1'));
  });

  it('goes to /invite/request when the invite is no longer valid (403)', async () => {
    invited({}, () => ({ status: 403, body: { code: 'INVITE_INVALID' } }));
    const { user, router } = await renderApp('/invite/choose-your-own');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/request'));
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    invited();
    await renderApp('/invite/choose-your-own');
    expect(await screen.findByRole('button', { name: 'Mejorar a Premium · 1 year' })).toBeVisible();
    expect(screen.getByText('¿Quieres todas las funciones?')).toBeVisible();
  });
});
