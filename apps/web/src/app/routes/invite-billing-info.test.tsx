import type { InvitedContext, InvitedUser } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeInviteToken } from '@/stores/invite-token';
import {
  databaseUnavailableOnce,
  type Handler,
  type MockReply,
  mockFetch,
  on,
} from '@/test/fetch-mock';
import {
  INVITE_TOKEN,
  INVITED_USER_PATH,
  invitedContext,
  invitedUser,
} from '@/test/invite-fixtures';
import { renderApp } from '@/test/render-app';

const USER_ID = invitedUser().userId;
const NO_ADDRESS: InvitedUser['address'] = {
  line1: null,
  line2: null,
  city: null,
  region: null,
  postalCode: null,
  country: null,
  type: 'PRIMARY',
};

/** Parent A paid for the co-parent, who has done step 1 but has no billing address yet. */
function server(
  context: Partial<InvitedContext> = {},
  save: MockReply = {
    body: { validationErrors: [], lastCompletedStep: 2, nextPath: null, consentRequired: false },
  },
  /** Handlers that answer before the usual ones (e.g. a failure once). */
  first: Handler[] = [],
) {
  return mockFetch(
    ...first,
    on('GET', '/v2/invites/current', {
      body: invitedContext({
        isSubscriptionCurrent: true,
        billingAddressComplete: false,
        lastCompletedStep: 2,
        coparentPackageId: 3003,
        ...context,
      }),
    }),
    on('GET', INVITED_USER_PATH, {
      body: invitedUser({ address: NO_ADDRESS, timeZone: null, order: null }),
    }),
    on('PATCH', INVITED_USER_PATH, save),
  );
}

function open() {
  storeInviteToken(INVITE_TOKEN);
  return renderApp('/invite/billing-info');
}

describe('/invite/billing-info', () => {
  it('asks a paid co-parent for the billing fields only, saves them and goes on', async () => {
    const { calls } = server();
    const { user, router } = await open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Add your billing address' }),
    ).toBeVisible();
    await screen.findByRole('heading', { level: 2, name: 'Billing information' });
    expect(document.title).toBe('Add your billing address – CoParent Hub');
    // Read-only: the name and email are shown as text, not as fields.
    expect(screen.getByText('luis@example.com')).toBeVisible();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.queryByLabelText('How did you first hear about us?')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment details')).not.toBeInTheDocument();

    // Nothing typed: the form's own messages, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is a problem');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.type(screen.getByLabelText('Billing address'), '9 Elm St');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.selectOptions(screen.getByLabelText('State or province'), 'TX');
    await user.type(screen.getByLabelText('Postal code'), '73301');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/Chicago');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));

    const saved = calls.find((call) => call.method === 'PATCH');
    expect(saved?.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);
    expect(saved?.body).toMatchObject({
      sections: ['PARENT', 'ADDRESS'],
      parent: { userId: USER_ID, timeZone: 'America/Chicago' },
      address: { line1: '9 Elm St', city: 'Austin', region: 'TX', postalCode: '73301' },
    });
    // No payment, pricing or country check on this page (the credentials page it went on to asks
    // for its own token).
    expect(
      calls.filter(
        (call) => call.method === 'POST' && /\/(payment|pricing|country-check)$/.test(call.url),
      ),
    ).toEqual([]);
  });

  it('puts the server’s field errors beside the fields', async () => {
    server(
      {},
      {
        status: 422,
        body: {
          validationErrors: [{ field: 'address.postalCode', text: 'Postal code is not valid' }],
        },
      },
    );
    const { user, router } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Billing information' });
    await user.type(screen.getByLabelText('Billing address'), '9 Elm St');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.selectOptions(screen.getByLabelText('State or province'), 'TX');
    await user.type(screen.getByLabelText('Postal code'), '73301');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/Chicago');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByLabelText('Postal code')).toHaveAccessibleDescription(
      /Postal code is not valid/,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/billing-info'));
  });

  it('keeps the typed address when the database is unavailable, and Try again saves it once it is back', async () => {
    const { calls } = server({}, undefined, [databaseUnavailableOnce('PATCH', INVITED_USER_PATH)]);
    const { user, router } = await open();
    await screen.findByRole('heading', { level: 2, name: 'Billing information' });
    await user.type(screen.getByLabelText('Billing address'), '9 Elm St');
    await user.type(screen.getByLabelText('City'), 'Austin');
    await user.selectOptions(screen.getByLabelText('State or province'), 'TX');
    await user.type(screen.getByLabelText('Postal code'), '73301');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/Chicago');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Something went wrong. Please try again.')).toBeVisible();
    expect(screen.getByLabelText('Billing address')).toHaveValue('9 Elm St');
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
    expect(screen.getByLabelText('State or province')).toHaveValue('TX');
    expect(screen.getByLabelText('Postal code')).toHaveValue('73301');
    expect(router.state.location.pathname).toBe('/invite/billing-info');

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(2);
    expect(patches[1]?.body).toEqual(patches[0]?.body);
  });

  it('sends a co-parent whose billing address is complete on to the credentials', async () => {
    server({ billingAddressComplete: true });
    const { router } = await open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));
  });

  it('sends a co-parent who still has to pay to the packages', async () => {
    server({ isSubscriptionCurrent: false, lastCompletedStep: 1 });
    const { router } = await open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
  });

  it('sends a co-parent who has not done step 1 there first', async () => {
    server({ lastCompletedStep: 0 });
    const { router } = await open();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/step1'));
  });
});
