import { describe, expect, it } from 'vitest';
import { coParentRenewalNotice } from './subscription-coparent-notice.js';

const params = {
  firstName: 'Bruno',
  supportPhone: '(866) 755-9991',
  payerName: 'Ana López',
  packageName: 'Premium',
  endDate: 'March 10, 2027',
};

describe('coParentRenewalNotice', () => {
  it('tells the co-parent the payer stopped the renewal and until when they have access', () => {
    const email = coParentRenewalNotice({ ...params, locale: 'en', kind: 'ENDS' });
    expect(email.template).toBe('subscription-coparent-ends');
    expect(email.subject).toBe('Your subscription will not renew: access until March 10, 2027');
    expect(email.text).toContain(
      'Ana López, who pays for your Premium subscription, stopped its renewal. You keep access until March 10, 2027',
    );
  });

  it('tells it in Spanish when the renewal is back on', () => {
    const email = coParentRenewalNotice({
      ...params,
      locale: 'es-MX',
      kind: 'RENEWS',
      endDate: '10 de marzo de 2027',
    });
    expect(email.template).toBe('subscription-coparent-renews');
    expect(email.subject).toBe('Ana López volvió a activar la renovación de tu suscripción');
    expect(email.text).toContain('Se renueva el 10 de marzo de 2027 y la paga Ana López');
  });
});
