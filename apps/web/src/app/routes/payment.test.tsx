import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signupFlowId, useCheckoutStore } from '@/features/checkout/checkout-store';
import { readQueue } from '@/lib/analytics';
import { useFunnelStore } from '@/stores/funnel-store';
import {
  onBillingSave,
  onCheckoutPricing,
  onCheckoutSignup,
  onClientToken,
  onCountryCheck,
  onTokenize,
} from '@/test/checkout-fixtures';
import { mockFetch, on } from '@/test/fetch-mock';
import { SIGNUP_ID, seedFunnel } from '@/test/join-fixtures';
import { onCoupons, onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const billingServer = (...extra: Parameters<typeof mockFetch>) =>
  mockFetch(
    ...extra,
    onCheckoutSignup(),
    ...onPricingFor(US_PACKAGES, 'US'),
    onCoupons(),
    onCheckoutPricing(),
    onClientToken(),
  );

const field = (name: string | RegExp) => screen.getByLabelText(name);

async function openBilling() {
  seedFunnel(3);
  useFunnelStore.setState({ packageId: 3003 });
  const rendered = await renderApp('/payment');
  await screen.findByRole('heading', { level: 2, name: 'Billing information' });
  return rendered;
}

async function fillTexas(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.type(field('Billing address'), '100 Congress Ave');
  await user.type(field('City'), 'Austin');
  await user.selectOptions(field('State or province'), 'TX');
  await user.type(field('Postal code'), '78701');
  await user.selectOptions(field('Time zone'), 'America/Chicago');
  await user.selectOptions(field('How did you first hear about us?'), 'SEARCH_ENGINE');
}

describe('/payment: entry', () => {
  it('sends a person with fewer than 3 steps done to the next step', async () => {
    seedFunnel(2);
    mockFetch(
      on('GET', `/v2/signups/${SIGNUP_ID}`, { body: { ...onCheckoutSignupBody(2) } }),
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
    );
    const { router } = await renderApp('/payment');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose your package' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
  });

  it('sends a confirmed duplicate parent to /duplicate with their name and email', async () => {
    seedFunnel(3);
    useFunnelStore.setState({ parentDuplicateConfirmed: true });
    billingServer();
    const { router } = await renderApp('/payment');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get connected to your co-parent' }),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicate'));
    expect(screen.getByText(/Ana/)).toBeVisible();
  });

  it('shows a spinner until the saved package is read, then the Billing view', async () => {
    seedFunnel(3);
    billingServer();
    await renderApp('/payment');
    expect(await screen.findByText('Loading your package…')).toBeVisible();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Billing information' }),
    ).toBeVisible();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Premium · 1 year')).toBeVisible();
    // Before the address is known the tax is not calculated yet.
    expect(within(summary).getByText('Plus applicable taxes')).toBeVisible();
  });

  it('goes back to /step3 when the price cannot be calculated', async () => {
    seedFunnel(3);
    mockFetch(
      on('POST', `/v2/signups/${SIGNUP_ID}/pricing`, {
        status: 409,
        body: { type: 'about:blank', title: 'Mismatch', status: 409, code: 'COUNTRY_MISMATCH' },
      }),
      onCheckoutSignup(),
      ...onPricingFor(US_PACKAGES, 'US'),
      onCoupons(),
    );
    const { router } = await renderApp('/payment');
    expect(
      await screen.findByText('We could not calculate your price. Please try again.'),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
  });

  it('starts at Billing with the promo codes cleared on a new visit', async () => {
    useCheckoutStore.setState({
      flowId: signupFlowId(SIGNUP_ID),
      view: 'REVIEW',
      lastCompletedPaymentStep: 2,
      promoCodesEntered: ['WELCOME10'],
    });
    billingServer();
    await openBilling();
    expect(useCheckoutStore.getState()).toMatchObject({ view: 'BILLING', promoCodesEntered: [] });
    // Review stays clickable: the steps done are remembered.
    expect(screen.getByRole('button', { name: /Step 3: Review/ })).toBeEnabled();
  });
});

