import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARENT_SESSION, SESSION_REQUIRED } from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { i18n } from '@/lib/i18n';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';

const NEW_EMAIL = 'ana.new@example.com';
const EXPIRES_AT = '2026-05-02T15:30:00.000Z';
const PENDING = { email: NEW_EMAIL, expiresAt: EXPIRES_AT };

function server({
  pending = null,
  answer = { status: 202, body: { pending: PENDING } },
}: {
  pending?: typeof PENDING | null;
  answer?: MockReply;
} = {}) {
  let waiting = pending;
  return mockFetch(
    on('GET', '/v2/account/session', { body: PARENT_SESSION }),
    on('GET', '/v2/account/email', () => ({
      body: { email: PARENT_SESSION.email, pending: waiting },
    })),
    on('POST', '/v2/account/email', () => {
      if ((answer.status ?? 200) < 300) waiting = PENDING;
      return answer;
    }),
    on('DELETE', '/v2/account/email/pending', () => {
      waiting = null;
      return { status: 204 };
    }),
  );
}

async function open() {
  const rendered = renderAccount('/email');
  await screen.findByRole('textbox', { name: 'New email address' }, { timeout: 5000 });
  return rendered;
}

const submit = () => screen.getByRole('button', { name: 'Change email address' });

describe('/app/account/email', () => {
  it('asks with the current password; the link’s address and expiry take focus', async () => {
    const { calls } = server();
    const { user } = await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Change your email address' }),
    ).toBeVisible();
    expect(screen.getByText('ana@example.com')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Waiting for your confirmation' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'New email address' }), NEW_EMAIL);
    await user.type(screen.getByLabelText(/^Current password/), 'Sunny-Harbor-42');
    await user.click(submit());

    const card = await screen.findByRole('region', { name: 'Waiting for your confirmation' });
    await waitFor(() => expect(card).toHaveFocus());
    expect(card).toHaveTextContent(`We sent a link to ${NEW_EMAIL}. Open it to finish the change`);
    expect(card).toHaveTextContent(/it works until .*2026/);
    expect(card).toHaveTextContent('Until then, your email address stays ana@example.com.');
    // The form is empty again, for another address.
    expect(screen.getByRole('textbox', { name: 'New email address' })).toHaveValue('');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ email: NEW_EMAIL, currentPassword: 'Sunny-Harbor-42' });
  });

  it('shows a change already waiting, and cancels it', async () => {
    const { calls } = server({ pending: PENDING });
    const { user } = await open();
    const card = screen.getByRole('region', { name: 'Waiting for your confirmation' });
    expect(card).toHaveTextContent(`We sent a link to ${NEW_EMAIL}.`);
    await user.click(within(card).getByRole('button', { name: 'Cancel this change' }));
    const canceled = await screen.findByText(
      'The change was canceled. The link we sent no longer works.',
    );
    await waitFor(() => expect(canceled).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Waiting for your confirmation' })).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('checks with the domain rules first: the summary takes focus, nothing is sent', async () => {
    const { calls } = server();
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: 'New email address' }), 'nope');
    await user.click(submit());
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Invalid email address' })).toHaveAttribute(
      'href',
      '#email',
    );
    expect(
      within(summary).getByRole('link', { name: 'Enter your current password' }),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusals beside their fields', async () => {
    server({
      answer: {
        status: 422,
        body: {
          validationErrors: [
            { field: 'currentPassword', text: 'That password is not correct.', type: 'ERROR' },
          ],
        },
      },
    });
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: 'New email address' }), NEW_EMAIL);
    await user.type(screen.getByLabelText(/^Current password/), 'wrong');
    await user.click(submit());
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'That password is not correct.' }),
    ).toHaveAttribute('href', '#currentPassword');
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('region', { name: 'Waiting for your confirmation' })).toBeNull();
  });

  it('says too many requests in the summary', async () => {
    const text =
      'You asked to change your email address too many times. Please try again in an hour.';
    server({
      answer: { status: 409, body: { validationErrors: [{ field: 'form', text, type: 'ERROR' }] } },
    });
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: 'New email address' }), NEW_EMAIL);
    await user.type(screen.getByLabelText(/^Current password/), 'Sunny-Harbor-42');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('says to wait after too many wrong passwords', async () => {
    server({
      answer: { status: 429, body: { code: 'RATE_LIMITED', title: 'Too many', status: 429 } },
    });
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: 'New email address' }), NEW_EMAIL);
    await user.type(screen.getByLabelText(/^Current password/), 'Sunny-Harbor-42');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong passwords. Please wait a few minutes and try again.',
    );
  });

  it('sends a logged-out visitor to the login first, then back here', async () => {
    mockFetch(
      on('GET', '/v2/account/session', SESSION_REQUIRED),
      on('GET', '/v2/account/email', SESSION_REQUIRED),
    );
    const { router } = renderAccount('/email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?returnTo=%2Femail');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    server({ pending: PENDING });
    renderAccount('/email');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Cambia tu correo electrónico' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Correo electrónico nuevo' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Esperando tu confirmación' })).toHaveTextContent(
      `Enviamos un enlace a ${NEW_EMAIL}.`,
    );
  });
});
