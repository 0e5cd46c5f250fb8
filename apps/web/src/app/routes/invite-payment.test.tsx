import type { InvitedContext, InvitedUser, PricingResponse } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inviteFlowId, signupFlowId, useCheckoutStore } from '@/features/checkout/checkout-store';
import {
  readInviteCredentialsToken,
  readInvitePaymentResult,
} from '@/stores/invite-payment-result';
import { storeInviteToken } from '@/stores/invite-token';
import {
  CREDENTIALS_TOKEN,
  onClientToken,
  onTokenize,
  paymentResponse,
  priceFor,
} from '@/test/checkout-fixtures';
import {
  databaseUnavailableOnce,
  type Handler,
  type MockReply,
  mockFetch,
  on,
  type RecordedCall,
} from '@/test/fetch-mock';
import {
  INVITE_TOKEN,
  INVITED_USER_PATH,
  invitedContext,
  invitedUser,
} from '@/test/invite-fixtures';
import { SIGNUP_ID } from '@/test/join-fixtures';
import { onPricingFor, US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const USER_ID = invitedUser().userId;
const PREMIUM = { packageId: 3003, productId: 'SUB1YEAR' as const, services: [] };

type InviteServerInit = {
  context?: Partial<InvitedContext>;
  user?: Partial<InvitedUser>;
  pricing?: MockReply;
  countryCheck?: MockReply;
  /** The payment answers these in turn (the last one repeats); default: paid. */
  payments?: (MockReply | 'paid')[];
  /** Handlers that answer before the usual ones (e.g. a failure once). */
  first?: Handler[];
};

const problem = (status: number, code: string) => ({
  status,
  body: { type: 'about:blank', title: code, status, code },
});

/** The invited calls of /invite/payment. */
function inviteServer({
  context,
  user,
  pricing,
  countryCheck,
  payments,
  first = [],
}: InviteServerInit = {}) {
  let attempt = 0;
  const price = (call: RecordedCall) => {
    const body = call.body as {
      orderDetail: { packageId: number; services?: string[] };
      subscriptionCodes?: string[];
      promoCodes?: string[];
    };
    // The server prices with the saved Texas address.
    return priceFor(US_PACKAGES, {
      address: { country: 'US', region: 'TX' },
      orderDetail: body.orderDetail,
      paymentCodes: body.subscriptionCodes ?? [],
      promoCodes: body.promoCodes ?? [],
    });
  };
  const mock = mockFetch(
    ...first,
    on('GET', '/v2/invites/current', {
      body: invitedContext({ lastCompletedStep: 2, ...context }),
    }),
    on('GET', INVITED_USER_PATH, { body: invitedUser({ order: PREMIUM, ...user }) }),
    on('PATCH', INVITED_USER_PATH, (call) => {
      const country = (call.body as { address?: { country?: string } }).address?.country;
      return {
        body: {
          validationErrors: [],
          lastCompletedStep: 2,
          nextPath: null,
          consentRequired: country !== 'US',
        },
      };
    }),
    on('POST', `${INVITED_USER_PATH}/country-check`, countryCheck ?? { body: {} }),
    on('POST', `${INVITED_USER_PATH}/pricing`, pricing ?? price),
    ...onPricingFor(US_PACKAGES, 'US'),
    onClientToken(),
    onTokenize(),
    on('POST', `${INVITED_USER_PATH}/payment`, () => {
      const texas = price({ body: { orderDetail: PREMIUM } } as RecordedCall)
        .body as PricingResponse;
      const listed = (payments ?? ['paid'])[Math.min(attempt, (payments?.length ?? 1) - 1)];
      const reply =
        listed === 'paid' ? { body: paymentResponse(texas) } : (listed ?? { status: 500 });
      attempt += 1;
      if (reply.status === 0) throw new TypeError('Failed to fetch');
      return reply;
    }),
  );
  const callsTo = (method: string, suffix: string) =>
    mock.calls.filter((call) => call.method === method && call.url === INVITED_USER_PATH + suffix);
  return { ...mock, callsTo };
}

async function openInvitePayment() {
  storeInviteToken(INVITE_TOKEN);
  const rendered = await renderApp('/invite/payment');
  await screen.findByRole('heading', { level: 2, name: 'Billing information' });
  return rendered;
}

/** Billing (prefilled: Continue) → a valid card → Review. */
async function goToReview(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
  await screen.findByRole('heading', { level: 2, name: 'Payment details' });
  await user.type(await screen.findByRole('textbox', { name: 'Card number' }), '4111111111111111');
  await user.type(screen.getByRole('textbox', { name: 'Expiration date' }), '12/34');
  await user.type(screen.getByRole('textbox', { name: 'Security code' }), '123');
  await user.click(screen.getByRole('button', { name: 'Review Order' }));
  await screen.findByRole('heading', { level: 2, name: 'Review your order' });
  await screen.findByText('Total due today');
}

describe('/invite/payment: entry', () => {
  it('sends an invited user with fewer than 2 steps done to the packages or step 1', async () => {
    inviteServer({ user: { lastCompletedStep: 1, order: null } });
    storeInviteToken(INVITE_TOKEN);
    const { router } = await renderApp('/invite/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
  });

  it('sends a user whose subscription is current on to the credentials', async () => {
    inviteServer({ context: { isSubscriptionCurrent: true, billingAddressComplete: true } });
    storeInviteToken(INVITE_TOKEN);
    const { router } = await renderApp('/invite/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));
  });

  it('goes to /invite/request when the invite is no longer valid', async () => {
    mockFetch(on('GET', '/v2/invites/current', problem(403, 'INVITE_INVALID')));
    storeInviteToken(INVITE_TOKEN);
    const { router } = await renderApp('/invite/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/request'));
  });

  it("starts from Billing without another flow's checkout state", async () => {
    useCheckoutStore.setState({
      flowId: signupFlowId(SIGNUP_ID),
      view: 'REVIEW',
      lastCompletedPaymentStep: 2,
      isPayingForCoparent: true,
      promoCodesEntered: ['WELCOME10'],
    });
    inviteServer();
    await openInvitePayment();
    expect(useCheckoutStore.getState()).toMatchObject({
      flowId: inviteFlowId(USER_ID),
      view: 'BILLING',
      lastCompletedPaymentStep: 0,
      isPayingForCoparent: false,
      promoCodesEntered: [],
    });
    expect(screen.getByRole('button', { name: /Step 3: Review/ })).toBeDisabled();
  });
});

describe('/invite/payment: the checkout in its invited mode', () => {
  it('prefills Billing from the invited user, read-only names and no referral select', async () => {
    const { callsTo } = inviteServer();
    await openInvitePayment();
    // Read-only: shown as text, not as fields.
    expect(screen.getByText('Luis García')).toBeVisible();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.getByText('luis@example.com')).toBeVisible();
    expect(screen.getByLabelText('Billing address')).toHaveValue('9 Elm St');
    expect(screen.getByLabelText('City')).toHaveValue('Austin');
    expect(screen.getByLabelText('State or province')).toHaveValue('TX');
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Chicago');
    expect(screen.queryByLabelText('How did you first hear about us?')).not.toBeInTheDocument();
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Premium · 1 year')).toBeVisible();
    // Priced by the invited call with the invite token, never a signup's.
    const [priced] = callsTo('POST', '/pricing');
    expect(priced?.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);
    expect(priced?.body).toMatchObject({
      userId: USER_ID,
      orderDetail: { packageId: 3003 },
      subscriptionCodes: [],
    });
  });

  it('Back goes to the packages', async () => {
    inviteServer();
    const { user, router } = await openInvitePayment();
    await user.click(screen.getByRole('button', { name: /Back to packages/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
  });

  it('a family set up by a professional has nothing to pay here: on to the credentials (decision 032)', async () => {
    const { calls } = inviteServer({
      context: { userCreatedByPro: true, pro: { firstName: 'Patricia', lastName: 'Reyes' } },
    });
    storeInviteToken(INVITE_TOKEN);
    const { router } = await renderApp('/invite/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));
    expect(calls.filter((call) => /pricing|client-token|payment/.test(call.url))).toEqual([]);
  });

  it('saves PARENT and ADDRESS, pays once with the invite token and goes to the credentials', async () => {
    const { callsTo } = inviteServer();
    const { user, router } = await openInvitePayment();
    await goToReview(user);

    const [saved] = callsTo('PATCH', '');
    expect(saved?.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);
    expect(saved?.body).toMatchObject({
      sections: ['PARENT', 'ADDRESS'],
      parent: { userId: USER_ID, timeZone: 'America/Chicago' },
      address: { line1: '9 Elm St', city: 'Austin', region: 'TX', country: 'US', type: 'PRIMARY' },
    });
    expect(saved?.body).not.toHaveProperty('referral');
    expect(callsTo('POST', '/country-check')[0]?.body).toMatchObject({ packageId: 3003 });

    // Review: the email's Change goes to the invited step 1.
    const account = screen.getByRole('region', { name: 'Email' });
    expect(within(account).getByRole('link', { name: /Change/ })).toHaveAttribute(
      'href',
      '/invite/step1',
    );
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));

    const [paid] = callsTo('POST', '/payment');
    expect(paid?.headers.authorization).toBe(`Bearer ${INVITE_TOKEN}`);
    expect(paid?.headers['idempotency-key']).toMatch(/.{8,}/);
    expect(paid?.body).toMatchObject({
      deviceData: null,
      payForCoparent: false,
      order: { packageId: 3003 },
      payment: { nonce: 'tokencc_sb_1111', paymentType: 'CREDIT_CARD' },
    });
    expect(paid?.body).not.toHaveProperty('parentDuplicateConfirmed');
    expect(readInvitePaymentResult()).toMatchObject({
      userId: USER_ID,
      receipt: { transactionId: 'txn_123' },
    });
    expect(readInviteCredentialsToken()).toBe(CREDENTIALS_TOKEN);
    expect(useCheckoutStore.getState().pendingAttempt).toBeUndefined();
  });

  it('hides the pay-for-co-parent option on Payment', async () => {
    inviteServer();
    const { user } = await openInvitePayment();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { level: 2, name: 'Payment details' });
    expect(
      screen.queryByRole('checkbox', { name: /pay for my co-parent/ }),
    ).not.toBeInTheDocument();
  });

  it('replays a lost attempt with the same Idempotency-Key', async () => {
    const { callsTo } = inviteServer({ payments: [{ status: 0 }] });
    const { user } = await openInvitePayment();
    await goToReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(callsTo('POST', '/payment')).toHaveLength(2));
    const [first, second] = callsTo('POST', '/payment');
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  });

  it('Billing: Try again after a 503 (the database away) saves the same address once it is back', async () => {
    const { callsTo } = inviteServer({
      first: [databaseUnavailableOnce('PATCH', INVITED_USER_PATH)],
    });
    const { user } = await openInvitePayment();
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Round Rock');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Something went wrong. Please try again.')).toBeVisible();
    expect(screen.getByLabelText('City')).toHaveValue('Round Rock');

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment details' })).toBeVisible();
    const [first, second] = callsTo('PATCH', '');
    expect(callsTo('PATCH', '')).toHaveLength(2);
    expect(second?.body).toEqual(first?.body);
    expect(second?.body).toMatchObject({ address: { city: 'Round Rock' } });
  });

  it('Try again after a 503 (the database away) pays the same attempt once it is back', async () => {
    const { callsTo } = inviteServer({
      payments: [problem(503, 'DATABASE_UNAVAILABLE'), 'paid'],
    });
    const { user, router } = await openInvitePayment();
    await goToReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Something went wrong. Please try again.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/invite/payment');
    expect(screen.getByRole('heading', { level: 2, name: 'Review your order' })).toBeVisible();

    await user.click(within(banner).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));
    const [first, second] = callsTo('POST', '/payment');
    expect(callsTo('POST', '/payment')).toHaveLength(2);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(second?.body).toEqual(first?.body);
  });

  it('goes back to /invite/packages when the price cannot be calculated', async () => {
    inviteServer({
      pricing: {
        status: 422,
        body: { validationErrors: [{ field: 'orderDetail.packageId', text: 'Not sold' }] },
      },
    });
    storeInviteToken(INVITE_TOKEN);
    const { router } = await renderApp('/invite/payment');
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
  });

  it('asks about a country mismatch; OK saves and goes back to /invite/packages', async () => {
    const { callsTo } = inviteServer({ countryCheck: problem(409, 'COUNTRY_MISMATCH') });
    const { user, router } = await openInvitePayment();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'OK, choose my package again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/packages'));
    expect(callsTo('PATCH', '')).toHaveLength(1);
  });

  it('resets the checkout and goes to /invite/request when the payment answers 403', async () => {
    inviteServer({ payments: [problem(403, 'INVITE_INVALID')] });
    const { user, router } = await openInvitePayment();
    await goToReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/request'));
    expect(useCheckoutStore.getState()).toMatchObject({ flowId: undefined, view: 'BILLING' });
    expect(readInvitePaymentResult()).toBeNull();
  });

  it('goes on to the credentials when the subscription turns out to be paid already', async () => {
    // Once the payment answers ALREADY_PAID, the token check says so too (a current subscription
    // with its billing address), as the server's would: the credentials page lets them in.
    let paymentAnswered = false;
    const paidSinceThePayment: Handler = (call) => {
      if (call.method === 'POST' && call.url === `${INVITED_USER_PATH}/payment`) {
        paymentAnswered = true;
        return undefined;
      }
      if (!paymentAnswered || call.method !== 'GET' || call.url !== '/v2/invites/current') {
        return undefined;
      }
      return {
        body: invitedContext({
          lastCompletedStep: 2,
          isSubscriptionCurrent: true,
          billingAddressComplete: true,
        }),
      };
    };
    inviteServer({ payments: [problem(409, 'ALREADY_PAID')], first: [paidSinceThePayment] });
    const { user, router } = await openInvitePayment();
    await goToReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invite/credentials'));
  });
});
