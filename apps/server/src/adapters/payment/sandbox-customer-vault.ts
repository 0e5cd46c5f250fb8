import { randomBytes } from 'node:crypto';
import type { PaymentDeclineReason, PaymentType } from '@coparent/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxPaymentMethods } from '../../db/schema.js';
import type {
  PaymentGateway,
  VaultedPaymentMethod,
  VaultPaymentMethodInput,
  VaultPaymentMethodResult,
} from './payment-gateway.js';
import type { FakeNonce } from './sandbox-values.js';

/** What the sandbox knows of a nonce (resolved and consumed by sandbox.ts). */
export type SandboxNonceMethod = {
  paymentInstrument: PaymentType;
  cardType: string | null;
  lastFour: string | null;
  behaviour: FakeNonce['behaviour'];
  cvvResponseCode: string;
  avsPostalCodeResponseCode: string;
};

type Resolve = (
  nonce: string,
) => Promise<SandboxNonceMethod | { refused: PaymentDeclineReason; message: string }>;

/** Braintree-like ids: lower-case letters and digits. */
function sandboxId(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

/**
 * Why Braintree's card verification would refuse this method, by the same test values as a sale:
 * the declined test cards (2000 Do Not Honor), a fraud nonce, a security code that does not
 * match (CVV rules) or a postal code that does not (AVS rules). Wallets are not verified.
 */
function verificationRefusal(
  method: SandboxNonceMethod,
): { reason: PaymentDeclineReason; message: string } | null {
  if (method.behaviour === 'PROCESSOR_DECLINED') {
    return { reason: 'PROCESSOR_DECLINED', message: 'Do Not Honor (2000)' };
  }
  if (method.behaviour === 'FRAUD') return { reason: 'FRAUD', message: 'Gateway Rejected: fraud' };
  if (method.paymentInstrument !== 'CREDIT_CARD') return null;
  if (method.cvvResponseCode === 'N' || method.cvvResponseCode === 'U') {
    return { reason: 'CVV', message: 'Gateway Rejected: cvv' };
  }
  if (method.avsPostalCodeResponseCode === 'N') {
    return { reason: 'AVS', message: 'Gateway Rejected: avs' };
  }
  return null;
}

/**
 * The sandbox's customers in its vault (the account's card update), like Braintree's
 * `paymentMethod.create` / `find` / `delete`: a method joins a customer (a new one when none is
 * given), verified first when asked, and may become its only default.
 */
export function createSandboxCustomerVault(deps: {
  db: Db;
  resolveNonce: Resolve;
}): Pick<PaymentGateway, 'findPaymentMethod' | 'vaultPaymentMethod' | 'removePaymentMethod'> {
  const { db, resolveNonce } = deps;

  async function findPaymentMethod(token: string): Promise<VaultedPaymentMethod | null> {
    const [row] = await db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.token, token))
      .limit(1);
    if (!row) return null;
    return {
      token: row.token,
      customerId: row.customerId,
      paymentInstrument: row.paymentInstrumentType as PaymentType,
      cardType: row.cardType,
      lastFour: row.lastFour,
      isDefault: row.isDefault,
    };
  }

  async function vaultPaymentMethod(
    input: VaultPaymentMethodInput,
  ): Promise<VaultPaymentMethodResult> {
    const method = await resolveNonce(input.nonce);
    if ('refused' in method) {
      return { outcome: 'DECLINED', reason: method.refused, message: method.message };
    }
    const refusal = input.verify ? verificationRefusal(method) : null;
    if (refusal) return { outcome: 'DECLINED', ...refusal };
    const token = sandboxId(8);
    const customerId = input.customerId ?? sandboxId(9);
    await db.transaction(async (tx) => {
      if (input.makeDefault) {
        await tx
          .update(sandboxPaymentMethods)
          .set({ isDefault: false })
          .where(
            and(
              eq(sandboxPaymentMethods.customerId, customerId),
              ne(sandboxPaymentMethods.token, token),
            ),
          );
      }
      await tx.insert(sandboxPaymentMethods).values({
        token,
        paymentInstrumentType: method.paymentInstrument,
        cardType: method.cardType,
        lastFour: method.lastFour,
        customerId,
        isDefault: input.makeDefault,
      });
    });
    return {
      outcome: 'SUCCESS',
      method: {
        token,
        customerId,
        paymentInstrument: method.paymentInstrument,
        cardType: method.cardType,
        lastFour: method.lastFour,
        isDefault: input.makeDefault,
      },
    };
  }

  async function removePaymentMethod(token: string): Promise<void> {
    await db.delete(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.token, token));
  }

  return { findPaymentMethod, vaultPaymentMethod, removePaymentMethod };
}
