import type { PricingResponse } from '@coparent/domain';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { priceFor, TEXAS } from '@/test/checkout-fixtures';
import { US_PACKAGES } from '@/test/packages-fixtures';
import { PostedReview } from './posted-review';

const PARENT = { firstName: 'Ana', lastName: 'García', email: 'ana@example.com' };

/** Review as the server writes it for a browser without a script. */
function renderPostedReview(pricing: PricingResponse, values: Record<string, string> = {}) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <PostedReview
          action="/app/join/payment"
          values={{ idempotencyKey: 'key-0123456789', ...values }}
          errors={[]}
          parent={PARENT}
          billing={TEXAS}
          isConsentRequired={false}
          pricing={pricing}
          summary={null}
          emailChangePath="/step1"
          billingHref="/app/join/payment"
          paymentHref="/app/join/payment?view=PAYMENT"
        />
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

const texas = (paymentCodes: string[] = []) =>
  priceFor(US_PACKAGES, {
    address: { country: 'US', region: 'TX' },
    orderDetail: { packageId: 3003 },
    paymentCodes,
  }).body as PricingResponse;

describe('PostedReview', () => {
  it('names the card and posts Pay now for an order with something to pay', () => {
    renderPostedReview(texas(), { nonce: 'tokencc_sb_1111', cardType: 'Visa', lastFour: '1111' });
    const method = screen.getByRole('region', { name: 'Payment method' });
    expect(within(method).getByText('Visa ending in 1111')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  });

  it('names the code and posts Confirm order, with no card, for an order a code pays in full', () => {
    const { container } = renderPostedReview(texas(['PRO-PREM1-DEMO1']));
    const method = screen.getByRole('region', { name: 'Payment method' });
    expect(within(method).getByText('Covered by code PRO-PREM1-DEMO1')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirm order' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(container.querySelector('input[name="nonce"]')).toBeNull();
    expect(container.querySelector('input[name="amountDisplayed"]')).toHaveValue('0');
  });
});
