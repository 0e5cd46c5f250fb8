import { describe, expect, it } from 'vitest';
import { paymentMethodUpdatedEmail } from './payment-method-updated.js';

const params = {
  firstName: 'Ana',
  supportPhone: '(866) 755-9991',
  paymentMethod: 'MasterCard ending in 4444',
  billingUrl: 'https://join.example.test/app/account/billing',
};

describe('paymentMethodUpdatedEmail', () => {
  it('names the new method by brand and last four, with the billing page', () => {
    const email = paymentMethodUpdatedEmail({ ...params, locale: 'en' });
    expect(email.template).toBe('payment-method-updated');
    expect(email.text).toContain('is now MasterCard ending in 4444.');
    expect(email.text).toContain(
      'your billing page: https://join.example.test/app/account/billing',
    );
  });

  it('is written in Spanish for a Spanish-speaking payer', () => {
    const email = paymentMethodUpdatedEmail({
      ...params,
      locale: 'es-MX',
      paymentMethod: 'MasterCard terminada en 4444',
    });
    expect(email.subject).toContain('Se actualizó tu tarjeta');
    expect(email.text).toContain('ahora es MasterCard terminada en 4444.');
  });

  it('speaks of the payment method, not a card, for a wallet', () => {
    const en = paymentMethodUpdatedEmail({
      ...params,
      locale: 'en',
      paymentMethod: 'PayPal',
      isWallet: true,
    });
    expect(en.subject).toContain('Your payment method on file');
    expect(en.text).toContain('is now PayPal.');
    const es = paymentMethodUpdatedEmail({
      ...params,
      locale: 'es-MX',
      paymentMethod: 'PayPal',
      isWallet: true,
    });
    expect(es.subject).toContain('Se actualizó tu forma de pago');
  });
});
