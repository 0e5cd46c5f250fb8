import { describe, expect, it } from 'vitest';
import { coParentInvitationEmail } from './coparent-invitation.js';
import { receiptEmail } from './receipt.js';

const invitation = {
  firstName: 'Bruno',
  inviterName: 'Ana López',
  inviteUrl: 'https://join.example.com/app/join/invite?token=abc',
  expiresInDays: 14,
  subscriptionPaid: true,
  supportPhone: '(866) 755-9991',
};

const receipt = {
  firstName: 'Ana',
  packageName: 'Premium (1 year)',
  totalFormatted: '$159.36',
  paymentMethod: 'Visa ending in 1881',
  transactionId: 'abc12345',
  date: 'May 1, 2025 at 2:03 PM',
  renewsOn: 'May 1, 2026',
  payForCoParent: false,
  coParentName: 'Bruno',
  supportPhone: '(866) 755-9991',
};

describe('the co-parent invitation email', () => {
  it('names the inviter, links the invite page and says when it is paid (en, es-MX)', () => {
    const en = coParentInvitationEmail({ ...invitation, locale: 'en' });
    expect(en.template).toBe('coparent-invitation');
    expect(en.subject).toBe('Ana López invited you to CoParent Hub');
    expect(en.text).toContain('https://join.example.com/app/join/invite?token=abc');
    expect(en.text).toContain('Your subscription has been paid.');
    expect(en.text).toContain('14 days');
    expect(en.html).toContain('<a href="https://join.example.com/app/join/invite?token=abc">');
    const es = coParentInvitationEmail({ ...invitation, locale: 'es-MX', subscriptionPaid: false });
    expect(es.subject).toBe('Ana López te invitó a CoParent Hub');
    expect(es.text).toContain('como coparente');
    expect(es.text).not.toContain('pagada');
  });
});

describe('the receipt email', () => {
  it('lists the package, total, method, transaction and renewal (en, es-MX), escaped in HTML', () => {
    const en = receiptEmail({ ...receipt, locale: 'en' });
    expect(en.subject).toBe('Your receipt');
    for (const part of [
      'Premium (1 year)',
      '$159.36',
      'Visa ending in 1881',
      'abc12345',
      'May 1, 2026',
    ]) {
      expect(en.text).toContain(part);
    }
    const es = receiptEmail({
      ...receipt,
      locale: 'es-MX',
      payForCoParent: true,
      packageName: '<b>P</b>',
    });
    expect(es.subject).toBe('Tu recibo');
    expect(es.text).toContain('También pagaste la suscripción de Bruno.');
    expect(es.html).toContain('&lt;b&gt;P&lt;/b&gt;');
  });
});

describe('the receipt email, itemised', () => {
  const items = {
    termYears: 2 as const,
    subtotal: '$249.99',
    discount: { code: 'SPRING20', amount: '$50.00' },
    codes: [{ code: 'GIFT10', amount: '$10.00' }],
    tax: { label: 'Sales tax', amount: '$15.60', isIncluded: false },
  };

  it('lists term, subtotal, discount, code credit and tax before the total, as the receipt page does', () => {
    const en = receiptEmail({ ...receipt, locale: 'en', items });
    const lines = en.text.split('\n');
    const at = (text: string) => lines.findIndex((line) => line === text);
    expect(at('Term: 2 years')).toBeGreaterThan(at('Package: Premium (1 year)'));
    expect(at('Subtotal: $249.99')).toBeGreaterThan(at('Term: 2 years'));
    expect(at('Discount (SPRING20): −$50.00')).toBeGreaterThan(at('Subtotal: $249.99'));
    expect(at('Code GIFT10: −$10.00')).toBeGreaterThan(at('Discount (SPRING20): −$50.00'));
    expect(at('Sales tax: $15.60')).toBeGreaterThan(at('Code GIFT10: −$10.00'));
    expect(at('Total charged: $159.36')).toBeGreaterThan(at('Sales tax: $15.60'));
    expect(en.html).toContain('<strong>Discount (SPRING20):</strong> −$50.00');
  });

  it('says an included VAT as included, in Spanish too, and has no discount line without one', () => {
    const es = receiptEmail({
      ...receipt,
      locale: 'es-MX',
      items: {
        ...items,
        termYears: 1,
        discount: undefined,
        codes: [],
        tax: { label: 'IVA', amount: '£25.00', isIncluded: true },
      },
    });
    expect(es.text).toContain('Plazo: 1 año');
    expect(es.text).toContain('IVA (incluido): £25.00');
    expect(es.text).not.toContain('Descuento');
    expect(es.text).not.toContain('Código ');
  });
});

describe('the receipt email’s credentials link', () => {
  const link = {
    url: 'https://join.example.com/app/join/credentials?token=abc&x=<1>',
    expiresInDays: 7,
    expiresAt: new Date('2025-05-08T14:03:00Z'),
  };

  it('links the credentials page once, for its days, in both languages, escaped in HTML', () => {
    const en = receiptEmail({ ...receipt, locale: 'en', credentialsLink: link });
    expect(en.text).toContain(`Create your username and password here: ${link.url}`);
    expect(en.text).toContain('This link works once, for 7 days, in any browser.');
    expect(en.html).toContain(
      '<a href="https://join.example.com/app/join/credentials?token=abc&amp;x=&lt;1&gt;">',
    );
    const es = receiptEmail({ ...receipt, locale: 'es-MX', credentialsLink: link });
    expect(es.text).toContain(`Aquí puedes crear tu nombre de usuario y contraseña: ${link.url}`);
    expect(es.text).toContain('Este enlace funciona una sola vez, durante 7 días');
  });

  it('has no link without one (the invited co-parent finishes through the invitation)', () => {
    const en = receiptEmail({ ...receipt, locale: 'en' });
    expect(en.text).not.toContain('/credentials');
    expect(en.text).toContain('finish creating your username and password');
  });
});
