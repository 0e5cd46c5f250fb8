import type { Package } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlagOverrides } from '@/lib/flags';
import {
  checkoutSignup,
  onCheckoutPricing,
  onClientToken,
  onTokenize,
  seedCheckout,
} from '@/test/checkout-fixtures';
import { mockFetch, on } from '@/test/fetch-mock';
import { SIGNUP_ID, seedFunnel } from '@/test/join-fixtures';
import { GB_PACKAGES, onCoupons, onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';
import { useCheckoutStore } from '../checkout-store';

// These screens are reached after a reload: the store's view is kept (a new visit starts at Billing).
vi.mock('@/lib/page-reload', () => ({ wasPageReloaded: () => true }));

function server(packages: readonly Package[] = US_PACKAGES, extra: Record<string, unknown> = {}) {
  const country = packages === GB_PACKAGES ? 'GB' : 'US';
  return mockFetch(
    on('GET', `/v2/signups/${SIGNUP_ID}`, {
      body: checkoutSignup({
        order: {
          packageId: packages === GB_PACKAGES ? 2061 : 3003,
          productId: 'SUB1YEAR',
          services: [],
        },
        ...extra,
      }),
    }),
    ...onPricingFor(packages, country),
    onCoupons(),
    onCheckoutPricing(packages),
    onClientToken(),
    onTokenize(),
  );
}

async function openPayment({
  flags,
  country = 'US',
  view = 'PAYMENT',
}: {
  flags?: FlagOverrides;
  country?: string;
  view?: 'PAYMENT' | 'REVIEW';
} = {}) {
  seedFunnel(3);
  seedCheckout(view, { country });
  const rendered = await renderApp('/payment', { flags });
  await screen.findByRole('heading', {
    level: 2,
    name: view === 'PAYMENT' ? 'Payment details' : 'Review your order',
  });
  return rendered;
}

const reviewOrder = () => screen.getByRole('button', { name: 'Review Order' });
const methods = () =>
  within(screen.getByRole('group', { name: 'How would you like to pay?' }))
    .getAllByRole('radio')
    .map((radio) => radio.getAttribute('value'));

/** A browser with Apple Pay, as Safari's ApplePaySession says (jsdom, like Chromium, has none). */
function offerApplePay() {
  vi.stubGlobal('ApplePaySession', { canMakePayments: () => true });
}

describe('Payment view', () => {
  beforeEach(offerApplePay);

  it('offers Apple Pay only where the browser supports it, in the sandbox too', async () => {
    vi.stubGlobal('ApplePaySession', undefined);
    server();
    await openPayment();
    await waitFor(() => expect(methods()).toEqual(['CREDIT_CARD']));
  });

  it('offers no Apple Pay where ApplePaySession cannot make payments', async () => {
    vi.stubGlobal('ApplePaySession', { canMakePayments: () => false });
    server();
    await openPayment();
    await waitFor(() => expect(methods()).toEqual(['CREDIT_CARD']));
  });

  it('makes Payment the current tab and Review reachable only after the payment step', async () => {
    server();
    const { user } = await openPayment();
    expect(screen.getByRole('button', { name: /Step 1: Billing/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Step 2: Payment/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByRole('button', { name: /Step 3: Review/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Step 1: Billing/ }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Billing information' }),
    ).toBeVisible();
    // The summary sidebar is on Billing and Payment.
    expect(screen.getByRole('region', { name: 'Order summary' })).toBeVisible();
  });

  it('offers card and Apple Pay by default; PayPal and Venmo with their experiments', async () => {
    server();
    await openPayment();
    await waitFor(() => expect(methods()).toEqual(['CREDIT_CARD', 'APPLE_PAY']));
  });

  it('offers PayPal and Venmo (US) when their experiments are on', async () => {
    server();
    await openPayment({ flags: { 'paypal-in-join': 'Treatment', venmo: 'Treatment' } });
    await waitFor(() => expect(methods()).toEqual(['CREDIT_CARD', 'PAYPAL', 'VENMO', 'APPLE_PAY']));
  });

  it('hides methods the restriction flags hide, and Venmo outside the US', async () => {
    server();
    await openPayment({
      flags: {
        'paypal-in-join': 'Treatment',
        venmo: 'Treatment',
        'hide-paypal': true,
        'hide-apple-pay': true,
      },
    });
    await waitFor(() => expect(methods()).toEqual(['CREDIT_CARD', 'VENMO']));
  });

  it('apple-pay Treatment offers Apple Pay first, the card still chosen', async () => {
    server();
    await openPayment({ flags: { 'apple-pay': 'Treatment' } });
    await waitFor(() => expect(methods()).toEqual(['APPLE_PAY', 'CREDIT_CARD']));
    expect(screen.getByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
  });

  it('apple-pay Control keeps Apple Pay after the other methods', async () => {
    server();
    await openPayment({ flags: { 'apple-pay': 'Control', 'paypal-in-join': 'Treatment' } });
    await waitFor(() => expect(methods()).toEqual(['CREDIT_CARD', 'PAYPAL', 'APPLE_PAY']));
  });

  it('apple-pay Treatment never shows Apple Pay where it is restricted', async () => {
    server();
    await openPayment({ flags: { 'apple-pay': 'Treatment', 'hide-apple-pay': true } });
    await waitFor(() => expect(methods()).toEqual(['CREDIT_CARD']));
  });

  it('shows no PayPal or Venmo for a GB billing address', async () => {
    server(GB_PACKAGES);
    await openPayment({
      flags: { 'paypal-in-join': 'Treatment', venmo: 'Treatment' },
      country: 'GB',
    });
    await waitFor(() => expect(methods()).toEqual(['CREDIT_CARD', 'APPLE_PAY']));
  });

  it("shows the spec's three card messages and enables Review Order only for a valid card", async () => {
    const { calls } = server();
    const { user } = await openPayment();
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    expect(reviewOrder()).toBeDisabled();
    await user.type(number, '4111 1111 1111 1112');
    await user.type(screen.getByRole('textbox', { name: 'Expiration date' }), '13/99');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '1');
    await user.tab();
    expect(screen.getByText('Enter a valid credit card number')).toBeVisible();
    expect(screen.getByText('Enter a valid expiration date')).toBeVisible();
    expect(screen.getByText('Enter a valid security code')).toBeVisible();
    expect(reviewOrder()).toBeDisabled();

    await user.clear(number);
    await user.type(number, '4111 1111 1111 1111');
    await user.clear(screen.getByRole('textbox', { name: 'Expiration date' }));
    await user.type(screen.getByRole('textbox', { name: 'Expiration date' }), '12/34');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '23');
    expect(screen.queryByText('Enter a valid credit card number')).not.toBeInTheDocument();
    expect(reviewOrder()).toBeEnabled();
    await user.click(reviewOrder());
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Review your order' }),
    ).toBeVisible();
    expect(calls.find((call) => call.url === '/v2/payment/sandbox/tokenize')?.body).toMatchObject({
      number: '4111 1111 1111 1111',
      expirationDate: '12/34',
      cvv: '123',
      postalCode: '78701',
    });
    expect(useCheckoutStore.getState()).toMatchObject({
      lastCompletedPaymentStep: 2,
      nonces: { CREDIT_CARD: 'tokencc_sb_1111' },
      card: { cardType: 'Visa', lastFour: '1111' },
    });
    // Review shows the card, and the summary sits in the page instead of the sidebar.
    expect(screen.getByText('Visa ending in 1111')).toBeVisible();
    expect(screen.getAllByRole('region', { name: 'Order summary' })).toHaveLength(1);
  });

  it('groups the number for its brand, adds the expiry slash and sizes the security code as typed', async () => {
    server();
    const { user } = await openPayment();
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    const expiry = screen.getByRole('textbox', { name: 'Expiration date' });
    const cvv = screen.getByRole('textbox', { name: 'Security code' });
    await user.type(number, '4111111111111111');
    expect(number).toHaveValue('4111 1111 1111 1111');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    await user.type(expiry, '1230');
    expect(expiry).toHaveValue('12 / 30');
    expect(expiry).toHaveAttribute('autocomplete', 'cc-exp');
    await user.type(cvv, '12a34');
    expect(cvv).toHaveValue('123');
    expect(cvv).toHaveAttribute('autocomplete', 'cc-csc');

    await user.clear(number);
    await user.type(number, '378282246310005');
    expect(number).toHaveValue('3782 822463 10005');
    expect(screen.getByText('AMEX')).toBeVisible();
    await user.clear(cvv);
    await user.type(cvv, '12345');
    expect(cvv).toHaveValue('1234');
    expect(reviewOrder()).toBeEnabled();
  });

  it('refuses a card brand the restriction flags hide', async () => {
    server();
    const { user } = await openPayment({ flags: { 'hide-amex': true } });
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    await user.type(number, '378282246310005');
    await user.type(screen.getByRole('textbox', { name: 'Expiration date' }), '12/34');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '1234');
    expect(
      screen.getByText("We can't accept American Express cards. Please use another card."),
    ).toBeVisible();
    expect(reviewOrder()).toBeDisabled();
  });

  it('refuses Discover under hide-discover, and takes American Express then', async () => {
    server();
    const { user } = await openPayment({ flags: { 'hide-discover': true } });
    const number = await screen.findByRole('textbox', { name: 'Card number' });
    await user.type(number, '6011111111111117');
    await user.type(screen.getByRole('textbox', { name: 'Expiration date' }), '12/34');
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '123');
    expect(
      screen.getByText("We can't accept Discover cards. Please use another card."),
    ).toBeVisible();
    expect(reviewOrder()).toBeDisabled();
    await user.clear(number);
    await user.type(number, '378282246310005');
    await user.clear(screen.getByRole('textbox', { name: 'Security code' }));
    await user.type(screen.getByRole('textbox', { name: 'Security code' }), '1234');
    expect(screen.queryByText(/cards\. Please use another card\./)).toBeNull();
    expect(reviewOrder()).toBeEnabled();
  });

  it('stores a wallet nonce from the sandbox dialog; cancel and choosing the card clear it', async () => {
    server();
    const { user } = await openPayment({ flags: { 'paypal-in-join': 'Treatment' } });
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    expect(reviewOrder()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Continue with PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay with PayPal' });
    await user.click(within(dialog).getByRole('button', { name: 'Agree and continue' }));
    expect(useCheckoutStore.getState().nonces).toEqual({
      PAYPAL: 'fake-paypal-billing-agreement-nonce',
    });
    expect(screen.getByText('PayPal is connected and ready.')).toBeVisible();
    expect(reviewOrder()).toBeEnabled();

    // PayPal cancel clears its nonce.
    await user.click(screen.getByRole('button', { name: 'Connect PayPal again' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(useCheckoutStore.getState().nonces).toEqual({});
    expect(reviewOrder()).toBeDisabled();

    // Apple Pay's nonce is cleared by choosing the card.
    await user.click(screen.getByRole('radio', { name: 'Apple Pay' }));
    await user.click(screen.getByRole('button', { name: 'Continue with Apple Pay' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Agree and continue',
      }),
    );
    expect(useCheckoutStore.getState().nonces).toEqual({ APPLE_PAY: 'fake-apple-pay-visa-nonce' });
    await user.click(screen.getByRole('radio', { name: 'Credit or debit card' }));
    expect(useCheckoutStore.getState()).toMatchObject({ method: 'CREDIT_CARD', nonces: {} });
  });

  it('applies a promo code through the pricing call, trimmed, and refuses an unknown one', async () => {
    const { calls } = server();
    const { user } = await openPayment({ flags: { 'paypal-in-join': 'Treatment' } });
    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    await user.click(screen.getByRole('button', { name: 'Continue with PayPal' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Agree and continue',
      }),
    );
    expect(reviewOrder()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Have a promo or subscription code?' }));
    const apply = screen.getByRole('button', { name: 'Apply' });
    const code = screen.getByRole('textbox', { name: 'Promo or subscription code' });
    expect(apply).toBeDisabled();
    // An open box without a code holds Review Order back.
    expect(reviewOrder()).toBeDisabled();
    await user.type(code, '   ');
    expect(apply).toBeDisabled();

    await user.clear(code);
    await user.type(code, '  nope-0 ');
    await user.click(apply);
    expect(await screen.findByText('Invalid promo code')).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(reviewOrder()).toBeDisabled();

    await user.clear(code);
    await user.type(code, ' welcome10 ');
    await user.click(apply);
    expect(await screen.findByText('Code WELCOME10 applied: $15.00 off')).toBeVisible();
    const pricingBodies = calls
      .filter((call) => call.url.endsWith('/pricing'))
      .map((call) => call.body as { promoCodes: string[] });
    expect(pricingBodies.some((body) => body.promoCodes[0] === 'WELCOME10')).toBe(true);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Discount (WELCOME10)')).toBeVisible();
    expect(useCheckoutStore.getState().promoCodesEntered).toEqual(['WELCOME10']);
    expect(reviewOrder()).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Remove code WELCOME10' }));
    expect(useCheckoutStore.getState().promoCodesEntered).toEqual([]);
  });

  it('applies a subscription code when it is not a promo code', async () => {
    server();
    const { user } = await openPayment();
    await user.click(
      await screen.findByRole('button', { name: 'Have a promo or subscription code?' }),
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Promo or subscription code' }),
      'pro-prem1-demo1',
    );
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code PRO-PREM1-DEMO1 applied: $149.99 off')).toBeVisible();
    // The codes cover everything (Texas tax on nothing is nothing): no method needed.
    expect(
      await screen.findByText(
        'Code PRO-PREM1-DEMO1 covers the whole price: there is nothing to pay and no card to enter.',
      ),
    ).toBeVisible();
    expect(reviewOrder()).toBeEnabled();
  });

  it('shows the consent checkboxes only outside the US', async () => {
    server();
    await openPayment();
    expect(screen.queryByRole('checkbox', { name: /Terms of Use/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Send me tips/ })).not.toBeInTheDocument();
  });

  it('pays for the co-parent only when asked: the price and the VAT double', async () => {
    const { calls } = server(GB_PACKAGES);
    const { user } = await openPayment({ country: 'GB' });
    const terms = screen.getByRole('checkbox', { name: /Terms of Use/ });
    expect(terms).not.toBeChecked();
    await user.click(terms);
    expect(useCheckoutStore.getState().consent.termsAndConditions).toBe(true);

    const payFor = screen.getByRole('checkbox', {
      name: "Also pay for my co-parent's subscription",
    });
    expect(payFor).not.toBeChecked();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(await within(summary).findByText('VAT (included)')).toBeVisible();
    expect(within(summary).getByText('£20.00')).toBeVisible();
    await user.click(payFor);
    expect(await within(summary).findByText('£40.00')).toBeVisible();
    expect(within(summary).getByText("2 subscriptions: yours and your co-parent's")).toBeVisible();
    const last = calls.filter((call) => call.url.endsWith('/pricing')).at(-1);
    expect(last?.body).toMatchObject({ payForCoparent: true });
  });
});
