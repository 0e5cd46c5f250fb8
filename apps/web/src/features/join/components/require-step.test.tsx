import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import { mockFetch, on } from '@/test/fetch-mock';
import { onGetSignup, SIGNUP_ID, seedFunnel, signupState } from '@/test/join-fixtures';
import { renderApp } from '@/test/render-app';

describe('RequireStep', () => {
  it('sends /step2 without a signup to /step1', async () => {
    const { calls } = mockFetch();
    const { router } = await renderApp('/step2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your parent account' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
    expect(calls).toHaveLength(0);
  });

  it('does not read again a signup created on the step it guards (no round trip before step 2)', async () => {
    const { calls } = mockFetch();
    await renderApp('/step1');
    await screen.findByRole('heading', { level: 1, name: 'Create your parent account' });
    act(() => useFunnelStore.getState().setSignup({ signupId: SIGNUP_ID, registrationKey: 'key' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((call) => call.url.includes(SIGNUP_ID))).toEqual([]);
  });

  it('sends a step that is not reachable yet to the earliest incomplete step', async () => {
    seedFunnel(1);
    mockFetch(onGetSignup(1));
    const { router } = await renderApp('/step3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invite your co-parent' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step2'));
  });

  it('starts again at /step1 when the stored signup has expired, keeping what was typed', async () => {
    seedFunnel(2);
    useFunnelStore.setState({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    mockFetch(onGetSignup(2));
    const { router } = await renderApp('/step3');
    expect(await screen.findByText(/Your signup session has ended/)).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
    expect(useFunnelStore.getState()).toMatchObject({ signupId: undefined, lastCompletedStep: 0 });
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
  });

  it('starts again at /step1 when the server answers 404 for the stored signup', async () => {
    seedFunnel(2);
    mockFetch(
      on('GET', `/v2/signups/${SIGNUP_ID}`, {
        status: 404,
        body: { code: 'SIGNUP_EXPIRED', status: 404 },
      }),
    );
    const { router } = await renderApp('/step3');
    expect(await screen.findByText(/Your signup session has ended/)).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
    expect(useFunnelStore.getState().signupId).toBeUndefined();
  });

  it('lets the person stay when the server still knows the signup', async () => {
    seedFunnel(2);
    const { calls } = mockFetch(onGetSignup(2));
    const { router } = await renderApp('/step3');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    await screen.findByRole('button', { name: 'Back' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
    // The guard reads the signup once (the packages screen makes its own pricing calls).
    expect(calls.filter((call) => call.url === `/v2/signups/${SIGNUP_ID}`)).toHaveLength(1);
    await waitFor(() => expect(useFunnelStore.getState().expiresAt).toBeDefined());
  });

  describe('a signup saved by a form post before the app ran', () => {
    const POSTED = 'coparent_signup_posted=1';
    /** What the server's answer to the post leaves in the browser, or takes away. */
    const setPosted = (isSet: boolean) => {
      // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
      document.cookie = `${POSTED}; Path=/${isSet ? '' : '; Max-Age=0'}`;
    };
    const forgetPosted = () => setPosted(false);

    it('is taken on from the cookie: step 2 opens with it, step 1 shows what was sent', async () => {
      setPosted(true);
      const { calls } = mockFetch(on('GET', '/v2/signups/current', { body: signupState(1) }));
      const { router } = await renderApp('/step2');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Invite your co-parent' }),
      ).toBeVisible();
      expect(router.state.location.pathname).toBe('/step2');
      expect(useFunnelStore.getState()).toMatchObject({
        signupId: SIGNUP_ID,
        lastCompletedStep: 1,
        stepOneValues: { firstName: 'Ana', email: 'ana@example.com' },
      });
      expect(calls.filter((call) => call.url.endsWith('/v2/signups/current'))).toHaveLength(1);
      // Asked once: the server's word is spent.
      expect(document.cookie).not.toContain(POSTED);
      forgetPosted();
    });

    it('goes to /step1 when the server no longer has it (204)', async () => {
      setPosted(true);
      mockFetch(on('GET', '/v2/signups/current', { status: 204 }));
      const { router } = await renderApp('/step2');
      await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
      expect(useFunnelStore.getState().signupId).toBeUndefined();
      forgetPosted();
    });

    it('is not taken on when it is paid', async () => {
      setPosted(true);
      mockFetch(on('GET', '/v2/signups/current', { body: { ...signupState(4), paid: true } }));
      const { router } = await renderApp('/step3');
      await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
      expect(useFunnelStore.getState().signupId).toBeUndefined();
      forgetPosted();
    });
  });
});
