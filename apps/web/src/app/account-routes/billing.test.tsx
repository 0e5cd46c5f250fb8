import type { AccountBilling } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAccountPage } from '@/features/account/billing/render-account-page';
import { i18n } from '@/lib/i18n';
import { mockFetch, on } from '@/test/fetch-mock';

const SAVED: AccountBilling = {
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@example.com',
  address: {
    line1: '1 Main St',
    line2: null,
    city: 'Austin',
    region: 'TX',
    postalCode: '73301',
    country: 'US',
  },
  timeZone: 'America/Chicago',
  paymentMethod: { paymentType: 'CREDIT_CARD', cardType: 'Visa', lastFour: '1111' },
};

const SESSION = {
  userId: '33333333-3333-4333-8333-333333333333',
  kind: 'PARENT',
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@example.com',
  username: 'ana_lopez',
  isStaff: false,
  locale: 'en',
};
const SESSION_REQUIRED = {
  status: 401,
  body: { type: 'about:blank', title: 'Login required', status: 401, code: 'SESSION_REQUIRED' },
};

function server(
  billing: AccountBilling = SAVED,
  put: Parameters<typeof on>[2] = { body: { validationErrors: [] } },
) {
  return mockFetch(
    on('GET', '/v2/account/session', { body: SESSION }),
    on('GET', '/v2/account/billing', { body: billing }),
    on('PUT', '/v2/account/billing', put),
  );
}

async function openBilling() {
  const rendered = renderAccountPage('/billing');
  // The first render loads the page's chunk: give it time.
  await screen.findByRole('heading', { level: 2, name: 'Billing address' }, { timeout: 5000 });
  return rendered;
}

