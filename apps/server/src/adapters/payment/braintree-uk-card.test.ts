import { describe, expect, it, vi } from 'vitest';
import { createBraintreeGateway } from './braintree.js';

// The SDK's sale request, captured: the call itself fails (no network in this test).
const sale = vi.fn(async (_request: Record<string, unknown>) => {
  throw new Error('offline');
});
vi.mock('braintree', () => ({
  default: {
    BraintreeGateway: class {
      transaction = { sale };
    },
    Environment: { Sandbox: 'sandbox', Production: 'production' },
  },
}));

const gateway = createBraintreeGateway({
  environment: 'sandbox',
  merchantId: 'merchant',
  publicKey: 'public',
  privateKey: 'private',
  merchantAccounts: { GBP: 'gbp-account', USD: 'usd-account' },
  defaultCurrency: 'USD',
  ukCardMerchantAccountId: 'uk-card-account',
});

async function accountOfSale(currency: 'GBP' | 'USD', viaUkCardAccount: boolean) {
  sale.mockClear();
  await expect(
    gateway.sale({
      nonce: 'nonce',
      amountMinor: 9999,
      currency,
      orderId: 'order-1',
      idempotencyKey: 'key-1',
      storeInVault: true,
      viaUkCardAccount,
    }),
  ).rejects.toThrow();
  return sale.mock.calls[0]?.[0]?.merchantAccountId;
}

describe('Braintree sale: the uk-card-provider account', () => {
  it('uses the UK card account for a GBP sale in the Treatment', async () => {
    expect(await accountOfSale('GBP', true)).toBe('uk-card-account');
  });

  it('uses the currency’s account otherwise', async () => {
    expect(await accountOfSale('GBP', false)).toBe('gbp-account');
    expect(await accountOfSale('USD', true)).toBe('usd-account');
  });
});
