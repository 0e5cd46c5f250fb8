import type { AccountHome, AccountReceipt, PricingResponse } from '@coparent/domain';
import { paymentResponse, priceFor, USER_ID } from '@/test/checkout-fixtures';
import type { MockReply } from '@/test/fetch-mock';
import { US_PACKAGES } from '@/test/packages-fixtures';

export const RECEIPT_ID = '3b0f6a1e-2c4d-4e5f-8a9b-0c1d2e3f4a5b';

export const SESSION_REQUIRED: MockReply = {
  status: 401,
  body: { type: '/problems/session-required', title: 'x', status: 401, code: 'SESSION_REQUIRED' },
};

export const PARENT_SESSION = {
  userId: USER_ID,
  kind: 'PARENT',
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@example.com',
  username: 'ana_lopez',
  isStaff: false,
  locale: 'en',
} as const;

/** A paid Parent A's home: the family of three, Premium paid by them, one receipt. */
export function parentHome(overrides: Partial<AccountHome> = {}): AccountHome {
  return {
    user: {
      userId: USER_ID,
      kind: 'PARENT',
      firstName: 'Ana',
      lastName: 'López',
      email: 'ana@example.com',
      username: 'ana_lopez',
    },
    family: {
      members: [
        {
          userId: USER_ID,
          role: 'PARENT',
          firstName: 'Ana',
          lastName: 'López',
          color: '#1F5FA8',
          displayInitials: 'AL',
          isYou: true,
        },
        {
          userId: null,
          role: 'CO_PARENT',
          firstName: 'Luis',
          lastName: 'Pérez',
          color: '#A3306B',
          displayInitials: 'LP',
          isYou: false,
        },
        {
          userId: null,
          role: 'CHILD',
          firstName: 'Sofía',
          lastName: 'Pérez',
          color: '#2E7D32',
          displayInitials: 'SP',
          isYou: false,
        },
      ],
    },
    subscription: {
      packageId: 3003,
      packageName: 'Premium · 1 year',
      years: 1,
      renewsAt: '2026-05-01T14:03:00.000Z',
      autoRenew: true,
      isCurrent: true,
      paidBy: { firstName: 'Ana', lastName: 'López', isYou: true },
    },
    receipts: [
      {
        receiptId: RECEIPT_ID,
        date: '2025-05-01T14:03:00.000Z',
        packageName: 'Premium · 1 year',
        totalFormatted: '$159.36',
        currency: 'USD',
      },
    ],
    coParentText: null,
    coParentStatus: null,
    ...overrides,
  };
}

const TEXAS = priceFor(US_PACKAGES, {
  address: { country: 'US', region: 'TX' },
  orderDetail: { packageId: 3003 },
}).body as PricingResponse;

/** The stored receipt of that payment, as GET /v2/account/receipts/:id answers it. */
export function accountReceipt(): AccountReceipt {
  const { receipt } = paymentResponse(TEXAS);
  return { ...receipt, receiptId: RECEIPT_ID, coParentEmail: 'luis@example.com' };
}