describe('account billing page', () => {
  it('shows the name, email, card on file and the saved address', async () => {
    server();
    await openBilling();
    expect(screen.getByRole('heading', { level: 1, name: 'Billing information' })).toBeVisible();
    expect(screen.getByText('Ana López')).toBeVisible();
    expect(screen.getByText('ana@example.com')).toBeVisible();
    expect(screen.getByText('Visa ending in 1111')).toBeVisible();
    expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Main St');
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    expect(screen.getByLabelText('State or province')).toHaveValue('TX');
    expect(screen.getByLabelText(/Postal code/)).toHaveValue('73301');
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Chicago');
    // Name and email are not form fields: nothing to edit there.
    expect(screen.queryByRole('textbox', { name: /email/i })).toBeNull();
  });

  it('names a PayPal account, and says when nothing is on file', async () => {
    server({ ...SAVED, paymentMethod: { paymentType: 'PAYPAL', cardType: null, lastFour: null } });
    const { unmount } = await openBilling();
    expect(screen.getByText('PayPal')).toBeVisible();
    unmount();
    server({ ...SAVED, address: null, timeZone: null, paymentMethod: null });
    await openBilling();
    expect(screen.getByText('No payment method on file yet.')).toBeVisible();
    expect(screen.getByLabelText('Address line 1')).toHaveValue('');
  });

  it('names the code that paid the last order in full, and claims no card', async () => {
    server({ ...SAVED, paymentMethod: null, coveredByCodes: ['PRO-PREM1-DEMO1'] });
    await openBilling();
    expect(
      screen.getByText(
        'Covered by code PRO-PREM1-DEMO1: nothing was charged, so there is no card on file.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('No payment method on file yet.')).toBeNull();
  });

  it('goes to the login page without a session', async () => {
    mockFetch(
      on('GET', '/v2/account/session', SESSION_REQUIRED),
      on('GET', '/v2/account/billing', SESSION_REQUIRED),
    );
    const { router } = renderAccountPage('/billing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 5000 });
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/billing');
  });

  it('checks the postal code against the country before saving: error by the field and in the summary', async () => {
    const { calls } = server();
    const { user } = await openBilling();
    const postal = screen.getByLabelText(/Postal code/);
    await user.clear(postal);
    await user.type(postal, 'ABCDE');
    await user.click(screen.getByRole('button', { name: 'Save billing information' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Postal code is not valid' })).toHaveAttribute(
      'href',
      '#billing-postalCode',
    );
    expect(postal).toHaveAccessibleDescription(/Postal code is not valid/);
    expect(postal).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the address and the time zone and says so', async () => {
    const { calls } = server();
    const { user } = await openBilling();
    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    await user.selectOptions(screen.getByLabelText('State or province'), 'ON');
    const line1 = screen.getByLabelText('Address line 1');
    await user.clear(line1);
    await user.type(line1, '200 King St W');
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Toronto');
    await user.clear(screen.getByLabelText(/Postal code/));
    await user.type(screen.getByLabelText(/Postal code/), 'M5H 3T4');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/Toronto');
    await user.click(screen.getByRole('button', { name: 'Save billing information' }));

    expect(await screen.findByText('Your billing information has been saved.')).toBeVisible();
    // Announced: the message appears inside a live region that was already there.
    expect(
      screen.getByText('Your billing information has been saved.').closest('[role="status"]'),
    ).not.toBeNull();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      address: {
        line1: '200 King St W',
        line2: null,
        city: 'Toronto',
        region: 'ON',
        postalCode: 'M5H 3T4',
        country: 'CA',
      },
      timeZone: 'America/Toronto',
    });
  });

  it('clears the region and the time zone when the country changes, and the time zone with the region', async () => {
    server();
    const { user } = await openBilling();
    await user.selectOptions(screen.getByLabelText('State or province'), 'CA');
    // California has one time zone: it is chosen without asking.
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Los_Angeles');
    await user.selectOptions(screen.getByLabelText('Country'), 'CA');
    expect(screen.getByLabelText('State or province')).toHaveValue('');
    expect(screen.getByLabelText('Time zone')).toHaveValue('');
  });

  it('fills the address from a places suggestion and asks for the time zone again', async () => {
    const { calls } = mockFetch(
      on('GET', '/v2/places', { body: { enabled: true, countries: ['us'] } }),
      on('GET', /^\/v2\/places\/suggestions\?/, {
        body: {
          enabled: true,
          suggestions: [
            { placeId: 'ChIJpdx', primaryText: '1 SW Main St', secondaryText: 'Portland, OR, USA' },
          ],
        },
      }),
      on('GET', /^\/v2\/places\/ChIJpdx\?/, {
        body: {
          line1: '1 SW Main St',
          city: 'Portland',
          region: 'OR',
          postalCode: '97204',
          country: 'US',
        },
      }),
      on('GET', '/v2/account/session', { body: SESSION }),
      on('GET', '/v2/account/billing', { body: SAVED }),
      on('PUT', '/v2/account/billing', { body: { validationErrors: [] } }),
    );
    const { user } = await openBilling();
    const line1 = await screen.findByRole('combobox', { name: 'Address line 1' });
    await user.clear(line1);
    await user.type(line1, '1 SW Ma');
    await screen.findByRole('option', { name: /1 SW Main St/ });
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Portland'));
    await user.click(screen.getByRole('button', { name: 'Save billing information' }));
    // Oregon has two time zones: the saved Chicago one went with the old address.
    expect(await screen.findByRole('link', { name: 'Select a time zone' })).toBeVisible();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/Los_Angeles');
    await user.click(screen.getByRole('button', { name: 'Save billing information' }));
    expect(await screen.findByText('Your billing information has been saved.')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      address: {
        line1: '1 SW Main St',
        line2: null,
        city: 'Portland',
        region: 'OR',
        postalCode: '97204',
        country: 'US',
      },
      timeZone: 'America/Los_Angeles',
    });
  });

  it("places the server's field errors and keeps what was typed", async () => {
    server(SAVED, {
      status: 422,
      body: { validationErrors: [{ field: 'timeZone', text: 'Select a time zone' }] },
    });
    const { user } = await openBilling();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Round Rock');
    await user.click(screen.getByRole('button', { name: 'Save billing information' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Select a time zone' })).toHaveAttribute(
      'href',
      '#billing-timezone',
    );
    expect(screen.getByLabelText('Time zone')).toHaveAccessibleDescription(/Select a time zone/);
    expect(screen.getByLabelText('City')).toHaveValue('Round Rock');
    // The title follows the errors once the page has rendered them.
    await waitFor(() => expect(document.title).toMatch(/^Error: /));
  });

  it('keeps what was typed after a server failure and after a reload', async () => {
    server(SAVED, {
      status: 500,
      body: { type: 'about:blank', title: 'Oops', status: 500, code: 'INTERNAL' },
    });
    const first = await openBilling();
    await first.user.clear(screen.getByLabelText('City'));
    await first.user.type(screen.getByLabelText('City'), 'Round Rock');
    await first.user.click(screen.getByRole('button', { name: 'Save billing information' }));
    expect(await screen.findByText(/We couldn't save your changes/)).toBeVisible();
    expect(screen.getByLabelText('City')).toHaveValue('Round Rock');

    // A reload: the page starts from this tab's draft, not from the saved address.
    first.unmount();
    await openBilling();
    expect(screen.getByLabelText('City')).toHaveValue('Round Rock');
    expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Main St');
  });

  it("does not start from another person's draft", async () => {
    server();
    const first = await openBilling();
    await first.user.clear(screen.getByLabelText('City'));
    await first.user.type(screen.getByLabelText('City'), 'Round Rock');
    first.unmount();
    server({ ...SAVED, email: 'someone.else@example.com' });
    await openBilling();
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es-MX');
    server();
    renderAccountPage('/billing');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Información de facturación' },
        { timeout: 5000 },
      ),
    ).toBeVisible();
    expect(await screen.findByText('Visa con terminación 1111')).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Guardar información de facturación' }),
    ).toBeVisible();
  });
});
