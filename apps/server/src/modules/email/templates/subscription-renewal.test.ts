import { describe, expect, it } from 'vitest';
import { paymentMethodWords, subscriptionRenewalEmail } from './subscription-renewal.js';

const params = {
  firstName: 'Ana',
  supportPhone: '(866) 755-9991',
  packageName: 'Premium',
  endDate: 'March 10, 2027',
  coParentName: null,
  renewalPrice: '$159.99',
  paymentMethod: 'Visa ending in 1881',
  subscriptionUrl: 'https://join.example.test/app/account/subscription',
};

describe('subscriptionRenewalEmail', () => {
  it('says when the subscription ends once auto-renewal is off, and how to turn it back on', () => {
    const email = subscriptionRenewalEmail({ ...params, locale: 'en', kind: 'AUTO_RENEW_OFF' });
    expect(email.template).toBe('subscription-auto-renew-off');
    expect(email.subject).toBe('Auto-renewal is off: your subscription ends on March 10, 2027');
    expect(email.text).toContain(
      'You keep access until March 10, 2027; then the subscription ends.',
    );
    expect(email.text).toContain(
      'You can turn auto-renewal back on any time before March 10, 2027: https://join.example.test/app/account/subscription',
    );
    expect(email.text).not.toContain('refunded');
  });

  it('says what the renewal charges once it is on again, with the co-parent it renews', () => {
    const email = subscriptionRenewalEmail({
      ...params,
      locale: 'en',
      kind: 'AUTO_RENEW_ON',
      coParentName: 'Bruno López',
    });
    expect(email.text).toContain('Your Premium subscription renews on March 10, 2027.');
    expect(email.text).toContain('We will charge $159.99 to Visa ending in 1881');
    expect(email.text).toContain("Bruno López's subscription, which you pay for, renews with it.");
  });

  it('tells a cancellation in Spanish: access until the end, no refund, the co-parent too', () => {
    const email = subscriptionRenewalEmail({
      ...params,
      locale: 'es-MX',
      kind: 'CANCELED',
      endDate: '10 de marzo de 2027',
      coParentName: 'Bruno López',
    });
    expect(email.template).toBe('subscription-canceled');
    expect(email.subject).toBe(
      'Cancelaste tu suscripción a CoParent Hub: tienes acceso hasta el 10 de marzo de 2027',
    );
    expect(email.text).toContain('Hola, Ana:');
    expect(email.text).toContain('No se reembolsa el periodo ya pagado.');
    expect(email.text).toContain(
      'También pagaste la suscripción de Bruno López: tampoco se renueva, y Bruno López tiene acceso hasta el 10 de marzo de 2027.',
    );
    expect(email.html).toContain('<html lang="es-MX">');
  });
});

describe('paymentMethodWords', () => {
  it('names a card, a wallet and a wallet’s card as the billing page does', () => {
    const card = { paymentType: 'CREDIT_CARD', cardType: 'Visa', cardLastFour: '1881' };
    expect(paymentMethodWords(card, 'en')).toBe('Visa ending in 1881');
    expect(paymentMethodWords(card, 'es-MX')).toBe('Visa terminada en 1881');
    expect(
      paymentMethodWords({ paymentType: 'PAYPAL', cardType: null, cardLastFour: null }, 'en'),
    ).toBe('PayPal');
    expect(paymentMethodWords({ ...card, paymentType: 'APPLE_PAY' }, 'en')).toBe(
      'Apple Pay (Visa ending in 1881)',
    );
  });
});
