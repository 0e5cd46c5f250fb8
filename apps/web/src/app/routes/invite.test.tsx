import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPage } from '@/lib/full-page';
import { i18n } from '@/lib/i18n';
import { readInviteToken, storeInviteToken } from '@/stores/invite-token';
import { mockFetch, on } from '@/test/fetch-mock';
import { fakeInviteServer, INVITE_TOKEN, invitedContext } from '@/test/invite-fixtures';
import { onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const TITLE = "You're just a few steps away from simpler, more peaceful co-parenting";

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/invite', () => {
  it('stores the token, takes it out of the address and loads the context with it', async () => {
    const { calls } = mockFetch(on('GET', '/v2/invites/current', { body: invitedContext() }));
    const { router } = await renderApp(`/invite?token=${INVITE_TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    expect(readInviteToken()).toBe(INVITE_TOKEN);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite'));
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);
  });

  it('shows the family with initials and names, Get Started and the three questions', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(on('GET', '/v2/invites/current', { body: invitedContext() }));
    const { user, router } = await renderApp('/invite');
    expect(await screen.findByText("You've been invited as a co-parent to join:")).toBeVisible();
    const list = screen.getByText('AL').closest('ul') as HTMLElement;
    const members = within(list).getAllByRole('listitem');
    expect(members.map((item) => item.textContent)).toEqual([
      'ALAna López',
      'LGLuis García',
      'SGSofía García',
    ]);
    const initials = within(members[0] as HTMLElement).getByText('AL');
    expect(initials).toHaveStyle({ backgroundColor: '#1F5FA8' });
    expect(screen.queryByText('Your subscription has been paid.')).not.toBeInTheDocument();

    const summaries = document.querySelectorAll('details > summary');
    expect([...summaries].map((s) => s.textContent)).toEqual([
      'How does it work?',
      'How is it different from email and text?',
      'How does it make co-parenting easier?',
    ]);
    const first = summaries[0]?.parentElement as HTMLDetailsElement;
    expect(first.open).toBe(false);
    await user.click(summaries[0] as HTMLElement);
    expect(first.open).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Get Started' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/step1'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your parent account' }),
    ).toBeVisible();
  });

  it('names the professional and says the subscription is paid when it is current', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      on('GET', '/v2/invites/current', {
        body: invitedContext({
          userCreatedByPro: true,
          pro: { firstName: 'Patricia', lastName: 'Reyes' },
          isSubscriptionCurrent: true,
        }),
      }),
    );
    await renderApp('/invite');
    expect(await screen.findByText('Patricia Reyes invited you to join')).toBeVisible();
    expect(screen.getByText('Your subscription has been paid.')).toBeVisible();
  });

  it("tells a professional's family there is nothing to pay", async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      on('GET', '/v2/invites/current', {
        body: invitedContext({
          userCreatedByPro: true,
          pro: { firstName: 'Patricia', lastName: 'Reyes' },
        }),
      }),
    );
    await renderApp('/invite');
    expect(
      await screen.findByText(
        "Patricia Reyes covers your subscription: there's nothing for you to pay.",
      ),
    ).toBeVisible();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    storeInviteToken(INVITE_TOKEN);
    mockFetch(on('GET', '/v2/invites/current', { body: invitedContext() }));
    await renderApp('/invite');
    expect(await screen.findByText('Tu coparente te invitó a unirte a:')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Comenzar' })).toBeVisible();
  });

  // (The spec's 112 is not an HTTP status; `isInviteAuthFailure` in the domain covers it.)
  it.each(['INVITE_INVALID', 'INVITE_USER_MISMATCH'])(
    'goes to /invite/request on 403 %s',
    async (code) => {
      mockFetch(
        on('GET', '/v2/invites/current', { status: 403, body: { code, title: 'Forbidden' } }),
      );
      const { router } = await renderApp(`/invite?token=${INVITE_TOKEN}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Request a new invite link' }),
      ).toBeVisible();
      await waitFor(() => expect(router.state.location.pathname).toBe('/invite/request'));
    },
  );

  it('shows the generic error when the server fails', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(on('GET', '/v2/invites/current', { status: 500 }));
    await renderApp('/invite');
    expect(await screen.findByRole('alert')).toBeVisible();
  });

  it('sends a co-parent whose subscription and billing are done straight to the credentials', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      on('GET', '/v2/invites/current', {
        body: invitedContext({
          isSubscriptionCurrent: true,
          billingAddressComplete: true,
          requireCredentials: true,
          coparentPackageId: 3003,
        }),
      }),
    );
    const { router } = await renderApp('/invite');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));
  });

  it.each([
    ['the billing address is missing', { billingAddressComplete: false, requireCredentials: true }],
    ['the credentials are set', { billingAddressComplete: true, requireCredentials: false }],
  ])('stays on the welcome when %s', async (_name, context) => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      on('GET', '/v2/invites/current', {
        body: invitedContext({ isSubscriptionCurrent: true, ...context }),
      }),
    );
    const { router } = await renderApp('/invite');
    expect(await screen.findByText('Your subscription has been paid.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite'));
  });

  it('preselects the co-parent package of a paid subscription on the packages', async () => {
    storeInviteToken(INVITE_TOKEN);
    const server = fakeInviteServer({
      context: { isSubscriptionCurrent: true, coparentPackageId: 3004, lastCompletedStep: 1 },
    });
    mockFetch(...server.handlers, ...onPricingFor(US_PACKAGES, 'US'));
    const { router } = await renderApp('/invite');
    expect(await screen.findByText('Your subscription has been paid.')).toBeVisible();
    await act(() => router.navigate('/invite/packages'));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Premium · 2 years' });
    const card = heading.closest('article') as HTMLElement;
    expect(within(card).getByText('Your current choice')).toBeVisible();
  });

  it('shows the social-proof picture, described, in the experiment only', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(on('GET', '/v2/invites/current', { body: invitedContext() }));
    const treatment = await renderApp('/invite', { flags: { 'social-proof': 'Treatment' } });
    const image = await screen.findByRole('img', { name: /sharing one family calendar/ });
    expect(image).toHaveAttribute('loading', 'lazy');
    treatment.unmount();

    await renderApp('/invite', { flags: { 'social-proof': 'Control' } });
    await screen.findByText("You've been invited as a co-parent to join:");
    expect(screen.queryByRole('img', { name: /family calendar/ })).not.toBeInTheDocument();
  });

  it('sends the browser to account home without a token', async () => {
    const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
    const { calls } = mockFetch();
    await renderApp('/invite');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/account/'));
    expect(calls).toHaveLength(0);
  });
});
