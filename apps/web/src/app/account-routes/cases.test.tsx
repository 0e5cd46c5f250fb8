import type { ListCasesResponse } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAccount } from '@/features/account/test/render-account';
import { i18n } from '@/lib/i18n';
import { type MockReply, mockFetch, on } from '@/test/fetch-mock';

const PRO_SESSION = {
  userId: '44444444-4444-4444-8444-444444444444',
  kind: 'PROFESSIONAL',
  firstName: 'Patricia',
  lastName: 'Reyes',
  email: 'patricia@example.com',
  username: 'patricia_reyes',
  isStaff: false,
  locale: 'en',
};
const PARENT_SESSION = { ...PRO_SESSION, kind: 'PARENT', firstName: 'Ana' };
const LOGGED_OUT: MockReply = {
  status: 401,
  body: { type: 'about:blank', title: 'Log in', status: 401, code: 'SESSION_REQUIRED' },
};
const CASE_ID = '55555555-5555-4555-8555-555555555555';
const ONE_CASE: ListCasesResponse = {
  cases: [
    {
      caseId: CASE_ID,
      createdAt: '2025-05-01T10:00:00.000Z',
      parents: [
        { firstName: 'Diego', lastName: 'Ramos', email: 'diego@example.com', status: 'JOINED' },
        { firstName: 'Elena', lastName: 'Ramos', email: null, status: 'NOT_INVITED' },
      ],
      childrenCount: 2,
    },
  ],
};

function server(create: MockReply | ((body: unknown) => MockReply), list = ONE_CASE) {
  let created = false;
  return mockFetch(
    on('GET', '/v2/account/session', { body: PRO_SESSION }),
    on('GET', '/v2/account/cases', () => ({ body: created ? list : { cases: [] } })),
    on('POST', '/v2/account/cases', (call) => {
      const reply = typeof create === 'function' ? create(call.body) : create;
      if ((reply.status ?? 200) < 300) created = true;
      return reply;
    }),
  );
}

async function openCases() {
  const rendered = renderAccount('/cases');
  await screen.findByRole('heading', { level: 1, name: 'My Cases' }, { timeout: 5000 });
  return rendered;
}

type User = ReturnType<typeof renderAccount>['user'];

async function fillParent(user: User, number: 1 | 2, first: string, email: string) {
  const group = screen.getByRole('group', { name: `Parent ${number}` });
  await user.type(within(group).getByLabelText('First name'), first);
  await user.type(within(group).getByLabelText('Last name'), 'Ramos');
  if (email) await user.type(within(group).getByLabelText(/Email address/), email);
}

