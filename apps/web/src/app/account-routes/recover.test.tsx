import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RECOVERY_STORAGE_KEY } from '@/features/account/recovery/recovery-flow';
import { i18n } from '@/lib/i18n';
import { addAccountAreaCatalogue } from '@/locales/catalogue-account-area.en';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';
import { AppProviders } from '../providers';
import { RecoverRoute } from './recover';

// The page is rendered alone, not through the account router that brings the area's texts.
addAccountAreaCatalogue();

const RECOVERY_ID = '22222222-2222-4222-8222-222222222222';
const RESET_TOKEN = 'reset-token-abcdefghijklmnopqrstuvwxyz0123456';
const LINK_TOKEN = 'link-token-abcdefghijklmnopqrstuvwxyz01234567';
const NEW_PASSWORD = 'Quiet-Meadow-97';

const OVER: MockReply = {
  status: 410,
  body: {
    type: '/problems/recovery-invalid',
    title: 'Over',
    status: 410,
    code: 'RECOVERY_INVALID',
  },
};

/** The recovery page alone, in the account router's shape (basename /app/account). */
function renderRecover(path = '/app/account/recover') {
  const router = createMemoryRouter(
    [
      { path: '/recover', element: <RecoverRoute /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path], basename: '/app/account' },
  );
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, user };
}

function server({
  lookup = { body: { result: 'SUCCESS', recoveryId: RECOVERY_ID } },
  verify = { body: { resetToken: RESET_TOKEN } },
  reset = { body: { reset: true } },
}: {
  lookup?: MockReply;
  verify?: MockReply;
  reset?: MockReply;
} = {}) {
  return mockFetch(
    on('POST', '/v2/account/recovery', lookup),
    on('POST', '/v2/account/recovery/verify', verify),
    on('POST', '/v2/account/recovery/reset', reset),
  );
}

async function submitEmail(user: ReturnType<typeof userEvent.setup>, email = 'ana@example.com') {
  await user.type(await screen.findByRole('textbox', { name: 'Email address' }), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('/app/account/recover', () => {
  it('INITIAL → CODE: looks the account up by email and says so without telling whether it exists', async () => {
    const { calls } = server();
    const { user } = renderRecover();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    await submitEmail(user);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/If an account matches, we have sent a code/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/v2/account/recovery')?.body).toEqual({
      email: 'ana@example.com',
    });
  });

  it('INITIAL: checks the chosen way before sending (error summary and field message)', async () => {
    const { calls } = server();
    const { user } = renderRecover();
    await user.click(await screen.findByRole('radio', { name: 'Phone number' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: 'The phone number must be between 8 and 15 digits',
      }),
    ).toHaveAttribute('href', '#phone');
    expect(calls).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '2125551234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(calls[0]?.body).toEqual({ countryCode: 'US_CANADA', phone: '2125551234' });
  });

  it('MULTI → MULTIPLE: asks for the username, then goes on to CODE', async () => {
    let answer: MockReply = { body: { result: 'MULTI' } };
    const { calls } = mockFetch(on('POST', '/v2/account/recovery', () => answer));
    const { user } = renderRecover();
    await user.click(await screen.findByRole('radio', { name: 'Phone number' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '2125551234');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Which account is yours?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/More than one account uses this phone number/)).toBeInTheDocument();
    answer = { body: { result: 'SUCCESS', recoveryId: RECOVERY_ID } };
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ana_lopez');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(calls[1]?.body).toEqual({ username: 'ana_lopez' });
  });

  it('CODE: a wrong code shows the server’s message at the field; send again asks for a new code', async () => {
    let verify: MockReply = {
      status: 422,
      body: {
        validationErrors: [
          { field: 'verificationCode', text: 'That code is not correct.', type: 'ERROR' },
        ],
      },
    };
    const { calls } = mockFetch(
      on('POST', '/v2/account/recovery', { body: { result: 'SUCCESS', recoveryId: RECOVERY_ID } }),
      on('POST', '/v2/account/recovery/verify', () => verify),
    );
    const { user } = renderRecover();
    await submitEmail(user);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('link', { name: 'That code is not correct.' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText(/we have sent a new code/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/v2/account/recovery')).toHaveLength(2);

    verify = { body: { resetToken: RESET_TOKEN } };
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    expect(calls.at(-1)?.body).toEqual({ recoveryId: RECOVERY_ID, verificationCode: '654321' });
  });

  it('CODE → NEW_PASSWORD → SUCCESS: sets the new password, then links to the login', async () => {
    const { calls } = server();
    const { user } = renderRecover();
    await submitEmail(user);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    expect(screen.getByText('Your password needs:')).toBeInTheDocument();
    // The reset does not know the account: the server checks these two when it is saved.
    for (const rule of ['to leave out your username', 'to leave out your email address']) {
      expect(screen.getByText(rule).closest('li')).toHaveTextContent('checked when you save');
    }

    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm the new password'), 'Quiet-Meadow-98');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByRole('link', { name: 'The passwords do not match' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/v2/account/recovery/reset')).toBe(false);

    await user.clear(screen.getByLabelText('Confirm the new password'));
    await user.type(screen.getByLabelText('Confirm the new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/app/account/login',
    );
    expect(calls.at(-1)?.body).toEqual({
      resetToken: RESET_TOKEN,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(window.sessionStorage.getItem(RECOVERY_STORAGE_KEY)).not.toContain(NEW_PASSWORD);
  });

  it('the emailed link: takes the token out of the address bar and shows the new password form', async () => {
    const { calls } = server();
    const { user, router } = renderRecover(`/app/account/recover?token=${LINK_TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm the new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    await screen.findByRole('heading', { level: 1, name: 'Your password has been changed' });
    expect(calls.at(-1)?.body).toMatchObject({ resetToken: LINK_TOKEN });
  });

  it('FAILURE: a used or expired link explains and starts again (keeping what was typed)', async () => {
    server({ reset: OVER });
    const { user } = renderRecover(`/app/account/recover?token=${LINK_TOKEN}`);
    await user.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm the new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please start again' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/no longer works/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
  });

  it('FAILURE: too many wrong codes', async () => {
    server({ verify: OVER });
    const { user } = renderRecover();
    await submitEmail(user);
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please start again' }),
    ).toBeInTheDocument();
  });

  it('a reload keeps the step and what was typed', async () => {
    server();
    const first = renderRecover();
    await submitEmail(first.user, 'keep@example.com');
    await first.user.type(await screen.findByLabelText('Verification code'), '12');
    first.unmount();
    renderRecover();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check your email' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveValue('12');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    server();
    const { user } = renderRecover();
    expect(
      await screen.findByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(
      await screen.findByRole('link', { name: 'Ingresa un correo electrónico' }),
    ).toBeInTheDocument();
  });

  it('too many requests: says to wait', async () => {
    server({
      lookup: {
        status: 429,
        body: { type: '/problems/rate-limited', title: 'x', status: 429, code: 'RATE_LIMITED' },
      },
    });
    const { user } = renderRecover();
    await submitEmail(user);
    expect(await screen.findByText(/Too many attempts/)).toBeInTheDocument();
  });
});