describe('/payment: Billing', () => {
  it('shows the name and email read-only and the country from the phone', async () => {
    billingServer();
    await openBilling();
    // Read-only: shown as text, not as fields.
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.getByText('Ana García')).toBeVisible();
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    expect(screen.getByText('ana@example.com')).toBeVisible();
    expect(field('Country')).toHaveValue('US');
    // The tabs: Billing is current; Payment and Review are not yet reachable.
    expect(screen.getByRole('button', { name: /Step 1: Billing/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByRole('button', { name: /Step 2: Payment/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Step 3: Review/ })).toBeDisabled();
  });

  it('clears the region and time zone with a new country, and the time zone with a new region', async () => {
    billingServer();
    const { user } = await openBilling();
    await user.selectOptions(field('State or province'), 'TX');
    await user.selectOptions(field('Time zone'), 'America/Chicago');
    await user.selectOptions(field('State or province'), 'CA');
    // California has one time zone: it is chosen for the person.
    expect(field('Time zone')).toHaveValue('America/Los_Angeles');
    await user.selectOptions(field('State or province'), 'TX');
    expect(field('Time zone')).toHaveValue('');
    await user.selectOptions(field('Time zone'), 'America/Chicago');
    await user.selectOptions(field('Country'), 'CA');
    expect(field('State or province')).toHaveValue('');
    expect(field('Time zone')).toHaveValue('');
  });

  it('asks for more detail for OTHER, COURT_ORDERED and REFERRED_FL', async () => {
    billingServer();
    const { user } = await openBilling();
    const referral = field('How did you first hear about us?');
    await user.selectOptions(referral, 'SEARCH_ENGINE');
    expect(screen.queryByRole('textbox', { name: 'Who referred you?' })).not.toBeInTheDocument();
    await user.selectOptions(referral, 'REFERRED_FL');
    expect(screen.getByRole('textbox', { name: 'Who referred you?' })).toBeVisible();
    await user.selectOptions(referral, 'OTHER');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByText('Tell us more about how you heard about us')).toBeVisible();
    expect(
      within(summary).getByText('The address must be between 3 and 50 characters'),
    ).toBeVisible();
    expect(within(summary).getByText('Postal code is not valid')).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Error: Billing/));
  });

  it('saves the billing, checks the country, and moves on to Payment (US: no consent)', async () => {
    const { calls } = billingServer(onCountryCheck(), onBillingSave());
    const { user } = await openBilling();
    await fillTexas(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment details' })).toBeVisible();
    const check = calls.find((call) => call.url.endsWith('/country-check'));
    expect(check?.body).toEqual({
      packageId: 3003,
      countryCriteria: { country: 'US', countryCode: '1', phoneNumber: '5551234567' },
    });
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      sections: ['PARENT', 'ADDRESS', 'REFERRAL'],
      parent: { timeZone: 'America/Chicago' },
      address: {
        line1: '100 Congress Ave',
        line2: null,
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        country: 'US',
      },
      referral: { selection: 'SEARCH_ENGINE' },
    });
    expect(useCheckoutStore.getState()).toMatchObject({
      lastCompletedPaymentStep: 1,
      view: 'PAYMENT',
      consent: { isRequired: false, marketingOptIn: true },
    });
    expect(screen.queryByRole('checkbox', { name: /Terms of Use/ })).not.toBeInTheDocument();
    // The price now uses the billing address: Texas sales tax.
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(await within(summary).findByText('Sales tax')).toBeVisible();
    expect(
      readQueue().some((e) => e.type === 'track' && e.event === 'Checkout Step Completed'),
    ).toBe(true);
  });

  it('requires consent outside the US', async () => {
    billingServer(onCountryCheck(), onBillingSave());
    const { user } = await openBilling();
    await user.selectOptions(field('Country'), 'GB');
    await user.type(field('Billing address'), '10 Downing Street');
    await user.type(field('City'), 'London');
    await user.selectOptions(field('State or province'), 'ENG');
    await user.type(field('Postal code'), 'SW1A 2AA');
    await user.selectOptions(field('How did you first hear about us?'), 'SEARCH_ENGINE');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment details' });
    expect(screen.getByRole('checkbox', { name: /Terms of Use/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Send me tips/ })).not.toBeChecked();
    expect(useCheckoutStore.getState().consent).toEqual({
      isRequired: true,
      termsAndConditions: false,
      marketingOptIn: false,
    });
  });

  it('puts the server’s validation errors beside the fields and in the summary', async () => {
    billingServer(
      onCountryCheck(),
      onBillingSave({
        status: 422,
        body: {
          validationErrors: [
            { field: 'address.postalCode', text: 'Postal code is not valid' },
            { field: 'parent.firstName', text: 'This detail cannot be changed here' },
          ],
        },
      }),
    );
    const { user } = await openBilling();
    await fillTexas(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Postal code is not valid' })).toBeVisible();
    expect(within(summary).getByText('This detail cannot be changed here')).toBeVisible();
    expect(field('Postal code')).toHaveAttribute('aria-invalid', 'true');
    expect(useCheckoutStore.getState().view).toBe('BILLING');
  });

  it("says 'unexpected error' when the save answers nothing", async () => {
    billingServer(onCountryCheck(), onBillingSave({ status: 200 }));
    const { user } = await openBilling();
    await fillTexas(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const summary = await screen.findByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary).getByText('An unexpected error occurred. Please try again.'),
    ).toBeVisible();
  });

  it('asks about a country mismatch; OK forgets the package, saves and goes to /step3', async () => {
    const { calls } = billingServer(
      onCountryCheck({
        status: 409,
        body: { type: 'about:blank', title: 'Mismatch', status: 409, code: 'COUNTRY_MISMATCH' },
      }),
      onBillingSave(),
    );
    const { user, router } = await openBilling();
    await fillTexas(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const dialog = await screen.findByRole('dialog', {
      name: "Your package isn't available in this country",
    });
    expect(
      within(dialog).getByText(/The package you chose is not available in your country/),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'OK, choose my package again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
    expect(calls.some((call) => call.method === 'PATCH')).toBe(true);
    expect(useFunnelStore.getState().packageId).toBeUndefined();
    expect(useFunnelStore.getState().billingCountry).toBe('US');
  });

  it('stays on Billing when the mismatch is answered with Change my country', async () => {
    const { calls } = billingServer(
      onCountryCheck({
        status: 409,
        body: { type: 'about:blank', title: 'Mismatch', status: 409, code: 'COUNTRY_MISMATCH' },
      }),
      onBillingSave(),
    );
    const { user } = await openBilling();
    await fillTexas(user);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Change my country' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(screen.getByRole('heading', { level: 2, name: 'Billing information' })).toBeVisible();
  });

  it('keeps what was typed for a reload, and Back goes to the packages', async () => {
    billingServer();
    const { user, router } = await openBilling();
    await user.type(field('Billing address'), '100 Congress Ave');
    expect(useCheckoutStore.getState().billingDraft?.billing?.billingAddress).toBe(
      '100 Congress Ave',
    );
    await user.click(screen.getByRole('button', { name: /Back to packages/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/step3'));
  });
});

describe('/payment: analytics', () => {
  const viewed = () =>
    readQueue().flatMap((e) =>
      e.type === 'track' && e.event === 'Checkout Step Viewed' ? [e.properties] : [],
    );
  const BILLING = { step: 1, stepName: 'BILLING' };
  const PAYMENT = { step: 2, stepName: 'PAYMENT' };
  const REVIEW = { step: 3, stepName: 'REVIEW' };

  it("fires 'Checkout Step Viewed' once per view shown, with the step's number and name", async () => {
    billingServer(onCountryCheck(), onBillingSave(), onTokenize());
    const { user } = await openBilling();
    // Typing (re-renders) does not fire it again: only a view being shown does.
    await fillTexas(user);
    expect(viewed()).toEqual([BILLING]);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment details' });
    await user.type(
      await screen.findByRole('textbox', { name: 'Card number' }),
      '4111111111111111',
    );
    await user.type(screen.getByRole('textbox', { name: 'Expiration date' }), '12/34');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '123');
    expect(viewed()).toEqual([BILLING, PAYMENT]);
    await user.click(screen.getByRole('button', { name: 'Review Order' }));
    await screen.findByRole('heading', { level: 2, name: 'Review your order' });
    await screen.findByText('Total due today');
    expect(viewed()).toEqual([BILLING, PAYMENT, REVIEW]);
    // Each view is viewed after the step before it is completed.
    const order = readQueue().flatMap((e) =>
      e.type === 'track' && e.event.startsWith('Checkout Step')
        ? [`${e.event}:${String(e.properties.stepName)}`]
        : [],
    );
    expect(order).toEqual([
      'Checkout Step Viewed:BILLING',
      'Checkout Step Completed:BILLING',
      'Checkout Step Viewed:PAYMENT',
      'Checkout Step Completed:PAYMENT',
      'Checkout Step Viewed:REVIEW',
    ]);
    // Going back to a view by its tab is a new view of it.
    await user.click(screen.getByRole('button', { name: /Step 1: Billing/ }));
    await screen.findByRole('heading', { level: 2, name: 'Billing information' });
    expect(viewed()).toEqual([BILLING, PAYMENT, REVIEW, BILLING]);
  });
});

function onCheckoutSignupBody(lastCompletedStep: number) {
  return {
    signupId: SIGNUP_ID,
    lastCompletedStep,
    parent: {
      firstName: 'Ana',
      lastName: 'García',
      email: 'ana@example.com',
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '5551234567',
    },
    knowsCoParentEmail: true,
    coParent: null,
    children: [],
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    order: null,
    buildYourOwn: null,
    pendingBuildYourOwnPackageId: null,
  };
}
