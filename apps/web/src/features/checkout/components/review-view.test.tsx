import type { PricingResponse } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readQueue } from '@/lib/analytics';
import { useFunnelStore } from '@/stores/funnel-store';
import {
  CREDENTIALS_TOKEN,
  checkoutSignup,
  onCheckoutPricing,
  onClientToken,
  paymentResponse,
  priceFor,
  reloadCheckoutFromStorage,
  seedCheckout,
  USER_ID,
} from '@/test/checkout-fixtures';
import { type MockReply, mockFetch, on, type RecordedCall } from '@/test/fetch-mock';
import { SIGNUP_ID, seedFunnel } from '@/test/join-fixtures';
import { GB_PACKAGES, onCoupons, onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';
import { useCheckoutStore } from '../checkout-store';

vi.mock('@/lib/page-reload', () => ({ wasPageReloaded: () => true }));

const TEXAS_PRICING = priceFor(US_PACKAGES, {
  address: { country: 'US', region: 'TX' },
  orderDetail: { packageId: 3003, services: [] },
}).body as PricingResponse;

const problem = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { type: 'about:blank', title: code, status, code, ...extra },
});

/** The payment call answers `replies` in turn (the last one repeats). */
function server(replies: MockReply[], { gb = false } = {}) {
  let attempt = 0;
  const packages = gb ? GB_PACKAGES : US_PACKAGES;
  const mock = mockFetch(
    on('GET', `/v2/signups/${SIGNUP_ID}`, {
      body: checkoutSignup({
        order: { packageId: gb ? 2061 : 3003, productId: 'SUB1YEAR', services: [] },
      }),
    }),
    ...onPricingFor(packages, gb ? 'GB' : 'US'),
    onCoupons(),
    onCheckoutPricing(packages),
    onClientToken(),
    on('POST', `/v2/signups/${SIGNUP_ID}/payment`, () => {
      const reply = replies[Math.min(attempt, replies.length - 1)] ?? { status: 500 };
      attempt += 1;
      if (reply.status === 0) throw new TypeError('Failed to fetch');
      return reply;
    }),
  );
  const payments = () => mock.calls.filter((call) => call.url.endsWith('/payment'));
  return { ...mock, payments };
}

async function openReview({ country = 'US' }: { country?: string } = {}) {
  seedFunnel(3);
  useFunnelStore.setState({ packageId: country === 'US' ? 3003 : 2061 });
  seedCheckout('REVIEW', { country });
  const rendered = await renderApp('/payment');
  await screen.findByRole('heading', { level: 2, name: 'Review your order' });
  await screen.findByText('Total due today');
  return rendered;
}

const payNow = () => screen.getByRole('button', { name: 'Pay now' });
const keyOf = (call: RecordedCall | undefined) => call?.headers['idempotency-key'];

