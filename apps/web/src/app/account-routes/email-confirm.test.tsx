import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_REQUIRED } from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { i18n } from '@/lib/i18n';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';

const TOKEN = 'link-token-abcdefghijklmnopqrstuvwxyz01234567';
const NEW_EMAIL = 'ana.new@example.com';

/** Logged out: the link works without a session. */
function server(answer: MockReply = { body: { email: NEW_EMAIL } }) {
  return mockFetch(
    on('GET', '/v2/account/session', SESSION_REQUIRED),
    on('POST', '/v2/account/email/confirm', answer),
  );
}

async function open(path = `/email/confirm?token=${TOKEN}`) {
  const rendered = renderAccount(path);
  await screen.findByRole(
    'heading',
    { level: 1, name: /Confirm your new email address|This link does not work/ },
    { timeout: 5000 },
  );
  return rendered;
}

const confirmButton = () => screen.getByRole('button', { name: 'Confirm my new email address' });

describe('/app/account/email/confirm', () => {
  it('takes the token out of the address bar and confirms with one button, logged out', async () => {
    const { calls } = server();
    const { router, user } = await open();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/email/confirm');
    // Nothing is sent until the person confirms (a mail scanner opening the link changes nothing).
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(confirmButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email address was changed' }),
    ).toBeVisible();
    const done = screen.getByText(
      `Your email address is now ${NEW_EMAIL}. We sent a notice to your previous address.`,
    );
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ token: TOKEN });
    // Not redirected to the login: the page needs no session.
    expect(router.state.location.pathname).toBe('/email/confirm');
  });

  it('says a used, expired or replaced link does not work, with a way to start again', async () => {
    server({
      status: 410,
      body: { code: 'EMAIL_CHANGE_INVALID', title: 'Invalid', status: 410 },
    });
    const { user } = await open();
    await user.click(confirmButton());
    const text = await screen.findByText(/This link no longer works: it was already used/);
    await waitFor(() => expect(text.closest('[tabindex="-1"]')).toHaveFocus());
    expect(
      screen.getByRole('heading', { level: 1, name: 'This link does not work' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Change your email address again' })).toHaveAttribute(
      'href',
      '/email',
    );
  });

  it('says so when another account took the address meanwhile', async () => {
    const taken =
      'Another account started using that email address after you asked for the change.';
    server({
      status: 409,
      body: { validationErrors: [{ field: 'form', text: taken, type: 'ERROR' }] },
    });
    const { user } = await open();
    await user.click(confirmButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    expect(screen.getByRole('link', { name: 'Change your email address again' })).toBeVisible();
  });

  it('keeps the button after a failure it can retry', async () => {
    server({ status: 503, body: { code: 'DATABASE_UNAVAILABLE', title: 'Down', status: 503 } });
    const { user } = await open();
    await user.click(confirmButton());
    expect(
      await screen.findByText(
        'Something went wrong and your email address did not change. Please try again.',
      ),
    ).toBeVisible();
    expect(confirmButton()).toBeEnabled();
  });

  it('still confirms after a reload (the tab kept the token), and forgets it once used', async () => {
    const { calls } = server();
    const first = await open();
    await waitFor(() => expect(first.router.state.location.search).toBe(''));
    first.unmount();

    // The reload: the address bar has no token any more.
    const { user, unmount } = await open('/email/confirm');
    await user.click(confirmButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your email address was changed' }),
    ).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ token: TOKEN });
    unmount();

    // Used: another reload has nothing to send.
    await open('/email/confirm');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  });

  it('explains a link without its token', async () => {
    server();
    await open('/email/confirm');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    server();
    renderAccount(`/email/confirm?token=${TOKEN}`);
    expect(
      await screen.findByRole(
        'button',
        { name: 'Confirmar mi nuevo correo electrónico' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
  });
});
