import { ALERT_BANNER_MS } from '@coparent/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { storeInviteToken } from '@/stores/invite-token';
import { mockFetch, on } from '@/test/fetch-mock';
import { INVITE_TOKEN } from '@/test/invite-fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

describe('/invite/request', () => {
  it('asks for a new link with the stored token, thanks, and can ask again', async () => {
    storeInviteToken(INVITE_TOKEN);
    const { calls } = mockFetch(on('POST', '/v2/invites/request', { body: { requested: true } }));
    const { user } = await renderApp('/invite/request');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Request a new invite link' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Thank you! Your new link is on the way.',
      }),
    ).toBeVisible();
    expect(screen.getByText(/within 20 minutes.*spam/)).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);

    await user.click(screen.getByRole('button', { name: "Didn't get it? Send me another link" }));
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(
      await screen.findByRole('heading', { name: 'Thank you! Your new link is on the way.' }),
    ).toBeVisible();
    expect(calls).toHaveLength(2);
  });

  it('says something went wrong when the request fails (404, the spec’s 111)', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      on('POST', '/v2/invites/request', {
        status: 404,
        body: { code: 'INVITE_REQUEST_FAILED', title: 'Invite request failed' },
      }),
    );
    const { user } = await renderApp('/invite/request');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please try again later.',
    );
  });

  it('hides the failure after 15 seconds, keeps the button, and says it again on a new failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeInviteToken(INVITE_TOKEN);
    const { calls } = mockFetch(
      on('POST', '/v2/invites/request', {
        status: 404,
        body: { code: 'INVITE_REQUEST_FAILED', title: 'Invite request failed' },
      }),
    );
    const { user } = await renderApp('/invite/request');
    const send = () => screen.getByRole('button', { name: 'Send me a new link' });
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');

    act(() => vi.advanceTimersByTime(ALERT_BANNER_MS));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    expect(calls).toHaveLength(2);
  });

  it('without a token: the steps and the support email', async () => {
    await renderApp('/invite/request');
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: "Oops! We weren't able to request a new link",
      }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument();
    const mail = screen.getByRole('link', { name: 'support@coparent.example' });
    expect(mail).toHaveAttribute('href', 'mailto:support@coparent.example');
  });

  it('uses the support address the build sets', async () => {
    vi.stubEnv('VITE_SUPPORT_EMAIL', 'help@example.org');
    await renderApp('/invite/request');
    expect(screen.getByRole('link', { name: 'help@example.org' })).toHaveAttribute(
      'href',
      'mailto:help@example.org',
    );
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    storeInviteToken(INVITE_TOKEN);
    await renderApp('/invite/request');
    expect(screen.getByRole('button', { name: 'Envíame un nuevo enlace' })).toBeVisible();
  });
});