describe('Review view', () => {
  it('shows the email, billing and method, each with Change, and the summary', async () => {
    server([{ body: paymentResponse(TEXAS_PRICING) }]);
    const { user, router } = await openReview();
    const billing = screen.getByRole('region', { name: 'Billing details' });
    expect(within(billing).getByText(/100 Congress Ave/)).toBeVisible();
    expect(within(billing).getByText(/Austin, Texas, 78701/)).toBeVisible();
    // The phone as libphonenumber writes it with its dial code (was '+1 5551234567').
    expect(await within(billing).findByText(/\+1 555 123 4567/)).toBeVisible();
    expect(screen.getByText('ana@example.com')).toBeVisible();
    expect(screen.getByText('Visa ending in 1111')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Order summary' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Step 3: Review/ })).toHaveAttribute(
      'aria-current',
      'step',
    );

    await user.click(screen.getByRole('button', { name: 'Change payment method' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment details' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Step 3: Review/ }));
    await user.click(await screen.findByRole('button', { name: 'Change billing details' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Billing information' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Step 3: Review/ }));
    await user.click(await screen.findByRole('button', { name: 'Back to payment' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment details' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /Step 3: Review/ }));
    await user.click(await screen.findByRole('link', { name: 'Change email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
  });

  it('pays with a new Idempotency-Key and the spec’s body, then goes to /credentials', async () => {
    const { payments } = server([{ body: paymentResponse(TEXAS_PRICING) }]);
    const { user, router } = await openReview();
    await user.click(payNow());
    await waitFor(() => expect(router.state.location.pathname).toBe('/credentials'));
    const call = payments()[0];
    expect(keyOf(call)).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers['x-registration-key']).toBe('test-registration-key');
    expect(call?.body).toMatchObject({
      marketingOptIn: true,
      order: { packageId: 3003, productId: 'SUB1YEAR', services: [] },
      parentDuplicateConfirmed: false,
      coParentDuplicateConfirmed: false,
      payment: {
        amountDisplayed: TEXAS_PRICING.totals.total,
        taxAmountDisplayed: TEXAS_PRICING.totals.taxAmount,
        cardHolderName: 'Ana García',
        nonce: 'tokencc_sb_1111',
        paymentType: 'CREDIT_CARD',
        pricingLocale: 'en',
        storePaymentOnFile: true,
        taxId: 'table-2025-04:US',
        bankAccountNumber: null,
        bankRoutingNumber: null,
      },
      payForCoparent: false,
      promoCodes: null,
      paymentCodes: null,
    });
    expect(router.state.location.state).toEqual({
      credentialsToken: CREDENTIALS_TOKEN,
      userId: USER_ID,
    });
    expect(useCheckoutStore.getState()).toMatchObject({
      credentials: { token: CREDENTIALS_TOKEN, userId: USER_ID },
      pendingAttempt: undefined,
    });
    expect(useCheckoutStore.getState().result?.receipt.transactionId).toBe('txn_123');
    const events = readQueue().flatMap((e) => (e.type === 'track' ? [e.event] : []));
    expect(events).toEqual(expect.arrayContaining(['Order Completed', 'Subscription Created']));
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({
        event: 'purchase',
        ecommerce: expect.objectContaining({ transaction_id: 'txn_123' }),
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Almost there...' })).toBeVisible();
  });

  it('replays the same attempt with the same key after a lost answer, and a reload', async () => {
    const { payments } = server([
      { status: 0 },
      problem(409, 'PAYMENT_IN_PROGRESS', {
        detail:
          'Your payment is already being processed. Please wait a moment before trying again.',
      }),
      { body: paymentResponse(TEXAS_PRICING) },
    ]);
    const { user, unmount } = await openReview();
    await user.click(payNow());
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeVisible();
    expect(payNow()).toBeEnabled();
    const firstKey = keyOf(payments()[0]);
    expect(useCheckoutStore.getState().pendingAttempt?.key).toBe(firstKey);

    await user.click(payNow());
    expect(await screen.findByText(/already being processed/)).toBeVisible();
    expect(keyOf(payments()[1])).toBe(firstKey);

    // A reload keeps the attempt: Pay now replays it rather than paying again.
    unmount();
    await reloadCheckoutFromStorage();
    const rendered = await renderApp('/payment');
    await screen.findByText(/Your last payment didn't finish loading/);
    await screen.findByText('Total due today');
    await rendered.user.click(payNow());
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/credentials'));
    expect(keyOf(payments()[2])).toBe(firstKey);
    expect(payments()[2]?.body).toEqual(payments()[0]?.body);
  });

  it('shows a decline on Review, re-enables Pay now, and uses a new key next time', async () => {
    const { payments } = server([
      problem(402, 'PAYMENT_DECLINED', {
        detail: 'Your payment method was declined. Please try a different one.',
        reason: 'PROCESSOR_DECLINED',
      }),
    ]);
    const { user } = await openReview();
    await user.click(payNow());
    const alert = await screen.findByText(
      'Your payment method was declined. Please try a different one.',
    );
    expect(alert).toBeVisible();
    expect(payNow()).toBeEnabled();
    expect(useCheckoutStore.getState().pendingAttempt).toBeUndefined();
    await user.click(payNow());
    await waitFor(() => expect(payments()).toHaveLength(2));
    expect(keyOf(payments()[1])).not.toBe(keyOf(payments()[0]));
    expect(document.title).toMatch(/^Error: /);
  });

  it('keeps Pay now disabled while paying (a double click sends one request)', async () => {
    let release: (value: MockReply) => void = () => {};
    const pending = new Promise<MockReply>((resolve) => {
      release = resolve;
    });
    const { payments } = server([{ body: paymentResponse(TEXAS_PRICING) }]);
    // Hold the first answer until both clicks happened.
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/payment')) {
        await original?.(input, init);
        const reply = await pending;
        return new Response(JSON.stringify(reply.body), { status: 200 });
      }
      return original ? original(input, init) : new Response(null, { status: 500 });
    });
    const { user, router } = await openReview();
    await user.dblClick(payNow());
    expect(payNow()).toBeDisabled();
    expect(screen.getByText(/Processing your payment/)).toBeVisible();
    release({ body: paymentResponse(TEXAS_PRICING) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/credentials'));
    expect(payments()).toHaveLength(1);
  });

  it('shows a changed price and lets the person confirm it', async () => {
    const newPricing = priceFor(US_PACKAGES, {
      address: { country: 'US', region: 'TX' },
      orderDetail: { packageId: 3003, services: [] },
      payForCoparent: true,
    }).body as PricingResponse;
    const { payments } = server([
      problem(409, 'PRICE_CHANGED', {
        detail: `Your total has changed to ${newPricing.totals.totalFormatted}. Please review it before paying.`,
        pricing: newPricing,
      }),
      { body: paymentResponse(newPricing) },
    ]);
    const { user, router } = await openReview();
    await user.click(payNow());
    expect(
      await screen.findByText(
        `Your total has changed to ${newPricing.totals.totalFormatted}. Please review it before paying.`,
      ),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Order summary' })).getByText(
        newPricing.totals.totalFormatted,
      ),
    ).toBeVisible();
    await user.click(payNow());
    await waitFor(() => expect(router.state.location.pathname).toBe('/credentials'));
    expect(payments()[1]?.body).toMatchObject({
      payment: { amountDisplayed: newPricing.totals.total },
    });
    expect(keyOf(payments()[1])).not.toBe(keyOf(payments()[0]));
  });

  it('lists validation errors on Review', async () => {
    server([
      {
        status: 422,
        body: { validationErrors: [{ field: 'paymentCodes.0', text: 'Invalid activation code' }] },
      },
    ]);
    const { user } = await openReview();
    await user.click(payNow());
    expect(await screen.findByText('Invalid activation code')).toBeVisible();
  });

  it('goes to /duplicate when the parent now has an account', async () => {
    server([
      {
        status: 422,
        body: {
          validationErrors: [{ field: 'parentDuplicate', text: 'Duplicate', type: 'DUPLICATE' }],
        },
      },
    ]);
    const { user, router } = await openReview();
    await user.click(payNow());
    await waitFor(() => expect(router.state.location.pathname).toBe('/duplicate'));
  });

  it('starts again at /step1 when the registration has expired', async () => {
    server([problem(404, 'SIGNUP_EXPIRED')]);
    const { user, router } = await openReview();
    await user.click(payNow());
    await waitFor(() => expect(router.state.location.pathname).toBe('/step1'));
    expect(useFunnelStore.getState()).toMatchObject({
      signupId: undefined,
      hasSessionEnded: true,
    });
  });

  it('keeps Pay now disabled until the terms are accepted when consent is required', async () => {
    const gbPricing = priceFor(GB_PACKAGES, {
      address: { country: 'GB' },
      orderDetail: { packageId: 2061, services: [] },
    }).body as PricingResponse;
    const { payments } = server([{ body: paymentResponse(gbPricing) }], { gb: true });
    const { user, router } = await openReview({ country: 'GB' });
    expect(payNow()).toBeDisabled();
    expect(screen.getByText('To pay, please agree to the Terms of Use.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: /Terms of Use/ }));
    expect(payNow()).toBeEnabled();
    await user.click(payNow());
    await waitFor(() => expect(router.state.location.pathname).toBe('/credentials'));
    expect(payments()[0]?.body).toMatchObject({ termsAccepted: true, marketingOptIn: false });
  });

  it('confirms an order a code pays in full: "Covered by code", Confirm order, no card', async () => {
    const covered = priceFor(US_PACKAGES, {
      address: { country: 'US', region: 'TX' },
      orderDetail: { packageId: 3003, services: [] },
      paymentCodes: ['PRO-PREM1-DEMO1'],
    }).body as PricingResponse;
    const { payments } = server([{ body: paymentResponse(covered) }]);
    seedFunnel(3);
    useFunnelStore.setState({ packageId: 3003, paymentCodes: ['PRO-PREM1-DEMO1'] });
    seedCheckout('REVIEW', { nonces: {}, card: undefined });
    const { user, router } = await renderApp('/payment');
    await screen.findByRole('heading', { level: 2, name: 'Review your order' });

    const method = screen.getByRole('region', { name: 'Payment method' });
    expect(await within(method).findByText('Covered by code PRO-PREM1-DEMO1')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/credentials'));
    expect(payments()[0]?.body).toMatchObject({
      payment: { amountDisplayed: 0, nonce: null, storePaymentOnFile: false },
      paymentCodes: ['PRO-PREM1-DEMO1'],
    });
  });
});
