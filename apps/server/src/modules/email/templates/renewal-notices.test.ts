import { describe, expect, it } from 'vitest';
import { receiptEmail } from './receipt.js';
import { renewalNoticeEmail } from './renewal-notices.js';

const params = {
  firstName: 'Ana',
  supportPhone: '(866) 755-9991',
  packageName: 'Premium',
  renewalDate: 'March 10, 2027',
  price: '$159.99',
  paymentMethod: 'Visa ending in 1881',
  coParentName: null,
  subscriptionUrl: 'https://join.example.test/app/account/subscription',
  billingUrl: 'https://join.example.test/app/account/billing',
};

describe('renewalNoticeEmail', () => {
  it('reminds of the date, the price, the card and how to turn auto-renewal off', () => {
    const email = renewalNoticeEmail({
      ...params,
      locale: 'en',
      kind: 'REMINDER',
      coParentName: 'Bruno López',
    });
    expect(email.template).toBe('subscription-renewal-reminder');
    expect(email.subject).toBe('Your CoParent Hub subscription renews on March 10, 2027');
    expect(email.text).toContain(
      'Your Premium subscription renews automatically on March 10, 2027.',
    );
    expect(email.text).toContain('We will charge $159.99 to Visa ending in 1881');
    expect(email.text).toContain("Bruno López's subscription, which you pay for, renews with it.");
    expect(email.text).toContain(
      'Turn off auto-renewal or cancel before March 10, 2027 on your subscription page: https://join.example.test/app/account/subscription',
    );
  });

  it('asks to update the card after a decline, with the next try and the last day (es-MX)', () => {
    const email = renewalNoticeEmail({
      ...params,
      locale: 'es-MX',
      kind: 'DECLINED',
      paymentMethod: 'Visa terminada en 1881',
      retry: { nextDate: '11 de marzo de 2027', lastDate: '17 de marzo de 2027' },
    });
    expect(email.template).toBe('subscription-renewal-declined');
    expect(email.subject).toBe(
      'No pudimos renovar tu suscripción a CoParent Hub: actualiza tu tarjeta',
    );
    expect(email.text).toContain('el pago con tu Visa terminada en 1881 fue rechazado');
    expect(email.text).toContain(
      'Lo intentaremos de nuevo el 11 de marzo de 2027. Si ningún pago se aprueba a más tardar el 17 de marzo de 2027, tu suscripción termina.',
    );
    expect(email.text).toContain(
      'actualiza tu forma de pago en tu página de facturación: https://join.example.test/app/account/billing',
    );
  });

  it('says the subscription ended after the last declined try, the co-parent’s too', () => {
    const email = renewalNoticeEmail({
      ...params,
      locale: 'en',
      kind: 'ENDED',
      coParentName: 'Bruno López',
    });
    expect(email.template).toBe('subscription-renewal-ended');
    expect(email.subject).toBe('Your CoParent Hub subscription has ended');
    expect(email.text).toContain('so the subscription has ended. Nothing was charged.');
    expect(email.text).toContain("Bruno López's subscription, which you paid for, has ended too.");
  });
});

describe('the renewal receipt', () => {
  it('says the subscription renewed and asks for nothing more', () => {
    const email = receiptEmail({
      locale: 'en',
      renewal: true,
      firstName: 'Ana',
      packageName: 'Premium (1 year)',
      totalFormatted: '$159.36',
      paymentMethod: 'Visa ending in 1881',
      transactionId: 'abc12345',
      date: 'March 10, 2027 at 2:03 PM',
      renewsOn: 'March 10, 2028',
      payForCoParent: false,
      coParentName: null,
      supportPhone: '(866) 755-9991',
    });
    expect(email.template).toBe('renewal-receipt');
    expect(email.subject).toBe('Your subscription renewed: your receipt');
    expect(email.text).toContain('Your subscription renewed.');
    expect(email.text).toContain('March 10, 2028');
    expect(email.text).not.toContain('username and password');
  });
});
