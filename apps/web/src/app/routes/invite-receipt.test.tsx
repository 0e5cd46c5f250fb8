import type { PricingResponse } from '@coparent/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullPage } from '@/lib/full-page';
import { saveInvitePaymentResult } from '@/stores/invite-payment-result';
import { storeInviteToken } from '@/stores/invite-token';
import { paymentResponse, priceFor } from '@/test/checkout-fixtures';
import { INVITE_TOKEN } from '@/test/invite-fixtures';
import { US_PACKAGES } from '@/test/packages-fixtures';
import { renderApp } from '@/test/render-app';

const USER = '11111111-1111-4111-8111-111111111111';
const RECEIPT_ID = '22222222-2222-4222-8222-222222222222';

function paidHere() {
  const pricing = priceFor(US_PACKAGES, {
    address: { country: 'US', region: 'TX' },
    orderDetail: { packageId: 3003 },
  }).body as PricingResponse;
  const { receipt, registration } = paymentResponse(pricing);
  saveInvitePaymentResult(
    {
      userId: USER,
      receipt: { ...receipt, receiptId: RECEIPT_ID, email: 'luis@example.com' },
      registration: {
        ...registration,
        parent: { ...registration.parent, email: 'luis@example.com', userId: USER },
      },
    },
    null,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/invite/receipt', () => {
  it('goes to the account home by a full page load without a payment result', async () => {
    const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
    await renderApp('/invite/receipt');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/account/'));
  });

  it("says you're all set, where the email went, the login step, the apps and the order", async () => {
    paidHere();
    await renderApp('/invite/receipt');
    expect(screen.getByRole('heading', { level: 1, name: "You're all set!" })).toBeVisible();
    const steps = screen.getAllByRole('list')[0] as HTMLElement;
    expect(within(steps).getByText('luis@example.com')).toBeVisible();
    expect(within(steps).getByRole('heading', { name: 'Log in' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
      'href',
      expect.stringContaining('apps.apple.com'),
    );
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toBeVisible();
    const payment = screen.getByRole('region', { name: 'Payment information' });
    expect(within(payment).getByText('Credit or debit card: Visa ending in 1111')).toBeVisible();
    expect(within(payment).getByText('txn_123')).toBeVisible();
    // Signed in by setting credentials: the account's own download.
    expect(within(payment).getByRole('link', { name: 'Download PDF receipt' })).toHaveAttribute(
      'href',
      `/v2/account/receipts/${RECEIPT_ID}/pdf?lang=en`,
    );
    expect(document.title).toContain("You're all set!");
  });

  it('Login forgets the invite token, the user id and the payment result, then opens the login', async () => {
    const assign = vi.spyOn(fullPage, 'assign').mockImplementation(() => {});
    paidHere();
    storeInviteToken(INVITE_TOKEN);
    window.sessionStorage.setItem('coparent.userId', USER);
    window.sessionStorage.setItem('coparent.inviteCredentialsDraft', '{"username":"luis"}');
    const { user } = await renderApp('/invite/receipt');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(assign).toHaveBeenCalledWith('/app/account/login');
    for (const key of [
      'coparent.inviteToken',
      'coparent.userId',
      'coparent.invitePaymentResult',
      'coparent.inviteCredentialsToken',
      'coparent.inviteCredentialsDraft',
    ]) {
      expect(window.sessionStorage.getItem(key)).toBeNull();
    }
  });

  it('is in Spanish too', async () => {
    paidHere();
    const { i18n } = await import('@/lib/i18n');
    await i18n.changeLanguage('es-MX');
    await renderApp('/invite/receipt');
    expect(screen.getByRole('heading', { level: 1, name: '¡Todo listo!' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Descargar recibo en PDF' })).toHaveAttribute(
      'href',
      `/v2/account/receipts/${RECEIPT_ID}/pdf?lang=es-MX`,
    );
  });
});
