import type { PricingResponse } from '@coparent/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import { readQueue } from '@/lib/analytics';
import { fullPage } from '@/lib/full-page';
import { i18n } from '@/lib/i18n';
import { storeAuth } from '@/stores/auth-storage';
import { CREDENTIALS_TOKEN, paymentResponse, priceFor, USER_ID } from '@/test/checkout-fixtures';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';
import { US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const PRICING = priceFor(US_PACKAGES, {
  address: { country: 'US', region: 'TX' },
  orderDetail: { packageId: 3003 },
}).body as PricingResponse;

function paid() {
  const { clickToJoinToken: _token, ...result } = paymentResponse(PRICING);
  useCheckoutStore.setState({ result, credentials: { token: CREDENTIALS_TOKEN, userId: USER_ID } });
}

function server({
  username = { body: { available: true, meetsRequirements: true } },
  credentials = { body: { userId: USER_ID, username: 'ana_lopez' } },
}: {
  username?: MockReply;
  credentials?: MockReply;
} = {}) {
  return mockFetch(
    on('GET', /^\/v2\/credentials\/username\?/, username),
    on('POST', '/v2/credentials', credentials),
    on('POST', '/v2/login', {
      body: { url: '/app/account/', redirectUrl: '/app/account/', auth: true, userId: USER_ID },
    }),
  );
}

const state = { credentialsToken: CREDENTIALS_TOKEN, userId: USER_ID };
const submit = () => screen.getByRole('button', { name: 'Complete Signup' });
const rule = (name: string) =>
  screen.getAllByRole('listitem').find((item) => item.textContent?.includes(name)) as HTMLElement;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/credentials', () => {
  it('goes to the account home by a full page load without a credentials token', async () => {
    // Someone already logged in in this tab: nothing to finish here.
    storeAuth(USER_ID);
    const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
    await renderApp('/credentials');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/account/'));
  });

  it('says the order is confirmed, checks the password live, and shows or hides it', async () => {
    paid();
    server();
    const { user } = await renderApp('/credentials', { state });
    expect(await screen.findByRole('heading', { level: 1, name: 'Almost there...' })).toBeVisible();
    expect(
      screen.getByText('Your order is confirmed. We sent your receipt to ana@example.com.'),
    ).toBeVisible();
    expect(submit()).toBeDisabled();
    expect(rule('12 to 25 characters')).toHaveTextContent('not yet');

    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc1');
    expect(rule('12 to 25 characters')).toHaveTextContent('not yet');
    expect(rule('at least 1 letter')).toHaveTextContent('done');
    expect(rule('at least 1 number')).toHaveTextContent('done');
    expect(rule('at least 1 special character')).toHaveTextContent('not yet');
    await user.type(password, 'defghij!');
    expect(rule('12 to 25 characters')).toHaveTextContent('done');
    expect(rule('at least 1 special character')).toHaveTextContent('done');
    // The checklist describes the field.
    expect(password.getAttribute('aria-describedby')).toBeTruthy();

    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Hide password');
    expect(password).toHaveAttribute('type', 'text');
    // Still no username: Complete Signup waits.
    expect(submit()).toBeDisabled();
  });

  it('checks the username with the server when it is left', async () => {
    paid();
    const { calls } = server({ username: { body: { available: false, meetsRequirements: true } } });
    const { user } = await renderApp('/credentials', { state });
    const username = await screen.findByRole('textbox', { name: 'Username' });
    expect(username).toHaveAttribute('maxlength', '30');
    await user.type(username, 'ana_lopez');
    await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-7421!');
    await user.click(screen.getByLabelText('Password'));
    expect(await screen.findByText('This username cannot be used')).toBeVisible();
    expect(submit()).toBeDisabled();
    const check = calls.find((call) => call.url.startsWith('/v2/credentials/username'));
    expect(check?.url).toBe('/v2/credentials/username?username=ana_lopez');
    expect(check?.headers.authorization).toBe(`Bearer ${CREDENTIALS_TOKEN}`);
  });

  it('says when a username does not meet the requirements', async () => {
    paid();
    server({ username: { body: { available: false, meetsRequirements: false } } });
    const { user } = await renderApp('/credentials', { state });
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ana_lopez');
    await user.tab();
    expect(
      await screen.findByText(
        'Your username does not meet requirements. Only letters, numbers, underscores, commas, hyphens, periods, at signs, and apostrophes allowed.',
      ),
    ).toBeVisible();
  });

  it('refuses a password that is the username, beside the field', async () => {
    paid();
    server();
    const { user } = await renderApp('/credentials', { state });
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ana.lopez.2025');
    await user.type(screen.getByLabelText('Password'), 'ana.lopez.2025');
    await user.tab();
    const message = await screen.findByText('Your password cannot be the same as your username');
    expect(message.closest('div')?.querySelector('input')).toHaveAttribute('id', 'password');
    expect(submit()).toBeDisabled();
  });

  it('ticks every rule, "not your username" and "not your email" too, so a refused password says why', async () => {
    paid();
    server();
    const { user } = await renderApp('/credentials', { state });
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ana.lopez.2025');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'ana.lopez.2025');
    for (const met of ['12 to 25', 'at least 1 letter', 'at least 1 number', 'special character']) {
      expect(rule(met)).toHaveTextContent('done');
    }
    expect(rule('to leave out your username')).toHaveTextContent('not yet');
    expect(rule('to leave out your email address')).toHaveTextContent('done');
    expect(submit()).toBeDisabled();

    await user.clear(password);
    await user.type(password, 'ana@example.com');
    expect(rule('to leave out your username')).toHaveTextContent('done');
    expect(rule('to leave out your email address')).toHaveTextContent('not yet');
  });

  it("sets the credentials, logs in, says you're all set and opens the receipt after 5 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    paid();
    const { calls } = server();
    const { user, router } = await renderApp('/credentials', { state });
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ana_lopez');
    await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-7421!');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByRole('heading', { level: 1, name: "You're all set!" })).toBeVisible();
    expect(
      screen.getByText("Your account is ready. We'll take you to your receipt in 5 seconds."),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'Go to your receipt now' })).toBeVisible();
    const set = calls.find((call) => call.url === '/v2/credentials');
    expect(set?.headers.authorization).toBe(`Bearer ${CREDENTIALS_TOKEN}`);
    expect(set?.body).toEqual({ username: 'ana_lopez', password: 'Quiet-Harbor-7421!' });
    expect(calls.find((call) => call.url === '/v2/login')?.body).toEqual({
      username: 'ana_lopez',
      password: 'Quiet-Harbor-7421!',
      submit: 'Sign In',
      eventId: 'submit',
    });
    expect(window.sessionStorage.getItem('coparent.auth')).toBe('true');
    expect(window.sessionStorage.getItem('coparent.userId')).toBe(USER_ID);
    // Parent A is identified: their later events carry the user id.
    expect(readQueue()).toContainEqual(
      expect.objectContaining({
        type: 'identify',
        userId: USER_ID,
        traits: { accountType: 'Parent A' },
      }),
    );
    expect(useCheckoutStore.getState()).toMatchObject({
      hasSetCredentials: true,
      credentials: undefined,
    });

    act(() => vi.advanceTimersByTime(4_900));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credentials'));
    act(() => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/receipt'));
  });

  it('says something went wrong when the credentials cannot be set', async () => {
    paid();
    server({ credentials: { status: 500 } });
    const { user } = await renderApp('/credentials', { state });
    await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ana_lopez');
    await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-7421!');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Something went wrong with your request. Please try again later.'),
    ).toBeVisible();
    expect(submit()).toBeEnabled();
  });

  it('still works after a reload in the same tab (the token is in the session store)', async () => {
    paid();
    server();
    await renderApp('/credentials');
    expect(await screen.findByRole('heading', { level: 1, name: 'Almost there...' })).toBeVisible();
  });
});

