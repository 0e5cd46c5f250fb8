import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProStore } from '@/features/pro/pro-store';
import { readQueue } from '@/lib/analytics';
import { i18n } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch-mock';
import {
  fillProStepOne,
  fillProStepThree,
  onProCreate,
  onProLookups,
  onProTimeZones,
  onProValidator,
  PRO_USER,
  PRO_VALUES,
  reloadProFromStorage,
  seedPro,
} from '@/test/pro-fixtures';
import { renderApp } from '@/test/render-app';

const button = (name: string) => screen.getByRole('button', { name });
const textbox = (name: string | RegExp) => screen.getByRole('textbox', { name });
const combobox = (name: string | RegExp) => screen.getByRole('combobox', { name });
const stepHeading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });
/** The error summary's lines, as read. */
const summaryLines = () =>
  within(screen.getByRole('alert'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const events = () => readQueue().map((event) => (event.type === 'track' ? event.event : ''));

async function renderPro() {
  const utils = await renderApp('/pro');
  await stepHeading(/About you/);
  await screen.findByRole('textbox', { name: 'First name' });
  return utils;
}

describe('/pro step 1', () => {
  it('lists the required fields beside each field and in the summary, without asking the server', async () => {
    const { calls } = mockFetch(onProLookups(), onProValidator());
    const { user } = await renderPro();
    await user.click(button('Continue'));

    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(document.title).toBe(
      'Error: Step 1 of 3: About you – Professional registration – CoParent Hub',
    );
    const expected = [
      [textbox('First name'), 'Enter a first name', 'firstName'],
      [textbox('Last name'), 'Enter a last name', 'lastName'],
      [textbox(/^Email address/), 'Enter an email address', 'email'],
      [textbox('Phone number'), 'The phone number must be between 8 and 15 digits', 'phoneNumber'],
      [combobox('How did you hear about us?'), 'Select how you heard about us', 'hearAboutUs'],
    ] as const;
    for (const [field, message, id] of expected) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
        'href',
        `#${id}`,
      );
    }
    // Optional fields are not flagged.
    expect(combobox(/^Title/)).not.toHaveAttribute('aria-invalid');
    expect(textbox(/^Extension/)).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows the referral follow-ups for the chosen answer, and Other holds at most 200 characters', async () => {
    const { calls } = mockFetch(onProLookups(), onProValidator());
    const { user } = await renderPro();
    await fillProStepOne(user);
    const source = combobox('How did you hear about us?');

    await user.selectOptions(source, 'A bench officer');
    expect(textbox("Bench officer's name")).toBeVisible();
    expect(combobox("Bench officer's position")).toBeVisible();
    await user.click(button('Continue'));
    expect(textbox("Bench officer's name")).toHaveAccessibleDescription(
      expect.stringContaining("Enter the bench officer's name"),
    );
    expect(combobox("Bench officer's position")).toHaveAccessibleDescription(
      expect.stringContaining("Select the bench officer's position"),
    );

    await user.selectOptions(source, 'Referred by a colleague');
    expect(screen.queryByRole('textbox', { name: "Bench officer's name" })).toBeNull();
    expect(textbox("Colleague's name")).toBeVisible();
    expect(combobox("Colleague's role")).toBeVisible();
    // The hidden answer's messages went with it.
    expect(screen.queryByRole('link', { name: "Enter the bench officer's name" })).toBeNull();

    await user.selectOptions(source, 'Other');
    expect(screen.queryByRole('textbox', { name: "Colleague's name" })).toBeNull();
    const other = textbox('Tell us how you heard about us');
    expect(other).toHaveAccessibleDescription(
      expect.stringContaining('You have 200 characters remaining'),
    );
    await user.click(other);
    await user.paste('a'.repeat(201));
    expect(other).toHaveValue('a'.repeat(201)); // nothing typed is cut off
    expect(other).toHaveAccessibleDescription(
      expect.stringContaining('You have 1 character too many'),
    );
    await user.click(button('Continue'));
    expect(other).toHaveAccessibleDescription(
      expect.stringContaining('Tell us how you heard about us in 200 characters or fewer'),
    );
    await user.type(other, '{Backspace}');
    expect(other).toHaveAccessibleDescription(
      expect.stringContaining('You have 0 characters remaining'),
    );

    // Switching back shows what was typed for the bench officer before.
    await user.selectOptions(source, 'A bench officer');
    await user.type(textbox("Bench officer's name"), 'Judge Ruiz');
    await user.selectOptions(source, 'Other');
    await user.selectOptions(source, 'A bench officer');
    expect(textbox("Bench officer's name")).toHaveValue('Judge Ruiz');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('lets only digits into the phone number and the extension', async () => {
    mockFetch(onProLookups());
    const { user } = await renderPro();
    await user.type(textbox('Phone number'), '(555) abc-12 34');
    expect(textbox('Phone number')).toHaveValue('5551234');
    const extension = textbox(/^Extension/);
    await user.type(extension, 'x12-3a');
    expect(extension).toHaveValue('123');
    expect(extension).toHaveAttribute('inputmode', 'numeric');
    expect(extension).toHaveAttribute('maxlength', '10');
    expect(combobox('Country code')).toHaveValue('US_CANADA');
  });

  it('shows the validator’s 409 texts beside their fields, and unknown ones in the summary only', async () => {
    const { calls } = mockFetch(
      onProLookups(),
      onProValidator({
        1: {
          status: 409,
          body: {
            validationErrors: [
              { field: 'email', text: 'That email address is already tied to an account.' },
              { field: 'somethingNew', text: 'Please check your details.' },
            ],
          },
        },
      }),
    );
    const { user } = await renderPro();
    await fillProStepOne(user, 'taken@example.com');
    await user.click(button('Continue'));

    const summary = await screen.findByRole('alert');
    expect(textbox(/^Email address/)).toHaveAccessibleDescription(
      expect.stringContaining('That email address is already tied to an account.'),
    );
    expect(
      within(summary).getByRole('link', {
        name: 'That email address is already tied to an account.',
      }),
    ).toHaveAttribute('href', '#email');
    expect(within(summary).getByText('Please check your details.')).toBeVisible();
    expect(within(summary).queryByRole('link', { name: 'Please check your details.' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: /About you/ })).toBeVisible();
    expect(textbox(/^Email address/)).toHaveValue('taken@example.com');

    const check = calls.find((call) => call.url === '/v2/professional/users/validator');
    expect(check?.body).toEqual({
      step: 1,
      values: expect.objectContaining({
        title: 'DOCTOR',
        firstName: 'Ana',
        email: 'taken@example.com',
        phoneCountryCode: 'US_CANADA',
        phoneNumber: PRO_VALUES.phoneNumber,
        hearAboutUs: 'SEARCH_ENGINE',
      }),
    });
    expect(check?.headers).toMatchObject({
      language: 'en',
      'x-anonymous-id': expect.any(String),
      'x-activity-start': expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(events()).toContain('Pro Step Rejected');
  });

  it('keeps step 2 out of reach until the server accepts step 1', async () => {
    let answer = { status: 500, body: { code: 'INTERNAL', status: 500 } } as const;
    const { calls } = mockFetch(
      onProLookups(),
      onProTimeZones(),
      onProValidator({
        get 1() {
          return answer;
        },
      }),
    );
    const { user } = await renderPro();
    const progress = screen.getByRole('navigation', { name: 'Registration progress' });
    expect(within(progress).getByRole('button', { name: /Step 1: About you/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(within(progress).getByRole('button', { name: /Step 2: Your practice/ })).toBeDisabled();
    expect(within(progress).getByRole('button', { name: /Step 3: Security/ })).toBeDisabled();

    await fillProStepOne(user);
    await user.click(button('Continue'));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeVisible();
    expect(within(progress).getByRole('button', { name: /Step 2/ })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: /About you/ })).toBeVisible();

    answer = undefined as never;
    await user.click(button('Continue'));
    const heading = await stepHeading(/Your practice/);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveTextContent('Step 2 of 3');
    expect(document.title).toBe(
      'Step 2 of 3: Your practice – Professional registration – CoParent Hub',
    );
    expect(within(progress).getByRole('button', { name: /Step 1/ })).toBeEnabled();
    expect(within(progress).getByRole('button', { name: /Step 3/ })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
    expect(events()).toContain('Pro Step Completed');

    // Back keeps what was typed; editing step 1 withdraws the acceptance of step 1.
    await user.click(button('← Back'.replace('← ', '')));
    expect(await stepHeading(/About you/)).toBeVisible();
    expect(textbox('First name')).toHaveValue('Ana');
    expect(within(progress).getByRole('button', { name: /Step 2/ })).toBeEnabled();
    await user.type(textbox('First name'), 'x');
    expect(within(progress).getByRole('button', { name: /Step 2/ })).toBeDisabled();
  });
});

describe('/pro step 2', () => {
  it('asks for every required field', async () => {
    seedPro('TWO', { stepTwo: undefined });
    mockFetch(onProLookups(), onProTimeZones());
    const { user } = await renderApp('/pro');
    await stepHeading(/Your practice/);
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveValue('US');
    await user.click(button('Continue'));
    for (const [field, message] of [
      [textbox('Practice name'), 'Enter your practice name'],
      [textbox('Address line 1'), 'The address must be between 3 and 50 characters'],
      [textbox('City'), 'The city must be between 3 and 30 characters'],
      [combobox('State or province'), 'Select a state or province'],
      [textbox('Postal code'), 'Postal code is not valid'],
      [combobox('Time zone'), 'Select a time zone'],
      [screen.getByRole('group', { name: 'Your roles' }), 'Select at least one role'],
    ] as const) {
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    // The summary says the same, each line naming its field.
    expect(summaryLines()).toEqual([
      'Enter your practice name',
      'The address must be between 3 and 50 characters',
      'The city must be between 3 and 30 characters',
      'Select a state or province',
      'Postal code is not valid',
      'Select a time zone',
      'Select at least one role',
    ]);
  });

  it('says which roles a new country does not have when it unselects them', async () => {
    seedPro('TWO', {
      stepTwo: {
        country: 'US',
        region: 'CA',
        timezone: 'America/Los_Angeles',
        roles: ['FAMILY_LAW_ATTORNEY', 'MEDIATOR'],
      },
    });
    mockFetch(onProLookups(), onProTimeZones());
    const { user } = await renderApp('/pro');
    await stepHeading(/Your practice/);
    expect(await screen.findByRole('checkbox', { name: 'Family law attorney' })).toBeChecked();

    await user.selectOptions(combobox('Country'), 'Canada');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Family law attorney is not a role in Canada, so it is no longer selected.',
    );
    expect(screen.getByRole('checkbox', { name: 'Family mediator' })).toBeChecked();
  });

  it('clears the region, time zone and roles a new country does not offer; a new region clears the time zone', async () => {
    seedPro('TWO', {
      stepTwo: {
        country: 'US',
        region: 'CA',
        timezone: 'America/Los_Angeles',
        roles: ['FAMILY_LAW_ATTORNEY', 'MEDIATOR'],
      },
    });
    mockFetch(onProLookups(), onProTimeZones());
    const { user } = await renderApp('/pro');
    await stepHeading(/Your practice/);
    expect(await screen.findByRole('combobox', { name: 'State or province' })).toHaveValue('CA');
    await waitFor(() => expect(combobox('Time zone')).toHaveValue('America/Los_Angeles'));
    expect(screen.getByRole('checkbox', { name: 'Family law attorney' })).toBeChecked();

    await user.selectOptions(combobox('Country'), 'Canada');
    expect(combobox('State or province')).toHaveValue('');
    expect(combobox('Time zone')).toHaveValue('');
    expect(screen.queryByRole('checkbox', { name: 'Family law attorney' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Family mediator' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Family lawyer' })).not.toBeChecked();
    expect(useProStore.getState().stepTwo).toMatchObject({
      country: 'CA',
      region: '',
      timezone: '',
      roles: ['MEDIATOR'],
    });

    await user.selectOptions(combobox('State or province'), 'British Columbia');
    await waitFor(() =>
      expect(within(combobox('Time zone')).getByRole('option', { name: /Vancouver/ })).toBeTruthy(),
    );
    await user.selectOptions(combobox('Time zone'), 'America/Vancouver');
    await user.selectOptions(combobox('State or province'), 'Ontario');
    expect(combobox('Time zone')).toHaveValue('');

    // A country without a region list asks for the region as optional text.
    await user.selectOptions(combobox('Country'), 'Germany');
    expect(textbox(/^State, province or region/)).toHaveValue('');
  });
});

describe('/pro step 3 and the submit', () => {
  it('accepts only 4 digits in the security code fields and asks for every field', async () => {
    seedPro('THREE');
    mockFetch(onProLookups());
    const { user } = await renderApp('/pro');
    await stepHeading(/Security/);
    const code = textbox('4-digit security code');
    await user.type(code, '1a2b3456');
    expect(code).toHaveValue('1234');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('maxlength', '4');
    expect(textbox('Confirm the security code')).toHaveAttribute('maxlength', '4');
    await user.type(textbox('Confirm the security code'), '12');
    expect(screen.getByRole('link', { name: 'Terms of Use (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/legal/terms',
    );
    expect(
      screen.getByRole('link', { name: 'Privacy Policy (opens in a new tab)' }),
    ).toHaveAttribute('href', '/legal/privacy');

    await user.click(button('Complete'));
    expect(textbox('Security question')).toHaveAccessibleDescription(
      expect.stringContaining('The security question must be between 5 and 100 characters'),
    );
    expect(textbox('Answer')).toHaveAccessibleDescription(
      expect.stringContaining('The answer must be between 5 and 100 characters'),
    );
    expect(textbox('Confirm the security code')).toHaveAccessibleDescription(
      expect.stringContaining('Security codes do not match'),
    );
    expect(summaryLines()).toEqual([
      'The security question must be between 5 and 100 characters',
      'The answer must be between 5 and 100 characters',
      'Security codes do not match',
    ]);
  });

  it('names the field in every summary line in Spanish too', async () => {
    await i18n.changeLanguage('es-MX');
    seedPro('THREE');
    mockFetch(onProLookups());
    const { user } = await renderApp('/pro');
    await stepHeading(/Seguridad/);
    await user.type(textbox('Código de seguridad de 4 dígitos'), '12');
    await user.click(button('Completar'));
    expect(summaryLines()).toEqual([
      'La pregunta de seguridad debe tener entre 5 y 100 caracteres',
      'La respuesta debe tener entre 5 y 100 caracteres',
      'El código de seguridad debe tener exactamente 4 dígitos',
      'Los códigos de seguridad no coinciden',
    ]);
  });

  it('Complete checks step 3, creates the professional, and shows the success page', async () => {
    seedPro('THREE');
    const { calls, fetchMock } = mockFetch(onProLookups(), onProValidator(), onProCreate());
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/v2/professional/users') await gate;
      return answer?.(input, init) as Promise<Response>;
    });
    const { user } = await renderApp('/pro');
    await stepHeading(/Security/);
    await fillProStepThree(user);
    await user.click(button('Complete'));

    expect(await screen.findByText('Creating your account…')).toBeVisible();
    expect(screen.getByRole('button', { name: /Complete/ })).toBeDisabled();
    expect(document.querySelector('form[aria-busy="true"]')).not.toBeNull();
    const progress = screen.getByRole('navigation', { name: 'Registration progress' });
    expect(within(progress).getByRole('button', { name: /Step 1/ })).toBeDisabled();
    await act(async () => release());

    const welcome = await stepHeading('Welcome, Ana');
    await waitFor(() => expect(welcome).toHaveFocus());
    expect(document.title).toBe('Welcome, Ana – Professional registration – CoParent Hub');
    const details = screen.getByRole('region', { name: 'Your account' });
    for (const text of [
      'Dr. Ana García, JD',
      PRO_USER.email,
      PRO_USER.practiceName,
      '+1 555 123 4567 ext. 12',
      'Family law attorney',
      'Family mediator',
    ]) {
      expect(within(details).getByText(text)).toBeVisible();
    }
    const next = screen.getByRole('list', { name: 'What happens next' });
    const items = within(next).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Check your email',
      'Log in to My Cases',
      'Open your first case',
    ]);
    expect(within(items[1] as HTMLElement).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/app/account/login',
    );

    const create = calls.find((call) => call.url === '/v2/professional/users');
    expect(create?.body).toEqual({
      title: 'DOCTOR',
      firstName: 'Ana',
      lastName: 'García',
      credentials: 'JD',
      email: PRO_VALUES.email,
      phoneCountryCode: 'US_CANADA',
      phoneNumber: PRO_VALUES.phoneNumber,
      phoneExtension: '12',
      hearAboutUs: 'SEARCH_ENGINE',
      practiceName: PRO_VALUES.practiceName,
      addressLine1: PRO_VALUES.addressLine1,
      addressLine2: '',
      country: 'US',
      city: PRO_VALUES.city,
      region: 'CA',
      postalCode: PRO_VALUES.postalCode,
      timezone: 'America/Los_Angeles',
      roles: ['FAMILY_LAW_ATTORNEY', 'MEDIATOR'],
      securityQuestion: PRO_VALUES.securityQuestion,
      securityAnswer: PRO_VALUES.securityAnswer,
      securityCode: PRO_VALUES.securityCode,
      securityCodeConfirm: PRO_VALUES.securityCode,
    });
    expect(events()).toEqual(
      expect.arrayContaining(['Pro Step Completed', 'Pro Registration Completed']),
    );
    expect(within(progress).getByRole('button', { name: /Step 1/ })).toBeDisabled();
  });

  it('a failed create shows the error banner with Try again and the support phone, then succeeds', async () => {
    seedPro('THREE');
    const { calls } = mockFetch(
      onProLookups(),
      onProValidator(),
      onProCreate(
        { status: 503, body: { code: 'PROFESSIONAL_CREATE_FAILED', status: 503 } },
        { status: 201, body: { user: PRO_USER } },
      ),
    );
    const { user } = await renderApp('/pro');
    await stepHeading(/Security/);
    await fillProStepThree(user);
    await user.click(button('Complete'));

    const title = await screen.findByRole('heading', { name: 'Something went wrong' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(document.title).toMatch(/^Error: Step 3 of 3: Security/);
    expect(screen.getByRole('heading', { level: 2, name: /Security/ })).toBeVisible();
    const banner = title.closest('[role="alert"]') as HTMLElement;
    expect(within(banner).getByRole('link', { name: '(866) 755-9991' })).toHaveAttribute(
      'href',
      'tel:+18667559991',
    );
    expect(textbox('Answer')).toHaveValue(PRO_VALUES.securityAnswer);
    expect(events()).toContain('Pro Registration Failed');

    await user.click(button('Try again'));
    expect(await stepHeading('Welcome, Ana')).toBeVisible();
    expect(calls.filter((call) => call.url === '/v2/professional/users')).toHaveLength(2);
    expect(events()).toContain('Pro Registration Retried');
  });

  it('a create refused for a step-1 field goes back to step 1 with the message beside it', async () => {
    seedPro('THREE');
    mockFetch(
      onProLookups(),
      onProValidator(),
      onProCreate({
        status: 409,
        body: {
          validationErrors: [
            { field: 'email', text: 'That email address is already tied to an account.' },
          ],
        },
      }),
    );
    const { user } = await renderApp('/pro');
    await stepHeading(/Security/);
    await fillProStepThree(user);
    await user.click(button('Complete'));

    expect(await stepHeading(/About you/)).toBeVisible();
    const email = await screen.findByRole('textbox', { name: /^Email address/ });
    expect(email).toHaveAccessibleDescription(
      expect.stringContaining('That email address is already tied to an account.'),
    );
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    const progress = screen.getByRole('navigation', { name: 'Registration progress' });
    expect(within(progress).getByRole('button', { name: /Step 2/ })).toBeDisabled();
  });

  it('Back from the error goes to step 2', async () => {
    seedPro('THREE');
    mockFetch(
      onProLookups(),
      onProTimeZones(),
      onProValidator(),
      onProCreate({ status: 503, body: { code: 'PROFESSIONAL_CREATE_FAILED', status: 503 } }),
    );
    const { user } = await renderApp('/pro');
    await stepHeading(/Security/);
    await fillProStepThree(user);
    await user.click(button('Complete'));
    await screen.findByRole('heading', { name: 'Something went wrong' });
    await user.click(button('Back'));
    expect(await stepHeading(/Your practice/)).toBeVisible();
    expect(textbox('Practice name')).toHaveValue(PRO_VALUES.practiceName);
  });
});

describe('/pro after a reload', () => {
  it('keeps the typed step-1 values and the step', async () => {
    mockFetch(onProLookups());
    const first = await renderPro();
    await first.user.type(textbox('First name'), 'Ana');
    await first.user.type(textbox(/^Email address/), 'ana@example.com');
    first.unmount();

    await reloadProFromStorage();
    await renderApp('/pro');
    await stepHeading(/About you/);
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
    expect(textbox(/^Email address/)).toHaveValue('ana@example.com');
  });

  it('asks for the security answer and code again, and says why', async () => {
    seedPro('THREE');
    mockFetch(onProLookups());
    const first = await renderApp('/pro');
    await stepHeading(/Security/);
    await fillProStepThree(first.user);
    first.unmount();
    const stored = window.sessionStorage.getItem('coparent.pro') ?? '';
    expect(stored).toContain(PRO_VALUES.securityQuestion);
    expect(stored).not.toContain(PRO_VALUES.securityAnswer);
    expect(stored).not.toContain('"securityCode"');

    await reloadProFromStorage();
    await renderApp('/pro');
    await stepHeading(/Security/);
    expect(textbox('Security question')).toHaveValue(PRO_VALUES.securityQuestion);
    expect(textbox('Answer')).toHaveValue('');
    expect(textbox('4-digit security code')).toHaveValue('');
    expect(textbox('Confirm the security code')).toHaveValue('');
    expect(
      screen.getByText(/we don't keep your answer and security code when the page reloads/),
    ).toBeVisible();
  });
});

describe('/pro lookups', () => {
  it('shows the generic error with a retry when the lists cannot be loaded', async () => {
    let isDown = true;
    mockFetch((call) =>
      isDown || call.url !== '/v2/professional/lookups' ? undefined : onProLookups()(call),
    );
    const { user } = await renderApp('/pro');
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeVisible();
    isDown = false;
    await user.click(button('Try again'));
    expect(await screen.findByRole('textbox', { name: 'First name' })).toBeVisible();
  });

  it('works in Spanish', async () => {
    mockFetch(onProLookups(), onProValidator());
    const { user } = await renderApp('/pro');
    await stepHeading(/About you/);
    await user.selectOptions(combobox('Language'), 'es-MX');
    expect(await stepHeading(/Sobre ti/)).toBeVisible();
    expect(await screen.findByRole('option', { name: 'Buscador de internet' })).toBeTruthy();
    await user.click(button('Continuar'));
    expect(textbox('Nombre')).toHaveAccessibleDescription(
      expect.stringContaining('Ingresa un nombre'),
    );
  });
});
