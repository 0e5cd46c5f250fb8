import { describe, expect, it } from 'vitest';
import { orderPricingBody } from './order-pricing-body.js';

const premium = { packageId: 3003, productId: 'SUB1YEAR' as const, services: [] };
const noExtras = { payForCoparent: false, paymentCodes: [], promoCodes: [] };

describe('orderPricingBody', () => {
  it('prices by the phone until an address is saved, then by the address only', () => {
    const byPhone = orderPricingBody({
      order: premium,
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '5551234567',
      ...noExtras,
    });
    expect(byPhone).toEqual({
      phoneCountryCode: '1',
      phoneNumber: '5551234567',
      orderDetail: { packageId: 3003, productId: 'SUB1YEAR', services: [] },
      ...noExtras,
    });
    const address = {
      line1: '100 Congress Ave',
      city: 'Austin',
      region: 'TX',
      country: 'US_CANADA',
    };
    expect(
      orderPricingBody({ order: premium, address, phoneCountryCode: 'US_CANADA', ...noExtras }),
    ).toEqual({ address, orderDetail: byPhone.orderDetail, ...noExtras });
  });
});
