import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { readInviteToken, storeInviteToken } from '@/stores/invite-token';
import { mockFetch, on } from '@/test/fetch-mock';
import { INVITE_TOKEN, invitedContext } from '@/test/invite-fixtures';
import { renderApp } from '@/test/render-app';

/** The token check's answer for the link of someone who already has credentials. */
const COMPLETED = {
  status: 403,
  body: {
    type: '/problems/invite-invalid',
    title: 'The invite link is expired, replaced or unknown',
    status: 403,
    code: 'INVITE_INVALID',
    inviteCompleted: true,
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a completed invite link', () => {
  it('shows "You\'re all set" with a log-in link on the welcome, not the packages again', async () => {
    mockFetch(on('GET', '/v2/invites/current', COMPLETED));
    const { user, router } = await renderApp(`/invite?token=${INVITE_TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    const login = within(screen.getByRole('main')).getByRole('link', { name: 'Log in' });
    expect(login).toHaveAttribute('href', '/app/account/login');
    expect(router.state.location.pathname).toBe('/invite');
    expect(document.title).toContain("You're all set");

    // Leaving for the login forgets the invite in this tab.
    login.addEventListener('click', (event) => event.preventDefault());
    await user.click(login);
    expect(readInviteToken()).toBeNull();
  });

  it.each(['/invite/step1', '/invite/packages', '/invite/payment', '/invite/credentials'])(
    'shows the same screen on %s',
    async (path) => {
      storeInviteToken(INVITE_TOKEN);
      mockFetch(on('GET', '/v2/invites/current', COMPLETED));
      const { router } = await renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: "You're all set" }),
      ).toBeVisible();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('shows the same screen when /invite/request is refused because the invite is completed', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      on('POST', '/v2/invites/request', {
        status: 404,
        body: { code: 'INVITE_REQUEST_FAILED', title: 'x', status: 404, inviteCompleted: true },
      }),
    );
    const { user } = await renderApp('/invite/request');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're all set" })).toBeVisible();
    await waitFor(() => expect(document.title).toContain("You're all set"));
  });

  it('still offers a new link for an expired one', async () => {
    storeInviteToken(INVITE_TOKEN);
    const { inviteCompleted: _, ...expired } = COMPLETED.body;
    mockFetch(on('GET', '/v2/invites/current', { status: 403, body: expired }));
    const { router } = await renderApp('/invite');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/request'));
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    storeInviteToken(INVITE_TOKEN);
    mockFetch(on('GET', '/v2/invites/current', COMPLETED));
    await renderApp('/invite');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ya está todo listo' }),
    ).toBeVisible();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Iniciar sesión' }),
    ).toBeVisible();
  });
});

describe('/invite/credentials in order', () => {
  it.each([
    [
      'a paid subscription without its billing address, after step 1',
      { isSubscriptionCurrent: true, billingAddressComplete: false, lastCompletedStep: 2 },
      '/invite/billing-info',
    ],
    [
      "a professional's family before step 1",
      { userCreatedByPro: true, lastCompletedStep: 0 },
      '/invite/step1',
    ],
  ] as const)('sends %s to the step it still owes', async (_name, context, path) => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(on('GET', '/v2/invites/current', { body: invitedContext(context) }));
    const { router } = await renderApp('/invite/credentials');
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });
});
