import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import { mockFetch, on } from '@/test/fetch-mock';
import { PARENT, SIGNUP_ID, signupState } from '@/test/join-fixtures';
import {
  fakeSignupServer,
  onCoupons,
  onPricingFor,
  signupWithOrder,
  US_PACKAGES,
} from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const TOKEN = 'resume-token-abcdefghijklmnopqrstuvwxyz0123456';

describe('/resume', () => {
  it('spends the link only on a click, adopts the signup and opens its next step (step 3)', async () => {
    const server = fakeSignupServer(signupWithOrder(2), US_PACKAGES);
    const { calls } = mockFetch(
      on('POST', '/v2/signups/resume', { body: signupState(2) }),
      ...server.handlers,
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
    );
    // What the tab typed for another signup is not carried over.
    useFunnelStore.setState({ stepOneValues: { ...PARENT, firstName: 'Other' } });
    const { user, router } = await renderApp(`/resume?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Continue your signup' }),
    ).toBeVisible();
    // The token leaves the address bar at once, and nothing is spent before the click.
    expect(router.state.location.search).toBe('');
    expect(calls.filter((call) => call.url === '/v2/signups/resume')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Continue my signup' }));
    expect(await screen.findByRole('article', { name: 'Essentials · 1 year' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/step3');
    const spent = calls.filter((call) => call.url === '/v2/signups/resume');
    expect(spent.map((call) => call.body)).toEqual([{ token: TOKEN }]);
    // The tab holds the signup now (its key stays in the HttpOnly cookie).
    expect(useFunnelStore.getState()).toMatchObject({
      signupId: SIGNUP_ID,
      lastCompletedStep: 2,
      stepOneValues: { firstName: PARENT.firstName, email: PARENT.email },
    });
  });

  it('opens step 2 for a signup left after step 1', async () => {
    mockFetch(
      on('POST', '/v2/signups/resume', { body: signupState(1) }),
      on('GET', `/v2/signups/${SIGNUP_ID}`, { body: signupState(1) }),
    );
    const { user, router } = await renderApp(`/resume?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Continue my signup' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invite your co-parent' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/step2');
  });

  it('says a used or expired link no longer works, and offers to start again', async () => {
    mockFetch(
      on('POST', '/v2/signups/resume', {
        status: 410,
        body: { code: 'RESUME_LINK_INVALID', title: 'The resume link is unknown' },
      }),
    );
    const { user } = await renderApp(`/resume?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Continue my signup' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute(
      'href',
      '/app/join/signup',
    );
    expect(useFunnelStore.getState().signupId).toBeUndefined();
  });

  it('without a token, says so at once', async () => {
    mockFetch();
    await renderApp('/resume');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link no longer works' }),
    ).toBeVisible();
  });
});
