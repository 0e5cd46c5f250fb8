import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { storeInviteToken } from '@/stores/invite-token';
import { databaseUnavailableOnce, mockFetch, on, type RecordedCall } from '@/test/fetch-mock';
import {
  fakeInviteServer,
  INVITE_TOKEN,
  INVITED_USER_PATH,
  invitedContext,
} from '@/test/invite-fixtures';
import { onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const TITLE = 'Create your parent account';

/** Parent A gave the co-parent's name and email; the phone is still to come. */
function invited(reply?: Parameters<typeof fakeInviteServer>[1], context = {}) {
  storeInviteToken(INVITE_TOKEN);
  const server = fakeInviteServer(
    {
      context,
      user: {
        firstName: 'Bruno',
        lastName: 'López',
        email: 'bruno@example.com',
        phoneCountryCode: null,
        phoneNumber: null,
        lastCompletedStep: 0,
      },
    },
    reply,
  );
  const mock = mockFetch(...server.handlers, ...onPricingFor(US_PACKAGES, 'US'));
  return { server, ...mock };
}

const patches = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PATCH');

describe('/invite/step1', () => {
  it('starts from what the server knows and goes on to the packages', async () => {
    const { calls } = invited();
    const { user, router } = await renderApp('/invite/step1');
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    expect(await screen.findByLabelText('First name')).toHaveValue('Bruno');
    expect(screen.getByLabelText('Last name')).toHaveValue('López');
    expect(screen.getByLabelText('Email address')).toHaveValue('bruno@example.com');
    expect(screen.getByLabelText('Country code')).toHaveValue('US_CANADA');

    await user.type(screen.getByLabelText('Phone number'), '2125559876');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
    const [patch] = patches(calls);
    expect(patch?.url).toBe(INVITED_USER_PATH);
    expect(patch?.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);
    expect(patch?.headers.language).toBe('en');
    expect(patch?.body).toMatchObject({
      sections: ['PARENT'],
      parent: {
        userId: '11111111-1111-4111-8111-111111111111',
        firstName: 'Bruno',
        lastName: 'López',
        email: 'bruno@example.com',
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '2125559876',
      },
    });
  });

  it('goes to /invite/billing-info when the server says so (a paid subscription)', async () => {
    invited(undefined, { isSubscriptionCurrent: true, billingAddressComplete: false });
    const { user, router } = await renderApp('/invite/step1');
    await user.type(await screen.findByLabelText('Phone number'), '2125559876');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/billing-info'));
  });

  it("a professional's family: says there is nothing to pay and goes on to the credentials", async () => {
    invited(undefined, {
      userCreatedByPro: true,
      pro: { firstName: 'Patricia', lastName: 'Reyes' },
    });
    const { user, router } = await renderApp('/invite/step1');
    expect(
      await screen.findByText(
        "No payment needed: Patricia Reyes covers your subscription. After this step, you'll create your username and password.",
      ),
    ).toBeVisible();
    await user.type(await screen.findByLabelText('Phone number'), '2125559876');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));
  });

  it('checks the form before sending it', async () => {
    const { calls } = invited();
    const { user } = await renderApp('/invite/step1');
    await user.clear(await screen.findByLabelText('First name'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link')).toHaveLength(2);
    // Each line names its field, as the message beside it does.
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Enter a first name', 'The phone number must be between 8 and 15 digits']);
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(/first name/i);
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(patches(calls)).toHaveLength(0);
  });

  it('lists the server errors above the form and beside their fields', async () => {
    invited(() => ({
      status: 422,
      body: {
        validationErrors: [
          { field: 'parent.email', text: 'That email address is already tied to an account.' },
          { field: 'segmentIdentify', text: 'Something else is wrong.' },
        ],
      },
    }));
    const { user, router } = await renderApp('/invite/step1');
    await user.type(await screen.findByLabelText('Phone number'), '2125559876');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: 'That email address is already tied to an account.',
      }),
    ).toHaveAttribute('href', '#email');
    expect(within(summary).getByText('Something else is wrong.')).toBeVisible();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      /already tied to an account/,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/step1'));
    await waitFor(() => expect(document.title).toMatch(/^Error: /));
  });

  it('keeps what was typed over a reload', async () => {
    invited();
    const first = await renderApp('/invite/step1');
    const name = await screen.findByLabelText('First name');
    await first.user.clear(name);
    await first.user.type(name, 'Bru');
    await first.user.type(screen.getByLabelText('Phone number'), '212555');
    first.unmount();

    await renderApp('/invite/step1');
    expect(await screen.findByLabelText('First name')).toHaveValue('Bru');
    expect(screen.getByLabelText('Phone number')).toHaveValue('212555');
    expect(screen.getByLabelText('Email address')).toHaveValue('bruno@example.com');
  });

  it.each([
    ['403 INVITE_INVALID', { status: 403, body: { code: 'INVITE_INVALID', title: 'Forbidden' } }],
    ["'auth.fail.message'", { status: 401, body: { title: 'auth.fail.message' } }],
  ])('goes to /invite/request on %s', async (_name, answer) => {
    invited(() => answer);
    const { user, router } = await renderApp('/invite/step1');
    await user.type(await screen.findByLabelText('Phone number'), '2125559876');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Request a new invite link' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/request'));
  });

  it('a stale user id (403 INVITE_USER_MISMATCH) resets the flow and reloads step 1', async () => {
    const { calls } = invited(() => ({
      status: 403,
      body: { code: 'INVITE_USER_MISMATCH', title: 'Forbidden' },
    }));
    const { user, router } = await renderApp('/invite/step1');
    const name = await screen.findByLabelText('First name');
    await user.clear(name);
    await user.type(name, 'Typed');
    await user.type(screen.getByLabelText('Phone number'), '2125559876');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(/We reloaded your invitation/)).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/step1'));
    // The context and the user were read again; the form starts from the server's values.
    expect(await screen.findByLabelText('First name')).toHaveValue('Bruno');
    expect(calls.filter((call) => call.url === '/v2/invites/current').length).toBeGreaterThan(1);
  });

  it('shows the generic error when the save fails', async () => {
    invited(() => ({ status: 500 }));
    const { user, router } = await renderApp('/invite/step1');
    await user.type(await screen.findByLabelText('Phone number'), '2125559876');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(/Something went wrong/)).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/step1'));
  });

  it('keeps what was typed when the database is unavailable, and Try again sends it once it is back', async () => {
    const { calls } = invited(databaseUnavailableOnce('PATCH', INVITED_USER_PATH));
    const { user, router } = await renderApp('/invite/step1');
    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Bruna');
    await user.type(screen.getByLabelText('Phone number'), '2125559876');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Something went wrong. Please try again.')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveValue('Bruna');
    expect(screen.getByLabelText('Last name')).toHaveValue('López');
    expect(screen.getByLabelText('Email address')).toHaveValue('bruno@example.com');
    expect(screen.getByLabelText('Phone number')).toHaveValue('2125559876');
    expect(router.state.location.pathname).toBe('/invite/step1');

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
    const [first, second] = patches(calls);
    expect(patches(calls)).toHaveLength(2);
    expect(second?.body).toEqual(first?.body);
    expect(second?.body).toMatchObject({
      parent: { firstName: 'Bruna', phoneNumber: '2125559876' },
    });
  });

  it('goes to /invite/request when the invite is no longer valid on arrival', async () => {
    storeInviteToken(INVITE_TOKEN);
    mockFetch(
      on('GET', '/v2/invites/current', { body: invitedContext() }),
      on('GET', INVITED_USER_PATH, { status: 403, body: { code: 'INVITE_INVALID' } }),
    );
    const { router } = await renderApp('/invite/step1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/request'));
  });

  it('speaks Spanish, and sends the language with the save', async () => {
    await i18n.changeLanguage('es-MX');
    const { calls } = invited();
    const { user } = await renderApp('/invite/step1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Crea tu cuenta de padre o madre' }),
    ).toBeVisible();
    expect(
      await screen.findByText('Por favor, proporciona tu información de contacto.'),
    ).toBeVisible();
    await user.type(await screen.findByLabelText('Número de teléfono'), '2125559876');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]?.headers.language).toBe('es-MX');
  });
});