// Filling in a whole family takes many keystrokes: a few seconds per test.
describe('/app/account/cases', () => {
  it('shows the empty list, invites a family and names who was emailed', async () => {
    const { calls } = server({
      status: 201,
      body: {
        caseId: CASE_ID,
        invited: [{ firstName: 'Diego', lastName: 'Ramos', email: 'diego@example.com' }],
      },
    });
    const { user } = await openCases();
    expect(await screen.findByText(/You have no cases yet/)).toBeVisible();

    await fillParent(user, 1, 'Diego', 'diego@example.com');
    await fillParent(user, 2, 'Elena', '');
    const child = screen.getByRole('group', { name: 'Child 1' });
    await user.type(within(child).getByLabelText('First name'), 'Félix');
    await user.type(within(child).getByLabelText('Last name'), 'Ramos');
    await user.click(screen.getByRole('button', { name: 'Add a child' }));
    const second = screen.getByRole('group', { name: 'Child 2' });
    expect(within(second).getByLabelText('First name')).toHaveFocus();
    expect(screen.getByText('Child 2 added')).toBeInTheDocument();
    await user.type(within(second).getByLabelText('First name'), 'Lucía');
    await user.type(within(second).getByLabelText('Last name'), 'Ramos');
    await user.click(screen.getByRole('button', { name: 'Send the invitations' }));

    expect(
      await screen.findByText('Invitation sent to Diego Ramos (diego@example.com).'),
    ).toHaveFocus();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      parent1: {
        firstName: 'Diego',
        lastName: 'Ramos',
        email: 'diego@example.com',
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '',
      },
      parent2: {
        firstName: 'Elena',
        lastName: 'Ramos',
        email: '',
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '',
      },
      children: [
        { firstName: 'Félix', lastName: 'Ramos' },
        { firstName: 'Lucía', lastName: 'Ramos' },
      ],
    });
    // The list is read again; the form starts empty for the next family.
    const item = await screen.findByRole('heading', {
      level: 3,
      name: 'Diego Ramos · Elena Ramos',
    });
    const card = item.closest('li') as HTMLElement;
    expect(within(card).getByText('Joined')).toBeVisible();
    expect(within(card).getByText('Not invited (no email)')).toBeVisible();
    expect(within(card).getByText(/2 children/)).toBeVisible();
    const parent1 = screen.getByRole('group', { name: 'Parent 1' });
    expect(within(parent1).getByLabelText('First name')).toHaveValue('');
  });

  it('checks the form before sending: an error summary linked to the fields', async () => {
    const { calls } = server({ status: 500 });
    const { user } = await openCases();
    await user.click(screen.getByRole('button', { name: 'Send the invitations' }));
    const summary = await screen.findByRole('alert', { name: /There is a problem/i });
    expect(summary).toHaveFocus();
    expect(
      within(summary).getByRole('link', {
        name: 'Parent 1: Enter an email address for at least one parent',
      }),
    ).toHaveAttribute('href', '#parent1-email');
    expect(
      within(summary).getByRole('link', { name: 'Child 1: Enter a first name' }),
    ).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('stops Add a child at 20 children and says why', async () => {
    server({ status: 500 });
    const { user } = await openCases();
    for (let added = 2; added <= 20; added += 1) {
      await user.click(screen.getByRole('button', { name: 'Add a child' }));
    }
    expect(screen.getByRole('group', { name: 'Child 20' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add a child' })).not.toBeInTheDocument();
    expect(screen.getByText('You can add up to 20 children')).toBeVisible();
  });

  it("puts the server's field errors beside their fields, and keeps the draft on reload", async () => {
    server({
      status: 422,
      body: {
        validationErrors: [
          { field: 'parent1.email', text: 'That email address is already tied to an account.' },
        ],
      },
    });
    const first = await openCases();
    await fillParent(first.user, 1, 'Diego', 'taken@example.com');
    await fillParent(first.user, 2, 'Elena', '');
    const child = screen.getByRole('group', { name: 'Child 1' });
    await first.user.type(within(child).getByLabelText('First name'), 'Félix');
    await first.user.type(within(child).getByLabelText('Last name'), 'Ramos');
    await first.user.click(screen.getByRole('button', { name: 'Send the invitations' }));
    const parent1 = screen.getByRole('group', { name: 'Parent 1' });
    expect(
      await within(parent1).findByText('That email address is already tied to an account.'),
    ).toBeVisible();

    first.unmount();
    await openCases();
    const again = screen.getByRole('group', { name: 'Parent 1' });
    expect(within(again).getByLabelText(/Email address/)).toHaveValue('taken@example.com');
    expect(
      within(screen.getByRole('group', { name: 'Child 1' })).getByLabelText('First name'),
    ).toHaveValue('Félix');
  });

  it('sends a logged-out visitor to the login page, which comes back here', async () => {
    mockFetch(on('GET', '/v2/account/session', LOGGED_OUT));
    const { router } = renderAccount('/cases');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?returnTo=%2Fcases');
  });

  it("tells a parent's account, politely, that My Cases is for professionals", async () => {
    mockFetch(on('GET', '/v2/account/session', { body: PARENT_SESSION }));
    renderAccount('/cases');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'My Cases is for professionals' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Account' })).toHaveAttribute('href', '/');
  });

  it('is in Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    server({ status: 500 });
    renderAccount('/cases');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mis casos' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(await screen.findByText(/Todavía no tienes casos/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Enviar las invitaciones' })).toBeVisible();
  });
});