describe('/credentials: guessable passwords are refused beside the field', () => {
  const EMAIL = 'ana.garcia7@example.com';

  /** Paid, with an email whose local part is long enough to be looked for in a password. */
  function paidAs(email: string) {
    const { clickToJoinToken: _token, ...result } = paymentResponse(PRICING);
    result.registration.parent.email = email;
    result.receipt.email = email;
    useCheckoutStore.setState({
      result,
      credentials: { token: CREDENTIALS_TOKEN, userId: USER_ID },
    });
  }

  type Labels = { username: string; password: string; submit: string };
  const EN: Labels = { username: 'Username', password: 'Password', submit: 'Complete Signup' };
  const ES: Labels = {
    username: 'Nombre de usuario',
    password: 'Contraseña',
    submit: 'Completar registro',
  };

  /**
   * Types the username and the password, leaves the password, and checks that the message is the
   * password field's own error, that Complete Signup stays disabled and that Enter sends nothing;
   * then a good password clears the message and enables it (so it was the password, nothing else).
   */
  async function expectRefused(
    { username, password, message }: { username: string; password: string; message: string },
    labels: Labels = EN,
  ) {
    paidAs(EMAIL);
    const { calls } = server();
    const { user } = await renderApp('/credentials', { state });
    await user.type(await screen.findByRole('textbox', { name: labels.username }), username);
    const field = screen.getByLabelText(labels.password);
    await user.type(field, password);
    await user.tab();

    const error = await waitFor(() => {
      const element = document.getElementById('password-error');
      expect(element).not.toBeNull();
      return element as HTMLElement;
    });
    expect(error).toHaveTextContent(message);
    expect(error).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain('password-error');
    // Nothing else is wrong with the username.
    expect(document.getElementById('username-error')).toBeNull();
    const button = screen.getByRole('button', { name: labels.submit });
    expect(button).toBeDisabled();
    await user.click(field);
    await user.keyboard('{Enter}');
    expect(calls.some((call) => call.url === '/v2/credentials')).toBe(false);

    await user.clear(field);
    await user.type(field, 'Quiet-Harbor-7421!');
    await waitFor(() => expect(document.getElementById('password-error')).toBeNull());
    await waitFor(() => expect(button).toBeEnabled());
  }

  it.each([
    {
      what: 'a common password from the list',
      username: 'ana_lopez',
      password: 'Password123!',
      message: 'This password is too common. Choose one that is harder to guess.',
    },
    {
      what: 'a common word dressed up with symbols and digits',
      username: 'ana_lopez',
      password: 'Sunsh1ne-2025!',
      message: 'This password is too common. Choose one that is harder to guess.',
    },
    {
      what: 'a password that contains the username',
      username: 'harbor_ana',
      password: 'Harbor.Ana-2025!',
      message: 'Your password cannot contain your username',
    },
    {
      what: 'a password that contains the email',
      username: 'ana_lopez',
      password: 'AnaGarcia7#Blue',
      message: 'Your password cannot contain your email address',
    },
    {
      what: 'a password that is the email',
      username: 'ana_lopez',
      password: EMAIL,
      message: 'Your password cannot be the same as your email',
    },
  ])('refuses $what, and Complete Signup stays disabled', async (example) => {
    await expectRefused(example);
  });

  it('refuses a common password in Spanish (es-MX)', async () => {
    await i18n.changeLanguage('es-MX');
    await expectRefused(
      {
        username: 'ana_lopez',
        password: 'Password123!',
        message: 'Esta contraseña es demasiado común. Elige una más difícil de adivinar.',
      },
      ES,
    );
  });

  it('says a password built from the email is refused in Spanish (es-MX)', async () => {
    await i18n.changeLanguage('es-MX');
    await expectRefused(
      {
        username: 'ana_lopez',
        password: 'AnaGarcia7#Blue',
        message: 'Tu contraseña no puede contener tu correo electrónico',
      },
      ES,
    );
  });

  it('says a password built from the username is refused in Spanish (es-MX)', async () => {
    await i18n.changeLanguage('es-MX');
    await expectRefused(
      {
        username: 'harbor_ana',
        password: 'Harbor.Ana-2025!',
        message: 'Tu contraseña no puede contener tu nombre de usuario',
      },
      ES,
    );
  });

  describe('without the tab that paid', () => {
    const LINK_TOKEN = 'emailed-link-token-0123456789abcdef';

    it('says a link was emailed instead of sending the person to the login (en)', async () => {
      const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
      await renderApp('/credentials');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Check your email' }),
      ).toBeVisible();
      expect(
        screen.getByText(/We emailed you a link to create your username and password/),
      ).toBeVisible();
      expect(
        within(screen.getByRole('main')).getByRole('link', { name: 'Log in' }),
      ).toHaveAttribute('href', '/app/account/login');
      expect(assign).not.toHaveBeenCalled();
      expect(document.title).toContain('Check your email');
    });

    it('says a link was emailed, in Spanish (es-MX)', async () => {
      await i18n.changeLanguage('es-MX');
      try {
        await renderApp('/credentials');
        expect(
          await screen.findByRole('heading', { level: 1, name: 'Revisa tu correo' }),
        ).toBeVisible();
        expect(screen.getByText(/Te enviamos por correo un enlace/)).toBeVisible();
        expect(screen.getByRole('link', { name: 'Inicia sesión' })).toBeVisible();
      } finally {
        await i18n.changeLanguage('en');
      }
    });

    it('sets the credentials with the emailed link, takes it out of the address, then goes to the account', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
      const { calls } = server();
      const { user, router } = await renderApp(`/credentials?token=${LINK_TOKEN}`);
      await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ana_lopez');
      await waitFor(() => expect(router.state.location.search).toBe(''));
      await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-7421!');
      await waitFor(() => expect(submit()).toBeEnabled());
      await user.click(submit());

      expect(
        await screen.findByRole('heading', { level: 1, name: "You're all set!" }),
      ).toBeVisible();
      expect(
        screen.getByText("Your account is ready. We'll take you to your account in 5 seconds."),
      ).toHaveAttribute('role', 'status');
      expect(screen.getByRole('link', { name: 'Go to your account now' })).toHaveAttribute(
        'href',
        '/app/account/',
      );
      const set = calls.find((call) => call.url === '/v2/credentials');
      expect(set?.headers.authorization).toBe(`Bearer ${LINK_TOKEN}`);
      expect(window.sessionStorage.getItem('coparent.auth')).toBe('true');
      expect(JSON.stringify(window.sessionStorage)).not.toContain(LINK_TOKEN);

      act(() => vi.advanceTimersByTime(5_100));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/account/'));
    });

    it('says when the emailed link has expired or was used', async () => {
      server({ credentials: { status: 401, body: { code: 'CREDENTIALS_TOKEN_INVALID' } } });
      const { user } = await renderApp(`/credentials?token=${LINK_TOKEN}`);
      await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ana_lopez');
      await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-7421!');
      await waitFor(() => expect(submit()).toBeEnabled());
      await user.click(submit());
      const alert = await screen.findByRole('alert');
      expect(
        within(alert).getByText(/This link has expired or has already been used/),
      ).toBeVisible();
      expect(within(alert).getByRole('link', { name: 'Log in' })).toBeVisible();
    });

    it('when the tab’s token fails, says the link was emailed too', async () => {
      paid();
      server({ credentials: { status: 500 } });
      const { user } = await renderApp('/credentials', { state });
      await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'ana_lopez');
      await user.type(screen.getByLabelText('Password'), 'Quiet-Harbor-7421!');
      await waitFor(() => expect(submit()).toBeEnabled());
      await user.click(submit());
      const alert = await screen.findByRole('alert');
      expect(
        within(alert).getByText(/We also emailed you a link to create your username and password/),
      ).toBeVisible();
    });
  });
});
