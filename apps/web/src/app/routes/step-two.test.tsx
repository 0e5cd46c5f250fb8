import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import { mockFetch, on } from '@/test/fetch-mock';
import {
  onGetSignup,
  PARENT,
  reloadFunnelFromStorage,
  SIGNUP_ID,
  seedFunnel,
} from '@/test/join-fixtures';
import { onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const coParent = () => screen.getByRole('group', { name: 'Your co-parent' });
const child = (number: number) => screen.getByRole('group', { name: `Child ${number}` });
const formContinue = () =>
  screen
    .getAllByRole('button', { name: 'Continue' })
    .find((button) => button.getAttribute('type') === 'submit');

async function fillFamily(user: UserEvent, { email = 'luis@example.com', phone = '' } = {}) {
  await user.type(within(coParent()).getByRole('textbox', { name: 'First name' }), 'Luis');
  await user.type(within(coParent()).getByRole('textbox', { name: 'Last name' }), 'Pérez');
  if (email)
    await user.type(within(coParent()).getByRole('textbox', { name: /Email address/ }), email);
  if (phone)
    await user.type(within(coParent()).getByRole('textbox', { name: 'Phone number' }), phone);
  await user.type(within(child(1)).getByRole('textbox', { name: 'First name' }), 'Sofía');
  await user.type(within(child(1)).getByRole('textbox', { name: 'Last name' }), 'Pérez');
}

describe('/step2', () => {
  it("fetches step 3's pricing group and packages while the family is typed", async () => {
    seedFunnel(1);
    const { calls } = mockFetch(onGetSignup(1), ...onPricingFor(US_PACKAGES, 'US'));
    await renderApp('/step2');
    await waitFor(() => {
      const urls = calls.map((call) => call.url);
      expect(urls).toContainEqual(
        expect.stringMatching(/^\/v2\/pricing\?countryCode=1&phoneNumber=/),
      );
      expect(urls).toContainEqual(expect.stringMatching(/^\/v2\/packages\?/));
    });
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('shows Remove only when there is more than one child, and Add child appends one', async () => {
    seedFunnel(1);
    mockFetch(onGetSignup(1));
    const { user } = await renderApp('/step2');
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add child' }));
    expect(within(child(2)).getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(screen.getByText('Child 2 added.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove child 1' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove child 2' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Remove child 2' }));
    expect(screen.queryByRole('group', { name: 'Child 2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(child(1)).getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(screen.getByText('Child 2 removed.')).toBeInTheDocument();
  });

  it('stops Add child at 20 children and says why, on the page and to a screen reader', async () => {
    seedFunnel(1);
    mockFetch(onGetSignup(1));
    const { user } = await renderApp('/step2');
    for (let added = 2; added <= 19; added += 1) {
      await user.click(screen.getByRole('button', { name: 'Add child' }));
    }
    expect(screen.queryByText('You can add up to 20 children')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add child' }));
    expect(within(child(20)).getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Add child' })).not.toBeInTheDocument();
    expect(screen.getByText('You can add up to 20 children')).toBeVisible();
    expect(screen.getByText('Child 20 added. You can add up to 20 children')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove child 20' }));
    expect(screen.getByRole('button', { name: 'Add child' })).toBeVisible();
  });

  it('refuses a co-parent email equal to the parent’s', async () => {
    seedFunnel(1);
    mockFetch(onGetSignup(1));
    const { user } = await renderApp('/step2');
    await fillFamily(user, { email: ` ${PARENT.email.toUpperCase()} ` });
    await user.click(formContinue() as HTMLElement);
    // The form's checks load on its first check: the summary shows once they have.
    const summary = await screen.findByRole('alert');
    expect(
      within(coParent()).getByRole('textbox', { name: 'Email address' }),
    ).toHaveAccessibleDescription(
      expect.stringContaining('The email of the co-parent cannot be the same as your email.'),
    );
    expect(
      within(summary).getByRole('link', {
        name: 'Co-parent: The email of the co-parent cannot be the same as your email.',
      }),
    ).toHaveAttribute('href', '#coParent-email');
  });

  it("refuses a child's name that hides a direction change, beside the field and in the summary", async () => {
    seedFunnel(1);
    const { calls } = mockFetch(onGetSignup(1));
    const { user } = await renderApp('/step2');
    await fillFamily(user);
    const lastName = within(child(1)).getByRole('textbox', { name: 'Last name' });
    await user.clear(lastName);
    await user.type(lastName, 'Ab\u202Efdp.exe');
    await user.click(formContinue() as HTMLElement);
    expect(lastName).toHaveAccessibleDescription(
      expect.stringContaining('Names cannot contain invisible characters or stacked accents'),
    );
    expect(
      within(await screen.findByRole('alert')).getByRole('link', {
        name: 'Child 1: Names cannot contain invisible characters or stacked accents',
      }),
    ).toHaveAttribute('href', '#children-0-lastName');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('asks for the co-parent’s phone when their email is not known', async () => {
    seedFunnel(1, { knowsCoParentEmail: false });
    mockFetch(onGetSignup(1));
    const { user } = await renderApp('/step2');
    expect(
      within(coParent()).getByRole('textbox', { name: 'Email address (optional)' }),
    ).toBeVisible();
    await fillFamily(user, { email: '' });
    await user.click(formContinue() as HTMLElement);
    expect(
      within(coParent()).getByRole('textbox', { name: 'Phone number' }),
    ).toHaveAccessibleDescription(
      expect.stringContaining(
        "Enter your co-parent's phone number, since you don't know their email address",
      ),
    );
  });

  it('saves the family and goes to /step3', async () => {
    seedFunnel(1, { knowsCoParentEmail: false });
    const { calls } = mockFetch(
      onGetSignup(1),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, { body: { validationErrors: [] } }),
      onGetSignup(2),
    );
    const { user, router } = await renderApp('/step2');
    await fillFamily(user, { email: '', phone: '5559876543' });
    await user.click(formContinue() as HTMLElement);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toHaveFocus();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      sections: ['FAMILY'],
      coParent: {
        firstName: 'Luis',
        lastName: 'Pérez',
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '5559876543',
      },
      coParentDuplicateConfirmed: false,
      children: [{ firstName: 'Sofía', lastName: 'Pérez' }],
    });
    expect(useFunnelStore.getState().lastCompletedStep).toBe(2);
  });

  it('keeps the family when the database is unavailable, and Try again saves it once it is back', async () => {
    seedFunnel(1, { knowsCoParentEmail: false });
    let attempts = 0;
    const { calls } = mockFetch(
      onGetSignup(1),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, () => {
        attempts += 1;
        return attempts === 1
          ? { status: 503, body: { code: 'DATABASE_UNAVAILABLE', status: 503 } }
          : { body: { validationErrors: [] } };
      }),
      onGetSignup(2),
    );
    const { user, router } = await renderApp('/step2');
    await fillFamily(user, { email: '', phone: '5559876543' });
    await user.click(formContinue() as HTMLElement);

    const banner = await screen.findByRole('alert');
    expect(router.state.location.pathname).toBe('/step2');
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveValue('5559876543');
    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(patches[1]?.body).toEqual(patches[0]?.body);
  });

  it('shows the co-parent duplicate warning and lets the person continue', async () => {
    seedFunnel(1);
    const warning =
      "Your co-parent's account may be a duplicate. You can continue your registration, but you will need to contact support at (866) 755-9991.";
    const { calls } = mockFetch(
      onGetSignup(1),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, (call) => ({
        body: {
          validationErrors: (call.body as { coParentDuplicateConfirmed?: boolean })
            .coParentDuplicateConfirmed
            ? []
            : [{ field: 'coParentDuplicate', text: warning, type: 'DUPLICATE' }],
        },
      })),
    );
    const { user, router } = await renderApp('/step2');
    await fillFamily(user);
    await user.click(formContinue() as HTMLElement);

    const heading = await screen.findByRole('heading', { name: 'Please note' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(warning)).toBeVisible();
    const notice = screen
      .getAllByRole('status')
      .find((region) => region.contains(heading)) as HTMLElement;
    await user.click(within(notice).getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(
      patches.map(
        (call) => (call.body as { coParentDuplicateConfirmed: boolean }).coParentDuplicateConfirmed,
      ),
    ).toEqual([false, true]);
    expect(useFunnelStore.getState().coParentDuplicateConfirmed).toBe(true);
  });

  it('puts server field errors beside the fields', async () => {
    seedFunnel(1);
    mockFetch(
      onGetSignup(1),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, {
        status: 422,
        body: {
          validationErrors: [
            { field: 'children.0.email', text: 'This email is already used for another child' },
          ],
        },
      }),
    );
    const { user, router } = await renderApp('/step2');
    await fillFamily(user);
    await user.type(
      within(child(1)).getByRole('textbox', { name: /Email address/ }),
      'sofia@example.com',
    );
    await user.click(formContinue() as HTMLElement);
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', {
        name: 'Child 1: This email is already used for another child',
      }),
    ).toHaveAttribute('href', '#children-0-email');
    expect(
      within(child(1)).getByRole('textbox', { name: /Email address/ }),
    ).toHaveAccessibleDescription(
      expect.stringContaining('This email is already used for another child'),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/step2'));
  });

  it('starts again at /step1 when the server refuses the step as out of order', async () => {
    seedFunnel(1);
    mockFetch(
      onGetSignup(1),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, {
        status: 409,
        body: { code: 'SECTION_OUT_OF_ORDER', status: 409, title: 'Out of order' },
      }),
    );
    const { user, router } = await renderApp('/step2');
    await fillFamily(user);
    await user.click(formContinue() as HTMLElement);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your parent account' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
    expect(screen.getByText(/Your signup session has ended/)).toBeVisible();
    expect(useFunnelStore.getState().signupId).toBeUndefined();
  });

  it('keeps the co-parent and the children list across a reload', async () => {
    seedFunnel(1);
    mockFetch(onGetSignup(1));
    const { user, unmount } = await renderApp('/step2');
    await fillFamily(user);
    await user.click(screen.getByRole('button', { name: 'Add child' }));
    await user.type(within(child(2)).getByRole('textbox', { name: 'First name' }), 'Mateo');
    unmount();

    await reloadFunnelFromStorage();
    await renderApp('/step2');
    expect(within(coParent()).getByRole('textbox', { name: 'First name' })).toHaveValue('Luis');
    expect(within(coParent()).getByRole('textbox', { name: 'Email address' })).toHaveValue(
      'luis@example.com',
    );
    expect(within(child(1)).getByRole('textbox', { name: 'First name' })).toHaveValue('Sofía');
    expect(within(child(2)).getByRole('textbox', { name: 'First name' })).toHaveValue('Mateo');
  });
});

describe('/step2 "also text them"', () => {
  const alsoText = () =>
    within(coParent()).getByRole('checkbox', {
      name: 'Also send the invitation by text message',
    });

  it('is unticked, and sends the invitation by text too once ticked with the phone', async () => {
    seedFunnel(1);
    const { calls } = mockFetch(
      onGetSignup(1),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, { body: { validationErrors: [] } }),
      onGetSignup(2),
    );
    const { user } = await renderApp('/step2');
    expect(alsoText()).not.toBeChecked();
    expect(alsoText()).toHaveAccessibleDescription(
      'We text it to the phone number above, as well as emailing it. It must be a mobile number.',
    );
    await fillFamily(user, { phone: '5559876543' });
    await user.click(alsoText());
    await user.click(formContinue() as HTMLElement);
    await screen.findByRole('heading', { level: 1, name: 'Choose your package' });
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      coParent: {
        email: 'luis@example.com',
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '5559876543',
        alsoText: true,
      },
    });
  });

  it('asks for the phone when ticked without one, at the box', async () => {
    seedFunnel(1);
    const { calls } = mockFetch(onGetSignup(1));
    const { user } = await renderApp('/step2');
    await fillFamily(user);
    await user.click(alsoText());
    await user.click(formContinue() as HTMLElement);
    expect(alsoText()).toHaveAccessibleDescription(
      expect.stringContaining(
        "Enter your co-parent's phone number to send the invitation by text message too.",
      ),
    );
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it("shows the server's refusal of a landline beside the phone", async () => {
    seedFunnel(1, { knowsCoParentEmail: false });
    const landline =
      'This looks like a landline number. Enter a mobile number that can receive text messages.';
    mockFetch(
      onGetSignup(1),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, {
        status: 422,
        body: { validationErrors: [{ field: 'coParent.phoneNumber', text: landline }] },
      }),
    );
    const { user } = await renderApp('/step2');
    await fillFamily(user, { email: '', phone: '2079460000' });
    await user.click(formContinue() as HTMLElement);
    expect(
      within(await screen.findByRole('alert')).getByRole('link', {
        name: `Co-parent: ${landline}`,
      }),
    ).toHaveAttribute('href', '#coParent-phoneNumber');
    expect(
      within(coParent()).getByRole('textbox', { name: 'Phone number' }),
    ).toHaveAccessibleDescription(expect.stringContaining(landline));
  });
});

describe('/step2 co-parent email speed-bump', () => {
  const speedBump = { 'coparent-email-speed-bump': 'Treatment' } as const;
  const dialog = () =>
    screen.getByRole('dialog', { name: 'Help us connect you with your co-parent' });
  const saving = () =>
    mockFetch(
      onGetSignup(1),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, { body: { validationErrors: [] } }),
      onGetSignup(2),
    );
  const patchBody = (calls: { method: string; body: unknown }[]) =>
    calls.find((call) => call.method === 'PATCH')?.body as { coParent: Record<string, string> };

  it('in Treatment asks for the empty email, checks it and saves it with the family', async () => {
    seedFunnel(1, { knowsCoParentEmail: false });
    const { calls } = saving();
    const { user, router } = await renderApp('/step2', { flags: speedBump });
    await fillFamily(user, { email: '', phone: '5559876543' });
    await user.click(formContinue() as HTMLElement);

    const email = within(dialog()).getByRole('textbox', { name: "Luis Pérez's email address" });
    await waitFor(() => expect(email).toHaveFocus());
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    expect(email).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid email'),
    );
    expect(email).toHaveFocus();

    await user.type(email, ' luis@example.com ');
    await user.click(within(dialog()).getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/step3');
    expect(patchBody(calls).coParent.email).toBe('luis@example.com');
    expect(useFunnelStore.getState().stepTwoValues?.coParent?.email).toBe('luis@example.com');
  });

  it('in Treatment goes on without the email after Skip this', async () => {
    seedFunnel(1, { knowsCoParentEmail: false });
    const { calls } = saving();
    const { user, router } = await renderApp('/step2', { flags: speedBump });
    await fillFamily(user, { email: '', phone: '5559876543' });
    await user.click(formContinue() as HTMLElement);
    await user.click(within(dialog()).getByRole('button', { name: 'Skip this' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/step3');
    expect(patchBody(calls).coParent).not.toHaveProperty('email');
  });

  it('in Treatment stays on step 2 after Escape, returns focus to Continue and asks only once', async () => {
    seedFunnel(1, { knowsCoParentEmail: false });
    const { calls } = saving();
    const { user, router } = await renderApp('/step2', { flags: speedBump });
    await fillFamily(user, { email: '', phone: '5559876543' });
    await user.click(formContinue() as HTMLElement);
    expect(dialog()).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(formContinue()).toHaveFocus());
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(formContinue() as HTMLElement);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/step3');
  });

  it('in Treatment Change takes the person back to the co-parent’s details', async () => {
    seedFunnel(1, { knowsCoParentEmail: false });
    saving();
    const { user } = await renderApp('/step2', { flags: speedBump });
    await fillFamily(user, { email: '', phone: '5559876543' });
    await user.click(formContinue() as HTMLElement);
    await user.click(within(dialog()).getByRole('button', { name: 'Change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(coParent()).getByRole('textbox', { name: 'First name' })).toHaveFocus(),
    );
  });

  it('in Control goes on without asking, as today', async () => {
    seedFunnel(1, { knowsCoParentEmail: false });
    saving();
    const { user, router } = await renderApp('/step2', {
      flags: { 'coparent-email-speed-bump': 'Control' },
    });
    await fillFamily(user, { email: '', phone: '5559876543' });
    await user.click(formContinue() as HTMLElement);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/step3');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
