import type { Locale, SignupState } from '@coparent/domain';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  checkoutSignup,
  onCheckoutPricing,
  onCheckoutSignup,
  priceFor,
} from '@/test/checkout-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { SIGNUP_ID } from '@/test/join-fixtures';
import { lookupFor, US_PACKAGES } from '@/test/packages-fixtures';
import { writePageData } from '@/test/written-page';
import { APP_READY_ATTRIBUTE } from '../app/app';
import { startApp } from '../app/start';
import {
  type FormSubmission,
  render,
  SERVER_QUERIES_ELEMENT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_SIGNUP_ELEMENT_ID,
  serverPageQueries,
} from '../entry-server';

// The payment page written by the server for a browser that posts its forms: its three views,
// each a form, with the order's summary priced by the server (a file of its own: an app started
// in a test keeps running in that file's document).

const savedBilling = {
  address: {
    line1: '100 Congress Ave',
    line2: null,
    city: 'Austin',
    region: 'TX',
    postalCode: '78701',
    country: 'US',
  },
  timeZone: 'America/Chicago',
  referral: { selection: 'SEARCH_ENGINE', other: null },
  consentRequired: false,
};
const atPayment = checkoutSignup() as SignupState;
const billed = checkoutSignup({ billing: savedBilling }) as SignupState;

/** The API as the server reads it for the page (the same answers the app's calls get). */
async function fetchJson(path: string, post?: { body?: unknown }): Promise<unknown> {
  if (path.startsWith('/v2/pricing')) return lookupFor(US_PACKAGES, 'US');
  if (path.startsWith('/v2/packages')) return { packages: US_PACKAGES };
  if (path === `/v2/signups/${SIGNUP_ID}/coupons`) return { coupons: [] };
  if (path === `/v2/signups/${SIGNUP_ID}/pricing` && post) {
    return priceFor(US_PACKAGES, post.body as Parameters<typeof priceFor>[1]).body;
  }
  throw new Error(`unexpected ${path}`);
}

async function written(
  signup: SignupState,
  { url = '/app/join/payment', locale = 'en', submission }: WrittenOptions = {},
) {
  const queries = await serverPageQueries('/payment', { signup, locale, fetchJson });
  const rendered = await render(new Request(`http://localhost${url}`), locale, {
    signup,
    queries,
    submission,
  });
  if (rendered.kind !== 'page') throw new Error('not a page');
  return { html: rendered.html, title: rendered.title, queries };
}
type WrittenOptions = { url?: string; locale?: Locale; submission?: FormSubmission };

const reviewSubmission: FormSubmission = {
  path: '/payment',
  values: {
    paymentView: 'REVIEW',
    nonce: 'fake-valid-visa-nonce',
    cardType: 'Visa',
    lastFour: '1111',
    idempotencyKey: 'attempt-key-0001',
  },
  errors: [],
};

describe('the payment page rendered on the server', () => {
  it('writes Billing as a form that posts, with the country of the phone and the summary priced', async () => {
    const { html } = await written(atPayment);
    expect(html).toContain('action="/app/join/payment" method="post"');
    expect(html).toContain('name="paymentView" value="BILLING"');
    expect(html).toMatch(/<option value="US" selected="">/);
    expect(html).toContain('Premium');
    expect(html).toContain('$149.99');
    expect(html).not.toContain('Loading');
  });

  it('answers a refused Billing post with its values and the problems listed', async () => {
    const { html, title } = await written(atPayment, {
      submission: {
        path: '/payment',
        values: { paymentView: 'BILLING', 'billing.billingAddress': '100 Congress Ave' },
        errors: [],
      },
    });
    expect(html).toContain('value="100 Congress Ave"');
    expect(html).toContain('The city must be between 3 and 30 characters');
    expect(title).toMatch(/^Error: /);
  });

  it('writes the Payment view of a saved billing with the card fields, Spanish included', async () => {
    const { html } = await written(billed, {
      url: '/app/join/payment?view=PAYMENT',
      locale: 'es-MX',
    });
    expect(html).toContain('name="paymentView" value="PAYMENT"');
    for (const field of ['number', 'expirationDate', 'cvv']) {
      expect(html).toMatch(new RegExp(`<input[^>]*name="${field}"[^>]*value=""`));
    }
    expect(html).toContain('Datos del pago');
  });

  it('writes Billing, not Payment, while no billing is saved', async () => {
    const { html } = await written(atPayment, { url: '/app/join/payment?view=PAYMENT' });
    expect(html).toContain('name="paymentView" value="BILLING"');
  });

  it('answers a tokenised card with Review carrying its nonce, key and the price shown', async () => {
    const { html } = await written(billed, { submission: reviewSubmission });
    expect(html).toContain('Visa ending in 1111');
    expect(html).toContain('name="nonce" value="fake-valid-visa-nonce"');
    expect(html).toContain('name="idempotencyKey" value="attempt-key-0001"');
    expect(html).toMatch(/name="amountDisplayed" value="\d+"/);
    expect(html).toContain('100 Congress Ave');
    // A US billing asks no consent.
    expect(html).not.toContain('name="termsAccepted"');
  });

  it('answers a declined payment with the Payment view, the card fields empty', async () => {
    const declined = 'Your payment method was declined. Please try a different one.';
    const { html } = await written(billed, {
      submission: {
        path: '/payment',
        values: { paymentView: 'PAYMENT' },
        errors: [{ field: 'form', text: declined, type: 'ERROR' }],
      },
    });
    expect(html).toContain(declined);
    expect(html).toMatch(/<input[^>]*name="number"[^>]*value=""/);
  });

  it('the app takes it over without a mismatch, then runs its own checkout', async () => {
    mockFetch(onCheckoutSignup(), onCheckoutPricing());
    const { html, queries } = await written(atPayment);
    writePageData(SERVER_SIGNUP_ELEMENT_ID, atPayment);
    writePageData(SERVER_QUERIES_ELEMENT_ID, queries);
    window.history.replaceState(null, '', '/app/join/payment');
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');

    const root = await startApp(container);
    onTestFinished(() => act(() => root.unmount()));
    await waitFor(() => expect(document.documentElement).toHaveAttribute(APP_READY_ATTRIBUTE));
    expect(errors).not.toHaveBeenCalled();
    // The tab's own checkout, with the page's signup: its billing form is the app's.
    const heading = await screen.findByRole('heading', { level: 2, name: 'Billing information' });
    expect(heading.closest('form')).not.toHaveAttribute('method');
  });
});
