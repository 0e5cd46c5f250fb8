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

  it('tells the co-parent their subscription ended when the renewal did not go through', () => {
    const en = coParentRenewalNotice({ ...params, locale: 'en', kind: 'ENDED' });
    expect(en.template).toBe('subscription-coparent-ended');
    expect(en.subject).toBe('Your CoParent Hub subscription has ended');
    expect(en.text).toContain(
      'Your Premium subscription, which Ana López paid for, was not renewed, so it ended on March 10, 2027.',
    );
    const es = coParentRenewalNotice({
      ...params,
      locale: 'es-MX',
      kind: 'ENDED',
      endDate: '10 de marzo de 2027',
    });
    expect(es.subject).toBe('Tu suscripción a CoParent Hub terminó');
    expect(es.text).toContain('que pagaba Ana López, no se renovó, así que terminó el 10 de marzo');
  });
});
