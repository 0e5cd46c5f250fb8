import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAccount } from '@/features/account/test/render-account';
import { mockFetch, on } from '@/test/fetch-mock';

const TOKEN = 'activation-token-abcdefghijklmnopqrstuvwxyz0123';
const USER_ID = '44444444-4444-4444-8444-444444444444';

function server(
  setReply: Parameters<typeof on>[2] = { body: { userId: USER_ID, username: 'patricia_r' } },
) {
  return mockFetch(
    on('GET', /^\/v2\/credentials\/username\?/, {
      body: { available: true, meetsRequirements: true },
    }),
    on('POST', '/v2/credentials', setReply),
    on('GET', '/v2/account/session', { status: 401, body: { code: 'SESSION_REQUIRED' } }),
  );
}

async function openActivate(path = `/activate?token=${TOKEN}`) {
  const rendered = renderAccount(path);
  await screen.findByRole(
    'heading',
    { level: 1, name: 'Set up your professional account' },
    { timeout: 5000 },
  );
  // The token leaves the address bar (a history replace), and the page's h1 takes the focus.
  await waitFor(() => expect(rendered.router.state.location.search).toBe(''));
  if (path.includes('token=')) {
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  }
  return rendered;
}

async function chooseCredentials(user: ReturnType<typeof renderAccount>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Username' }), 'patricia_r');
  await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-7421!');
  const submit = screen.getByRole('button', { name: 'Complete Signup' });
  await waitFor(() => expect(submit).toBeEnabled());
  await user.click(submit);
}

// Typing a password re-renders its checklist on every key: these tests take a few seconds.
describe('/app/account/activate', () => {
  it('takes the token out of the address bar, sets the credentials, then links to login', async () => {
    const { calls } = server();
    const { user, router } = await openActivate();
    await waitFor(() => expect(router.state.location.pathname).toBe('/activate'));
    await chooseCredentials(user);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Your account is ready' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    const post = calls.find((c) => c.method === 'POST' && c.url === '/v2/credentials');
    expect(post?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(post?.body).toEqual({ username: 'patricia_r', password: 'Quiet-Harbor-7421!' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('keeps working after a reload (the token is kept for the tab)', async () => {
    server();
    const first = await openActivate();
    first.unmount();
    await openActivate('/activate');
    expect(screen.getByRole('textbox', { name: 'Username' })).toBeVisible();
  });

  it('says so when the link was used or has expired', async () => {
    server({ status: 401, body: { code: 'CREDENTIALS_TOKEN_INVALID', status: 401 } });
    const { user } = await openActivate();
    await chooseCredentials(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired or was already used/);
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  it('without a token, asks for the email link', async () => {
    server();
    await openActivate('/activate');
    expect(screen.getByRole('alert')).toHaveTextContent(/needs the link from your welcome email/);
  });
});
