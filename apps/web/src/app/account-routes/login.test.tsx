import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAccount } from '@/features/account/test/render-account';
import { USER_ID } from '@/test/checkout-fixtures';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';

const LOGGED_OUT: MockReply = {
  status: 401,
  body: {
    type: '/problems/session-required',
    title: 'Log in',
    status: 401,
    code: 'SESSION_REQUIRED',
  },
};
const SESSION = {
  userId: USER_ID,
  kind: 'PARENT',
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@example.com',
  username: 'ana_lopez',
  isStaff: false,
  locale: 'en',
};
const LOGGED_IN = {
  body: { url: '/app/account/', redirectUrl: '/app/account/', auth: true, userId: USER_ID },
};

/** The server: logged out until a login succeeds (then the session call answers the account). */
function server(login: MockReply) {
  let isLoggedIn = false;
  return mockFetch(
    on('GET', '/v2/account/session', () => (isLoggedIn ? { body: SESSION } : LOGGED_OUT)),
    on('POST', '/v2/login', () => {
      if ((login.status ?? 200) === 200) isLoggedIn = true;
      return login;
    }),
    on('GET', '/v2/account/home', () => (isLoggedIn ? { status: 500 } : LOGGED_OUT)),
    on('GET', /^\/v2\/account\/receipts\//, { status: 404, body: { code: 'RECEIPT_NOT_FOUND' } }),
  );
}

async function logIn(user: ReturnType<typeof renderAccount>['user'], password = 'Sunny-Harbor-42') {
  await user.type(await screen.findByLabelText('Username'), 'ana_lopez');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/app/account/login', () => {
  it('posts the spec’s login form and goes to the account home', async () => {
    const { calls } = server(LOGGED_IN);
    const { user, router } = renderAccount('/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to your account' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/recover',
    );
    expect(
      screen.getByRole('link', {
        name: 'Invited by your co-parent? Finish setting up your account',
      }),
    ).toHaveAttribute('href', '/setup');
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((c) => c.url === '/v2/login')?.body).toEqual({
      username: 'ana_lopez',
      password: 'Sunny-Harbor-42',
      submit: 'Sign In',
      eventId: 'submit',
    });
    expect(window.sessionStorage.getItem('coparent.userId')).toBe(USER_ID);
  });

  it('shows login_error on the password and no text on the username for a wrong password', async () => {
    server({ status: 401, body: { status: 401, code: 'LOGIN_FAILED', title: 'x' } });
    const { user } = renderAccount('/login');
    await logIn(user, 'wrong-password');
    const message = 'The username or password is incorrect.';
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
      'href',
      '#password',
    );
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(`Error: ${message}`);
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('');
    // What was typed stays.
    expect(username).toHaveValue('ana_lopez');
  });

  it('shows the generic message for a server error, and says to wait after too many attempts', async () => {
    server({ status: 500 });
    const { user, unmount } = renderAccount('/login');
    await logIn(user);
    expect(
      within(await screen.findByRole('alert')).getByText('Something went wrong. Please try again.'),
    ).toBeVisible();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
    unmount();

    server({ status: 429, body: { status: 429, code: 'RATE_LIMITED', title: 'x' } });
    const second = renderAccount('/login');
    await logIn(second.user);
    expect(
      within(await screen.findByRole('alert')).getByText(
        'Too many attempts to log in. Please wait a few minutes and try again.',
      ),
    ).toBeVisible();
  });

  it('asks for both fields before sending anything', async () => {
    const { calls } = server(LOGGED_IN);
    const { user } = renderAccount('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    const summary = await screen.findByRole('alert');
    // Each error names its field, in the page's order.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter your username', 'Enter your password']);
    expect(calls.some((c) => c.url === '/v2/login')).toBe(false);
  });

  it('goes back to a page of the account area after logging in', async () => {
    server(LOGGED_IN);
    const { user, router } = renderAccount('/login?returnTo=%2Freceipts%2Fabc');
    expect(await screen.findByText('Please log in to continue.')).toBeVisible();
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/receipts/abc'));
  });

  it('never follows a returnTo that leaves the account area', async () => {
    server(LOGGED_IN);
    const { user, router } = renderAccount('/login?returnTo=%2F%2Fevil.example%2Fx');
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.search).toBe('');
  });

  it('says politely that the person logged out', async () => {
    server(LOGGED_IN);
    renderAccount('/login', { state: { loggedOut: true } });
    expect(await screen.findByText('You have logged out. See you soon!')).toBeVisible();
  });
});
