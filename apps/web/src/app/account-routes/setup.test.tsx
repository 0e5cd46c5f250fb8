import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAccountPage } from '@/features/account/billing/render-account-page';
import { i18n } from '@/lib/i18n';
import { storeInviteToken } from '@/stores/invite-token';
import { mockFetch, on, type RecordedCall } from '@/test/fetch-mock';
import { INVITE_TOKEN, invitedContext } from '@/test/invite-fixtures';

const LOGGED_OUT = on('GET', '/v2/account/session', {
  status: 401,
  body: { type: 'about:blank', title: 'Login required', status: 401, code: 'SESSION_REQUIRED' },
});
/** The first render loads the page's chunk: give it time. */
const SLOW = { timeout: 5000 };

function inviteCalls(calls: RecordedCall[]) {
  return calls.filter((call) => call.url.startsWith('/v2/invites'));
}

function task(name: string) {
  const item = screen.getByText(name).closest('li');
  if (!item) throw new Error(`no task ${name}`);
  return item;
}

describe('account setup page', () => {
  it('lists what an invited co-parent has left, each as a link into the invited flow', async () => {
    storeInviteToken(INVITE_TOKEN);
    const { calls } = mockFetch(
      LOGGED_OUT,
      on('GET', '/v2/invites/current', { body: invitedContext({ agreedToTerms: false }) }),
    );
    renderAccountPage('/setup');
    const credentials = await screen.findByRole(
      'link',
      { name: 'Create your username and password' },
      SLOW,
    );
    expect(credentials).toHaveAttribute('href', '/app/join/invite/credentials');
    expect(screen.getByRole('link', { name: 'Agree to the Terms of Use' })).toHaveAttribute(
      'href',
      '/app/join/invite/credentials',
    );
    expect(screen.getByRole('link', { name: 'Choose and pay for a package' })).toHaveAttribute(
      'href',
      '/app/join/invite/packages',
    );
    // Parent A did not pay: the billing address is asked with the payment, not on its own.
    expect(screen.queryByText('Add your billing information')).toBeNull();
    expect(within(task('Create your username and password')).getByText('To do')).toBeVisible();
    expect(inviteCalls(calls)[0]?.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);
  });

  it('shows done items as done; with a paid subscription the billing information is left', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      LOGGED_OUT,
      on('GET', '/v2/invites/current', {
        body: invitedContext({
          requireCredentials: false,
          agreedToTerms: true,
          isSubscriptionCurrent: true,
          billingAddressComplete: false,
        }),
      }),
    );
    renderAccountPage('/setup');
    const billing = await screen.findByRole('link', { name: 'Add your billing information' }, SLOW);
    expect(billing).toHaveAttribute('href', '/app/join/invite/billing-info');
    for (const done of [
      'Create your username and password',
      'Agree to the Terms of Use',
      'Choose and pay for a package',
    ]) {
      expect(screen.queryByRole('link', { name: done })).toBeNull();
      expect(within(task(done)).getByText('Done')).toBeVisible();
    }
  });

  it('says when everything is done and offers the login', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      LOGGED_OUT,
      on('GET', '/v2/invites/current', {
        body: invitedContext({
          requireCredentials: false,
          agreedToTerms: true,
          isSubscriptionCurrent: true,
          billingAddressComplete: true,
        }),
      }),
    );
    renderAccountPage('/setup');
    expect(
      await screen.findByText('Everything is done: your account is set up.', {}, SLOW),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log in to your account' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('explains that the setup continues from the invitation email when this tab has no token', async () => {
    const { calls } = mockFetch(LOGGED_OUT);
    renderAccountPage('/setup');
    expect(
      await screen.findByText(/continues from the link in your invitation email/, {}, SLOW),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request a new invitation link' })).toHaveAttribute(
      'href',
      '/app/join/invite/request',
    );
    expect(screen.getByRole('link', { name: 'Log in to your account' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(inviteCalls(calls)).toHaveLength(0);
  });

  it('explains the same with an expired token (403)', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      LOGGED_OUT,
      on('GET', '/v2/invites/current', {
        status: 403,
        body: { type: 'about:blank', title: 'Invalid', status: 403, code: 'INVITE_INVALID' },
      }),
    );
    renderAccountPage('/setup');
    expect(
      await screen.findByText(/continues from the link in your invitation email/, {}, SLOW),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request a new invitation link' })).toBeVisible();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    mockFetch(LOGGED_OUT);
    renderAccountPage('/setup');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Termina de configurar tu cuenta' },
        SLOW,
      ),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'Solicitar un nuevo enlace de invitación' }),
    ).toBeVisible();
  });
});
