import {
  type AccountBilling,
  type AccountBillingUpdateRequest,
  codesCoveringOrder,
  type Locale,
  PAYMENT_TYPES,
  type PaymentType,
  ReceiptSchema,
} from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import { addressOf, storedAddress } from '../../db/stored-address.js';
import { AppError } from '../../errors.js';
import { assertPostalCodeOfRegion } from '../../http/postal-region.js';
import { findUserAddress, findUserById, updateUser, upsertUserAddress } from '../account/repo.js';
import { findLatestPaymentMethod, type PaymentMethodRow } from './repo.js';

function isPaymentType(value: string): value is PaymentType {
  return (PAYMENT_TYPES as readonly string[]).includes(value);
}

/** What paid the latest order: the codes that covered it all (no method on file), or the method. */
function paymentMethodOf(
  payment: PaymentMethodRow | undefined,
): Pick<AccountBilling, 'paymentMethod' | 'coveredByCodes'> {
  if (!payment || !isPaymentType(payment.paymentType)) return { paymentMethod: null };
  const receipt = CoveringReceiptSchema.safeParse(payment.receipt);
  const codes = receipt.success ? codesCoveringOrder(receipt.data) : [];
  if (codes.length > 0) return { paymentMethod: null, coveredByCodes: codes };
  return {
    paymentMethod: {
      paymentType: payment.paymentType,
      cardType: payment.cardType,
      lastFour: payment.cardLastFour,
    },
  };
}

/** The parts of a stored receipt that say whether codes paid it all. */
const CoveringReceiptSchema = ReceiptSchema.pick({
  totals: true,
  paymentCodeDetails: true,
  couponDetail: true,
});

export type AccountBillingService = ReturnType<typeof createAccountBillingService>;

/** The account billing page: the session user's billing address, time zone and payment method. */
export function createAccountBillingService(deps: { db: Executor; now: () => Date }) {
  const { db, now } = deps;

  async function get(userId: string): Promise<AccountBilling> {
    const [user, address, payment] = await Promise.all([
      findUserById(db, userId),
      findUserAddress(db, userId),
      findLatestPaymentMethod(db, userId),
    ]);
    // The session outlived its user (deleted): the same answer as no session.
    if (!user) throw new AppError('SESSION_REQUIRED');
    return {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      address: address ? addressOf(address) : null,
      timeZone: user.timeZone,
      ...paymentMethodOf(payment),
    };
  }

  /** Saves the PRIMARY address and the time zone together (the body passed the domain schema). */
  async function update(
    userId: string,
    input: AccountBillingUpdateRequest,
    locale: Locale,
  ): Promise<void> {
    const { address, timeZone } = input;
    assertPostalCodeOfRegion(address, locale);
    await db.transaction(async (tx) => {
      if (!(await findUserById(tx, userId))) throw new AppError('SESSION_REQUIRED');
      await upsertUserAddress(
        tx,
        {
          userId,
          type: 'PRIMARY',
          ...storedAddress(address),
        },
        now(),
      );
      await updateUser(tx, userId, { timeZone });
    });
  }

  return { get, update };
}
