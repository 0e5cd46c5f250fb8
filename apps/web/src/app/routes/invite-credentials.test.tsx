import type { InvitedContext, PricingResponse } from '@coparent/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPage } from '@/lib/full-page';
import { i18n } from '@/lib/i18n';
import { saveInvitePaymentResult } from '@/stores/invite-payment-result';
import { storeInviteToken } from '@/stores/invite-token';
import { CREDENTIALS_TOKEN, paymentResponse, priceFor } from '@/test/checkout-fixtures';
import {
  databaseUnavailableOnce,
  type Handler,
  type MockReply,
  mockFetch,
  on,
} from '@/test/fetch-mock';
import { INVITE_TOKEN, invitedContext, invitedUser } from '@/test/invite-fixtures';
import { US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const USER = '11111111-1111-4111-8111-111111111111';
const MINTED_TOKEN = 'minted-credentials-token-abcdefghijklmnopqrstu';
const PASSWORD = 'Quiet-Harbor-7421!';

/** The invited payment's answer, as /invite/payment hands it over. */
function paidHere() {
  const pricing = priceFor(US_PACKAGES, {
    address: { country: 'US', region: 'TX' },
    orderDetail: { packageId: 3003 },
  }).body as PricingResponse;
  const { receipt, registration } = paymentResponse(pricing);
  saveInvitePaymentResult(
    {
      userId: USER,
      receipt: { ...receipt, email: 'luis@example.com' },
      registration: {
        ...registration,
        parent: { ...registration.parent, email: 'luis@example.com', userId: USER },
      },
    },
    CREDENTIALS_TOKEN,
  );
}

function server({
  context = {},
  user = {},
  mint = { body: { clickToJoinToken: MINTED_TOKEN, expiresAt: '2025-05-01T16:00:00.000Z' } },
  terms = { body: { agreedToTerms: true } },
  patch = {
    body: { validationErrors: [], lastCompletedStep: 2, nextPath: null, consentRequired: false },
  },
  credentials = { body: { userId: USER, username: 'luis_garcia' } },
  first = [],
}: {
  context?: Partial<InvitedContext>;
  user?: Parameters<typeof invitedUser>[0];
  mint?: MockReply;
  terms?: MockReply;
  patch?: MockReply;
  credentials?: MockReply;
  /** Handlers that answer before the usual ones (e.g. a failure once). */
  first?: Handler[];
} = {}) {
  storeInviteToken(INVITE_TOKEN);
  return mockFetch(
    ...first,
    on('GET', '/v2/invites/current', {
      body: invitedContext({
        isSubscriptionCurrent: true,
        billingAddressComplete: true,
        ...context,
      }),
    }),
    on('GET', `/v2/users/${USER}`, { body: invitedUser(user) }),
    on('POST', `/v2/users/${USER}/credentials-token`, mint),
    on('POST', `/v2/users/${USER}/terms`, terms),
    on('PUT', `/v2/users/${USER}/marketing-opt-in`, { body: { marketingOptIn: true } }),
    on('PATCH', `/v2/users/${USER}`, patch),
    on('GET', /^\/v2\/credentials\/username\?/, {
      body: { available: true, meetsRequirements: true },
    }),
    on('POST', '/v2/credentials', credentials),
  );
}

const submit = () => screen.getByRole('button', { name: 'Complete Signup' });
const heading = () => screen.findByRole('heading', { level: 1, name: 'Almost there...' });

type User = Awaited<ReturnType<typeof renderApp>>['user'];

/** Types into a field at once (a paste), so the long form fills quickly. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillEverything(user: User, { terms = true }: { terms?: boolean } = {}) {
  await fill(user, screen.getByRole('textbox', { name: /^Username/ }), 'luis_garcia');
  await fill(user, screen.getByLabelText('Password'), PASSWORD);
  await user.selectOptions(
    screen.getByRole('combobox', { name: 'How did you first hear about us?' }),
    'OTHER',
  );
  await fill(
    user,
    await screen.findByRole('textbox', { name: 'Please tell us where you heard about us' }),
    'A podcast',
  );
  await fill(user, screen.getByRole('textbox', { name: /^Security question/ }), 'First pet name?');
  await fill(user, screen.getByRole('textbox', { name: /^Security answer/ }), 'Rex the dog');
  await fill(user, screen.getByRole('textbox', { name: /^4-digit security code/ }), '4321');
  await fill(user, screen.getByRole('textbox', { name: 'Confirm security code' }), '4321');
  if (terms) await user.click(screen.getByRole('checkbox', { name: /I agree to the/ }));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

// The form is long: each test renders the whole app and fills it.
describe('/invite/credentials', () => {
  it('goes to the account home by a full page load without an invite token', async () => {
    const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
    await renderApp('/invite/credentials');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/account/'));
  });

  it.each(['/invite/payment', '/invite/packages', '/invite/choose-your-own'])(
    "a professional's family opening %s goes on to the credentials, told who covers the subscription",
    async (path) => {
      const { calls } = server({
        context: {
          isSubscriptionCurrent: false,
          billingAddressComplete: false,
          userCreatedByPro: true,
          pro: { firstName: 'Patricia', lastName: 'Reyes' },
          lastCompletedStep: 1,
        },
      });
      const { router } = await renderApp(path);
      await heading();
      expect(router.state.location.pathname).toBe('/invite/credentials');
      expect(
        screen.getByText(
          "Patricia Reyes covers your subscription: there's nothing for you to pay.",
        ),
      ).toBeVisible();
      expect(screen.queryByText('Your subscription is already paid for.')).toBeNull();
      // Nothing was priced, chosen or paid on the way.
      expect(
        calls.filter((call) => call.method !== 'GET' && !call.url.endsWith('/credentials-token')),
      ).toEqual([]);
      expect(calls.filter((call) => /pricing|packages|client-token/.test(call.url))).toEqual([]);
    },
  );

  it('tells a Spanish speaker that ¿ and ¡ are allowed in the security question and answer', async () => {
    await i18n.changeLanguage('es-MX');
    server();
    await renderApp('/invite/credentials');
    await screen.findByRole('heading', { level: 1, name: 'Ya casi terminas...' });
    for (const name of [/^Pregunta de seguridad/, /^Respuesta de seguridad/]) {
      expect(screen.getByRole('textbox', { name })).toHaveAccessibleDescription(
        expect.stringContaining('espacios y ¿ ? ¡ - , . ;'),
      );
    }
  });

  it('checks every field with the domain rules first and lists the problems in page order', async () => {
    const { calls } = server();
    const { user } = await renderApp('/invite/credentials');
    await heading();
    expect(screen.getByText('Your subscription is already paid for.')).toBeVisible();
    // The co-parent's codes accept 4 digits at most, digits only.
    const code = screen.getByRole('textbox', { name: /^4-digit security code/ });
    expect(code).toHaveAttribute('maxlength', '4');
    await user.type(code, '12ab');
    expect(code).toHaveValue('12');

    await user.click(submit());
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(links).toEqual([
      '#credentials-username',
      '#credentials-password',
      '#referral-selection',
      '#security-securityQuestion',
      '#security-securityAnswer',
      '#security-securityCode',
      '#security-confirmCode',
      '#consent-terms',
    ]);
    // Every line names its field, as the message beside the field does.
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Enter a username',
      'Enter a password',
      'Select how you heard about us',
      'The security question must be between 5 and 100 characters',
      'The answer must be between 5 and 100 characters',
      'The security code must be exactly 4 digits',
      'Security codes do not match',
      'You must accept the Terms of Use',
    ]);
    await waitFor(() => expect(document.title).toMatch(/^Error: /));
    expect(
      calls.filter((call) => call.method !== 'GET' && !call.url.endsWith('/credentials-token')),
    ).toEqual([]);
  });

  it('shows Complete Signup disabled, with the reason, until every field is right', async () => {
    server();
    const { user } = await renderApp('/invite/credentials');
    await heading();
    const hint =
      "Complete Signup is available once every field above is filled in. Select it to see what's missing.";
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
    expect(submit()).toHaveAccessibleDescription(hint);
    expect(screen.getByText(hint)).toBeVisible();

    await fillEverything(user);
    await waitFor(() => expect(submit()).not.toHaveAttribute('aria-disabled'));
    expect(submit()).toBeEnabled();
    expect(screen.queryByText(hint)).toBeNull();

    // A password that is the username makes it wait again.
    await user.clear(screen.getByLabelText('Password'));
    await user.paste('luis_garcia');
    expect(submit()).toHaveAttribute('aria-disabled', 'true');
  });

  it('asks for the follow-up text for OTHER, COURT_ORDERED and REFERRED_FL only', async () => {
    server();
    const { user } = await renderApp('/invite/credentials');
    await heading();
    const referral = screen.getByRole('combobox', {
      name: 'How did you first hear about us?',
    });
    await user.selectOptions(referral, 'SEARCH_ENGINE');
    expect(screen.queryByRole('textbox', { name: 'Which court or judge ordered it?' })).toBeNull();
    await user.selectOptions(referral, 'COURT_ORDERED');
    expect(
      await screen.findByRole('textbox', { name: 'Which court or judge ordered it?' }),
    ).toBeVisible();
    await user.click(submit());
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Tell us more about how you heard about us')).toBeVisible();
  });

  it('places the terms below the form for a US address and inside it elsewhere', async () => {
    server();
    const first = await renderApp('/invite/credentials');
    await heading();
    const terms = screen.getByRole('checkbox', { name: /I agree to the/ });
    const confirm = screen.getByRole('textbox', { name: 'Confirm security code' });
    expect(confirm.compareDocumentPosition(terms) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Send me tips/ })).not.toBeChecked();
    first.unmount();

    server({
      context: { address: { country: 'GB' } },
      user: { address: { ...invitedUser().address, country: 'GB' } },
    });
    await renderApp('/invite/credentials');
    await heading();
    const inside = screen.getByRole('checkbox', { name: /I agree to the/ });
    const referral = screen.getByRole('combobox', {
      name: 'How did you first hear about us?',
    });
    expect(
      inside.compareDocumentPosition(referral) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(inside.closest('fieldset')).toHaveAccessibleName('Your login');
  });

  it('hides the terms and marketing boxes once the terms are agreed', async () => {
    server({ context: { agreedToTerms: true } });
    await renderApp('/invite/credentials');
    await heading();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('Parent A paid: a credentials token is asked for, then terms → marketing → security → credentials, then the account home after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
    const { calls } = server();
    const { user } = await renderApp('/invite/credentials');
    await heading();
    await fillEverything(user);
    await user.click(screen.getByRole('checkbox', { name: /Send me tips/ }));
    await user.click(submit());

    const done = await screen.findByRole('heading', { level: 1, name: "You're all set!" });
    expect(done).toHaveFocus();
    expect(
      screen.getByText("Your account is ready. We'll take you to your account in 5 seconds."),
    ).toHaveAttribute('role', 'status');
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST /v2/users/${USER}/credentials-token`,
      `POST /v2/users/${USER}/terms`,
      `PUT /v2/users/${USER}/marketing-opt-in`,
      `PATCH /v2/users/${USER}`,
      'POST /v2/credentials',
    ]);
    for (const call of writes.slice(0, 4)) {
      expect(call.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);
    }
    expect(writes[2]?.body).toBe(true);
    expect(writes[3]?.body).toEqual({
      sections: ['REFERRAL', 'SECURITY_QUESTION', 'SECURITY_CODE'],
      referral: { selection: 'OTHER', other: 'A podcast' },
      securityQuestion: 'First pet name?',
      securityAnswer: 'Rex the dog',
      securityCode: '4321',
      confirmCode: '4321',
    });
    expect(writes[4]?.headers.authorization).toBe(`Bearer ${MINTED_TOKEN}`);
    expect(writes[4]?.body).toEqual({ username: 'luis_garcia', password: PASSWORD });
    const check = calls.find((call) => call.url.startsWith('/v2/credentials/username'));
    expect(check?.headers.authorization).toBe(`Bearer ${MINTED_TOKEN}`);

    act(() => vi.advanceTimersByTime(4_900));
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(assign).toHaveBeenCalledWith('/app/account/');
    // The invited flow is forgotten in this tab.
    expect(window.sessionStorage.getItem('coparent.inviteToken')).toBeNull();
    expect(window.sessionStorage.getItem('coparent.inviteCredentialsDraft')).toBeNull();
  });

  it('after the invited payment: its credentials token, no terms call when agreed, and the receipt after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    paidHere();
    const { calls } = server({ context: { agreedToTerms: true } });
    const { user, router } = await renderApp('/invite/credentials');
    await heading();
    expect(
      screen.getByText('Your order is confirmed. We sent your receipt to luis@example.com.'),
    ).toBeVisible();
    await fillEverything(user, { terms: false });
    await user.click(submit());
    expect(await screen.findByRole('heading', { level: 1, name: "You're all set!" })).toBeVisible();
    expect(calls.map((call) => call.url)).not.toContain(`/v2/users/${USER}/credentials-token`);
    expect(calls.map((call) => call.url)).not.toContain(`/v2/users/${USER}/terms`);
    expect(calls.map((call) => call.url)).not.toContain(`/v2/users/${USER}/marketing-opt-in`);
    expect(calls.find((call) => call.url === '/v2/credentials')?.headers.authorization).toBe(
      `Bearer ${CREDENTIALS_TOKEN}`,
    );
    // The single-use token is gone; the receipt still has the payment result.
    expect(window.sessionStorage.getItem('coparent.inviteCredentialsToken')).toBeNull();
    expect(window.sessionStorage.getItem('coparent.invitePaymentResult')).not.toBeNull();

    act(() => vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/receipt'));
  });

  it('says the terms could not be agreed and sends nothing else; what was typed stays', async () => {
    const { calls } = server({ terms: { status: 500 } });
    const { user } = await renderApp('/invite/credentials');
    await heading();
    await fillEverything(user);
    await user.click(submit());
    expect(
      await screen.findByText("We couldn't record that you agreed to the terms. Please try again."),
    ).toBeVisible();
    expect(calls.map((call) => call.method)).not.toContain('PATCH');
    expect(calls.map((call) => call.url)).not.toContain('/v2/credentials');
    expect(screen.getByRole('textbox', { name: /^Username/ })).toHaveValue('luis_garcia');
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
  });

  it('shows the server’s security errors beside their fields', async () => {
    server({
      patch: {
        status: 422,
        body: {
          validationErrors: [
            { field: 'securityAnswer', text: 'Your answer cannot be the same as your question' },
          ],
        },
      },
    });
    const { user } = await renderApp('/invite/credentials');
    await heading();
    await fillEverything(user);
    await user.click(submit());
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link')).toHaveAttribute('href', '#security-securityAnswer');
    expect(screen.getByRole('textbox', { name: /^Security answer/ })).toHaveAccessibleDescription(
      /Your answer cannot be the same as your question/,
    );
  });

  it('says something went wrong when the credentials cannot be set, and the second try skips the terms', async () => {
    const { calls } = server({ credentials: { status: 500 } });
    const { user } = await renderApp('/invite/credentials');
    await heading();
    await fillEverything(user);
    await user.click(submit());
    expect(
      await screen.findByText('Something went wrong with your request. Please try again later.'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Security question/ })).toHaveValue(
      'First pet name?',
    );
    await user.click(submit());
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/v2/credentials')).toHaveLength(2),
    );
    expect(calls.filter((call) => call.url.endsWith('/terms'))).toHaveLength(1);
  });

  it('keeps what was typed when the database is unavailable, and Try again completes the signup once it is back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    paidHere();
    const { calls } = server({
      context: { agreedToTerms: true },
      first: [databaseUnavailableOnce('PATCH', `/v2/users/${USER}`)],
    });
    const { user, router } = await renderApp('/invite/credentials');
    await heading();
    await fillEverything(user, { terms: false });
    await user.click(submit());

    const banner = await screen.findByRole('alert');
    expect(
      within(banner).getByText('Something went wrong with your request. Please try again later.'),
    ).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Username/ })).toHaveValue('luis_garcia');
    expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD);
    expect(screen.getByRole('textbox', { name: /^Security question/ })).toHaveValue(
      'First pet name?',
    );
    expect(screen.getByRole('textbox', { name: /^Security answer/ })).toHaveValue('Rex the dog');
    expect(calls.map((call) => call.url)).not.toContain('/v2/credentials');

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: "You're all set!" })).toBeVisible();
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(patches[1]?.body).toEqual(patches[0]?.body);
    expect(calls.find((call) => call.url === '/v2/credentials')?.body).toEqual({
      username: 'luis_garcia',
      password: PASSWORD,
    });
    act(() => vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/receipt'));
  });

  it('goes to /invite/request when the invite has expired (403)', async () => {
    server({ patch: { status: 403, body: { code: 'INVITE_INVALID', title: 'Invite invalid' } } });
    const { user, router } = await renderApp('/invite/credentials');
    await heading();
    await fillEverything(user);
    await user.click(submit());
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/request'));
  });

  it('goes to the account home when the credentials are already set (409)', async () => {
    const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
    server({
      mint: { status: 409, body: { code: 'CREDENTIALS_ALREADY_SET', title: 'Already set' } },
    });
    await renderApp('/invite/credentials');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/account/'));
  });

  it('sends someone who has not paid back to the payment steps', async () => {
    server({ context: { isSubscriptionCurrent: false, lastCompletedStep: 1 } });
    const { router } = await renderApp('/invite/credentials');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
  });

  it('keeps the username, referral, question and boxes over a reload, never the secrets', async () => {
    server();
    const first = await renderApp('/invite/credentials');
    await heading();
    await fillEverything(first.user);
    first.unmount();

    server();
    await renderApp('/invite/credentials');
    await heading();
    expect(screen.getByRole('textbox', { name: /^Username/ })).toHaveValue('luis_garcia');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'How did you first hear about us?' })).toHaveValue(
      'OTHER',
    );
    expect(screen.getByRole('textbox', { name: /^Security question/ })).toHaveValue(
      'First pet name?',
    );
    expect(screen.getByRole('textbox', { name: /^Security answer/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /^4-digit security code/ })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();
    const stored = window.sessionStorage.getItem('coparent.inviteCredentialsDraft') ?? '';
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain('Rex the dog');
    expect(stored).not.toContain('4321');
  });
});
