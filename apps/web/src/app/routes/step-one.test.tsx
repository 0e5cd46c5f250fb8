import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import { mockFetch, on } from '@/test/fetch-mock';
import {
  fillStepOne,
  onGetSignup,
  PARENT,
  REGISTRATION_KEY,
  SIGNUP_ID,
  seedFunnel,
} from '@/test/join-fixtures';
import { renderApp } from '@/test/render-app';

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('/step1', () => {
  it('shows each field’s message beside it and in a summary whose links point at the fields', async () => {
    mockFetch();
    const { user } = await renderApp('/step1');
    await user.click(continueButton());

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeVisible();
    await waitFor(() => expect(summary).toHaveFocus());
    expect(document.title).toBe('Error: Create your parent account – CoParent Hub');

    const expected = [
      ['First name', 'Enter a first name', 'firstName'],
      ['Last name', 'Enter a last name', 'lastName'],
      ['Email address', 'Enter an email address', 'email'],
      ['Phone number', 'The phone number must be between 8 and 15 digits', 'phoneNumber'],
    ] as const;
    for (const [label, message, id] of expected) {
      const field = screen.getByRole('textbox', { name: label });
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      const link = within(summary).getByRole('link', { name: message });
      expect(link).toHaveAttribute('href', `#${id}`);
      expect(field).toHaveAttribute('id', id);
    }
    const radioMessage = "Tell us whether you know your co-parent's email address";
    expect(within(summary).getByRole('link', { name: radioMessage })).toHaveAttribute(
      'href',
      '#knowsCoParentEmail',
    );
    expect(
      screen.getByRole('group', { name: "Do you know your co-parent's email address?" }),
    ).toHaveAccessibleDescription(expect.stringContaining(radioMessage));

    await user.click(within(summary).getByRole('link', { name: 'Enter an email address' }));
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveFocus();
  });

  it('refuses emoji in names and an invalid email', async () => {
    mockFetch();
    const { user } = await renderApp('/step1');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana 😀');
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'ana@');
    await user.click(continueButton());
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
      expect.stringContaining('Names cannot contain emojis'),
    );
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
      expect.stringContaining('Invalid email address'),
    );
    // What was typed stays.
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana 😀');
  });

  it('lets only digits into the phone number', async () => {
    mockFetch();
    const { user } = await renderApp('/step1');
    const phone = screen.getByRole('textbox', { name: 'Phone number' });
    await user.type(phone, '(555) abc-12 34');
    expect(phone).toHaveValue('5551234');
    expect(phone).toHaveAttribute('inputmode', 'numeric');
  });

  it('creates the signup with the documented body and goes to /step2', async () => {
    const { calls } = mockFetch(
      on('POST', '/v2/signups', {
        status: 201,
        body: { signupId: SIGNUP_ID, registrationKey: REGISTRATION_KEY },
      }),
      onGetSignup(1),
    );
    const { user, router } = await renderApp('/step1');
    await fillStepOne(user, { firstName: 'Ana’s', lastName: ' García ' });
    await user.click(continueButton());

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invite your co-parent' }),
    ).toHaveFocus();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step2'));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      sections: ['PARENT'],
      parent: {
        firstName: "Ana's",
        lastName: 'García',
        email: PARENT.email,
        phoneCountryCode: 'US_CANADA',
        phoneNumber: PARENT.phoneNumber,
      },
      knowsCoParentEmail: true,
      parentDuplicateConfirmed: false,
      segmentAnonymousId: expect.any(String),
    });
    expect(post?.headers).toMatchObject({ language: 'en', 'accept-language': 'en' });
    const state = useFunnelStore.getState();
    expect(state).toMatchObject({
      signupId: SIGNUP_ID,
      registrationKey: REGISTRATION_KEY,
      lastCompletedStep: 1,
    });
  });

  it('updates the PARENT section when the signup already exists', async () => {
    seedFunnel(1);
    const { calls } = mockFetch(
      onGetSignup(1),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, { body: { validationErrors: [] } }),
    );
    const { user } = await renderApp('/step1');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue(PARENT.firstName);
    await user.click(continueButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invite your co-parent' }),
    ).toBeVisible();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.headers['x-registration-key']).toBe(REGISTRATION_KEY);
    expect(patch?.body).toMatchObject({ sections: ['PARENT'], parentDuplicateConfirmed: false });
  });

  it('goes to /duplicate with the name and email when the parent is a duplicate', async () => {
    mockFetch(
      on('POST', '/v2/signups', {
        status: 422,
        body: {
          validationErrors: [
            { field: 'parentDuplicate', text: 'It appears you are attempting…', type: 'DUPLICATE' },
          ],
        },
      }),
    );
    const { user, router } = await renderApp('/step1');
    await fillStepOne(user);
    await user.click(continueButton());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get connected to your co-parent' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicate'));
    expect(
      screen.getByText(
        'Ana, your co-parent may already have signed up, or an account may already exist for ana@example.com.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(/It appears you are attempting to create a duplicate user/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Recover your username or password' })).toHaveAttribute(
      'href',
      '/app/account/recover',
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/app/account/login',
    );
    expect(useFunnelStore.getState().stepOneValues).toBeUndefined();
  });

  it('shows other server validation errors beside their fields and in the summary', async () => {
    mockFetch(
      on('POST', '/v2/signups', {
        status: 422,
        body: {
          validationErrors: [
            { field: 'parent.email', text: 'That email address is already tied to an account.' },
            { field: 'somethingElse', text: 'Something else is not right.' },
          ],
        },
      }),
    );
    const { user, router } = await renderApp('/step1');
    await fillStepOne(user);
    await user.click(continueButton());
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: 'That email address is already tied to an account.',
      }),
    ).toHaveAttribute('href', '#email');
    expect(within(summary).getByText('Something else is not right.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription(
      expect.stringContaining('That email address is already tied to an account.'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
  });

  it('forgets a signup the server no longer knows and stays on /step1 with a message', async () => {
    seedFunnel(1);
    let getCalls = 0;
    mockFetch(
      on('GET', `/v2/signups/${SIGNUP_ID}`, () => {
        getCalls += 1;
        return { body: { signupId: SIGNUP_ID } };
      }),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, {
        status: 403,
        body: { code: 'REGISTRATION_KEY_INVALID', status: 403 },
      }),
    );
    const { user, router } = await renderApp('/step1');
    await user.click(continueButton());
    expect(await screen.findByText(/Your signup session has ended/)).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
    expect(useFunnelStore.getState().signupId).toBeUndefined();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue(PARENT.firstName);
    expect(getCalls).toBe(1);
  });

  it('shows a calm generic error and lets the person try again when the call fails', async () => {
    mockFetch(on('POST', '/v2/signups', { status: 500, body: { code: 'INTERNAL', status: 500 } }));
    const { user } = await renderApp('/step1');
    await fillStepOne(user);
    await user.click(continueButton());
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeVisible();
    expect(continueButton()).toBeEnabled();
  });

  it('keeps every typed value when the database is unavailable, and Try again sends them once it is back', async () => {
    let attempts = 0;
    const { calls } = mockFetch(
      on('POST', '/v2/signups', () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { code: 'DATABASE_UNAVAILABLE', status: 503 } }
          : { status: 201, body: { signupId: SIGNUP_ID, registrationKey: REGISTRATION_KEY } };
      }),
      onGetSignup(1),
    );
    const { user, router } = await renderApp('/step1');
    await fillStepOne(user);
    await user.click(continueButton());

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Something went wrong. Please try again.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue(PARENT.firstName);
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveValue(PARENT.lastName);
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue(PARENT.email);
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue(PARENT.countryCode);
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue(PARENT.phoneNumber);
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(router.state.location.pathname).toBe('/step1');

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invite your co-parent' }),
    ).toBeVisible();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
  });

  it('keeps what was typed across a reload', async () => {
    mockFetch();
    const { user, unmount } = await renderApp('/step1');
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Ana');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '5551234567');
    unmount();
    const { reloadFunnelFromStorage } = await import('@/test/join-fixtures');
    await reloadFunnelFromStorage();
    await renderApp('/step1');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('5551234567');
  });
});
