import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARENT_SESSION, SESSION_REQUIRED } from '@/features/account/test/account-fixtures';
import { renderAccount } from '@/features/account/test/render-account';
import { i18n } from '@/lib/i18n';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';

const NEW_EMAIL = 'ana.new@example.com';

function server(answer: MockReply = { body: { email: NEW_EMAIL } }) {
  return mockFetch(
    on('GET', '/v2/account/session', { body: PARENT_SESSION }),
    on('POST', '/v2/account/email', answer),
  );
}

async function open() {
  const rendered = renderAccount('/email');
  await screen.findByRole('textbox', { name: 'New email address' }, { timeout: 5000 });
  return rendered;
}

const submit = () => screen.getByRole('button', { name: 'Change email address' });

describe('/app/account/email', () => {
  it('changes the email with the current password and confirms it, with focus', async () => {
    const { calls } = server();
    const { user } = await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Change your email address' }),
    ).toBeVisible();
    expect(screen.getByText('ana@example.com')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'New email address' }), NEW_EMAIL);
    await user.type(screen.getByLabelText(/^Current password/), 'Sunny-Harbor-42');
    await user.click(submit());

    const done = await screen.findByText(
      `Your email address is now ${NEW_EMAIL}. We sent a notice to your previous address.`,
    );
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByRole('link', { name: 'Back to your account' })).toHaveAttribute('href', '/');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ email: NEW_EMAIL, currentPassword: 'Sunny-Harbor-42' });
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
      status: 422,
      body: {
        validationErrors: [
          { field: 'currentPassword', text: 'That password is not correct.', type: 'ERROR' },
        ],
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
  });

  it('says to wait after too many wrong passwords', async () => {
    server({ status: 429, body: { code: 'RATE_LIMITED', title: 'Too many', status: 429 } });
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: 'New email address' }), NEW_EMAIL);
    await user.type(screen.getByLabelText(/^Current password/), 'Sunny-Harbor-42');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong passwords. Please wait a few minutes and try again.',
    );
  });

  it('sends a logged-out visitor to the login first, then back here', async () => {
    mockFetch(on('GET', '/v2/account/session', SESSION_REQUIRED));
    const { router } = renderAccount('/email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(router.state.location.search).toBe('?returnTo=%2Femail');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    server();
    renderAccount('/email');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Cambia tu correo electrónico' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(await screen.findByRole('textbox', { name: 'Correo electrónico nuevo' })).toBeVisible();
  });
});
