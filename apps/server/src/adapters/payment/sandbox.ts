import { randomBytes } from 'node:crypto';
import {
  type CardFields,
  type CurrencyCode,
  cardDigits,
  cardTypeOf,
  currencyForCountry,
  type PaymentDeclineReason,
  type PaymentType,
  parseExpirationDate,
  type TokenizePayload,
} from '@coparent/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findFirst } from '../../db/queries.js';
import {
  type SandboxTransactionRow,
  sandboxNonces,
  sandboxPaymentMethods,
  sandboxTransactions,
} from '../../db/schema.js';
import {
  type GatewayTransaction,
  isChargedStatus,
  type PaymentGateway,
  PaymentGatewayError,
  processorDeclineReason,
  type SaleInput,
  type SaleResult,
  transactionStatusOf,
  type VaultedSaleInput,
  type VaultResult,
} from './payment-gateway.js';
import { createSandboxCustomerVault } from './sandbox-customer-vault.js';
import {
  amountOutcome,
  cvvResponseCode,
  DECLINED_CARD_NUMBERS,
  FAKE_NONCES,
  type FakeNonce,
  postalResponseCode,
  processorResponseText,
} from './sandbox-values.js';

/** How long a nonce from the sandbox's card form can be used (Braintree: 3 hours). */
export const SANDBOX_NONCE_TTL_MS = 3 * 60 * 60 * 1000;

/** Braintree-like ids: 8 lower-case letters and digits. */
function transactionId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(8), (byte) => alphabet[byte % alphabet.length]).join('');
}

function toTransaction(row: SandboxTransactionRow): GatewayTransaction {
  return {
    id: row.id,
    orderId: row.orderId,
    status: transactionStatusOf(row.status),
    amountMinor: row.amount,
    currency: row.currency,
    paymentInstrument: row.paymentInstrumentType as PaymentType,
    cardType: row.cardType,
    lastFour: row.lastFour,
    processorResponseCode: row.processorResponseCode,
    processorResponseText: row.processorResponseText,
    gatewayRejectionReason: row.gatewayRejectionReason,
    paymentMethodToken: row.paymentMethodToken,
    createdAt: row.createdAt,
  };
}

/** A sale's outcome, from its stored transaction (also answers a replayed apiRequestKey). */
function saleResultOf(row: SandboxTransactionRow): SaleResult {
  const transaction = toTransaction(row);
  switch (transaction.status) {
    case 'PROCESSOR_DECLINED': {
      const code = Number(row.processorResponseCode ?? 2000);
      return {
        outcome: 'DECLINED',
        reason: processorDeclineReason(code),
        transaction,
        processorResponseCode: row.processorResponseCode,
        message: row.processorResponseText ?? 'Processor Declined',
      };
    }
    case 'GATEWAY_REJECTED': {
      const reason = row.gatewayRejectionReason;
      return {
        outcome: 'DECLINED',
        reason: reason === 'cvv' ? 'CVV' : reason === 'avs' ? 'AVS' : 'FRAUD',
        transaction,
        processorResponseCode: null,
        message: `Gateway Rejected: ${reason ?? 'unknown'}`,
      };
    }
    case 'FAILED':
      return {
        outcome: 'UNAVAILABLE',
        transaction,
        message: row.processorResponseText ?? 'Processor Network Unavailable - Try Again',
      };
    default:
      return { outcome: 'SUCCESS', transaction };
  }
}

type PaymentMethodInfo = {
  paymentInstrument: PaymentType;
  cardType: string | null;
  lastFour: string | null;
  behaviour: FakeNonce['behaviour'];
  cvvResponseCode: string;
  avsPostalCodeResponseCode: string;
};

export type SandboxPaymentGateway = PaymentGateway & {
  readonly provider: 'sandbox';
  /**
   * The sandbox's card form: stores a random nonce with what the sale needs (brand, last four,
   * the test behaviour of the number, the CVV and postal-code outcomes), never the card number or
   * the code, and answers hosted fields' tokenize payload. Call it with fields that passed
   * `cardFieldProblems`.
   */
  tokenizeCard(fields: CardFields): Promise<TokenizePayload>;
};

/**
 * The local sandbox gateway: behaves like Braintree's sandbox by its documented test values
 * (sandbox-values.ts), keeps its transactions in `sandbox_transactions` so that reconciliation by
 * order id works across restarts, and honours the idempotency key like Braintree's apiRequestKey.
 */
export function createSandboxGateway(deps: { db: Db; now: () => Date }): SandboxPaymentGateway {
  const { db, now } = deps;

  /** The payment method behind a nonce, or a validation-style refusal (no transaction). */
  async function resolveNonce(
    nonce: string,
  ): Promise<PaymentMethodInfo | { refused: PaymentDeclineReason; message: string }> {
    const fake = FAKE_NONCES[nonce];
    if (fake) {
      if (fake.behaviour === 'LUHN_INVALID') {
        return {
          refused: 'CARD_NUMBER_INVALID',
          message: 'Credit card number is invalid. (81715)',
        };
      }
      if (fake.behaviour === 'CONSUMED') {
        return {
          refused: 'PAYMENT_METHOD_INVALID',
          message: 'Cannot use a payment_method_nonce more than once. (91564)',
        };
      }
      return { ...fake, cvvResponseCode: 'M', avsPostalCodeResponseCode: 'M' };
    }
    const instant = now();
    // Consumed on first use, like Braintree's nonces (also when the sale is then declined).
    const [row] = await db
      .update(sandboxNonces)
      .set({ consumedAt: instant })
      .where(and(eq(sandboxNonces.nonce, nonce), isNull(sandboxNonces.consumedAt)))
      .returning();
    if (!row) {
      const [known] = await db
        .select({ nonce: sandboxNonces.nonce })
        .from(sandboxNonces)
        .where(eq(sandboxNonces.nonce, nonce))
        .limit(1);
      return known
        ? {
            refused: 'PAYMENT_METHOD_INVALID',
            message: 'Cannot use a payment_method_nonce more than once. (91564)',
          }
        : {
            refused: 'PAYMENT_METHOD_INVALID',
            message: 'Unknown or expired payment_method_nonce. (91565)',
          };
    }
    if (row.expiresAt.getTime() <= instant.getTime()) {
      return {
        refused: 'PAYMENT_METHOD_INVALID',
        message: 'Unknown or expired payment_method_nonce. (91565)',
      };
    }
    return {
      paymentInstrument: row.paymentInstrumentType as PaymentType,
      cardType: row.cardType,
      lastFour: row.lastFour,
      behaviour: row.behaviour === 'PROCESSOR_DECLINED' ? 'PROCESSOR_DECLINED' : 'SUCCESS',
      cvvResponseCode: row.cvvResponseCode,
      avsPostalCodeResponseCode: row.avsPostalCodeResponseCode,
    };
  }

  /**
   * Braintree's apiRequestKey: the same key answers the first result again (undefined when the
   * key is new); reused with another order or amount, it is refused.
   */
  async function replayed(input: {
    idempotencyKey: string;
    orderId: string;
    amountMinor: number;
  }): Promise<SaleResult | undefined> {
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
      throw new PaymentGatewayError('Amount must be greater than zero. (81531)');
    }
    const previous = await findFirst(
      db,
      sandboxTransactions,
      eq(sandboxTransactions.apiRequestKey, input.idempotencyKey),
    );
    if (!previous) return undefined;
    if (previous.orderId !== input.orderId || previous.amount !== input.amountMinor) {
      throw new PaymentGatewayError(
        'API request key can be reused only with the same request. (915232)',
      );
    }
    return saleResultOf(previous);
  }

  /** The sale's status and codes, as Braintree's sandbox decides them by its test values. */
  function outcomeOf(method: PaymentMethodInfo, amountMinor: number) {
    let status = 'submitted_for_settlement';
    let processorResponseCode: string | null = '1000';
    let gatewayRejectionReason: string | null = null;
    const amount = amountOutcome(amountMinor);
    if (method.behaviour === 'FRAUD') {
      status = 'gateway_rejected';
      gatewayRejectionReason = 'fraud';
      processorResponseCode = null;
    } else if (method.behaviour === 'PROCESSOR_DECLINED') {
      status = 'processor_declined';
      processorResponseCode = '2000';
    } else if (amount.kind === 'DECLINED') {
      status = 'processor_declined';
      processorResponseCode = String(amount.code);
    } else if (amount.kind === 'FAILED') {
      status = 'failed';
      processorResponseCode = String(amount.code);
    } else if (method.cvvResponseCode === 'N' || method.cvvResponseCode === 'U') {
      // The processor approved, and the gateway's CVV rules reject (the authorisation is voided).
      status = 'gateway_rejected';
      gatewayRejectionReason = 'cvv';
    } else if (method.avsPostalCodeResponseCode === 'N') {
      status = 'gateway_rejected';
      gatewayRejectionReason = 'avs';
    }
    return { status, processorResponseCode, gatewayRejectionReason };
  }

  /** Stores the sale's transaction and answers its outcome. */
  async function recordSale(
    input: { orderId: string; idempotencyKey: string; amountMinor: number; currency: string },
    method: PaymentMethodInfo,
    outcome: ReturnType<typeof outcomeOf>,
    paymentMethodToken: string | null,
  ): Promise<SaleResult> {
    const { status, processorResponseCode, gatewayRejectionReason } = outcome;
    const instant = now();
    const [row] = await db
      .insert(sandboxTransactions)
      .values({
        id: transactionId(),
        orderId: input.orderId,
        apiRequestKey: input.idempotencyKey,
        type: 'sale',
        status,
        amount: input.amountMinor,
        currency: input.currency,
        paymentInstrumentType: method.paymentInstrument,
        cardType: method.cardType,
        lastFour: method.lastFour,
        processorResponseCode,
        processorResponseText:
          processorResponseCode === null
            ? null
            : processorResponseText(Number(processorResponseCode)),
        gatewayRejectionReason,
        cvvResponseCode: method.cvvResponseCode,
        avsPostalCodeResponseCode: method.avsPostalCodeResponseCode,
        paymentMethodToken,
        createdAt: instant,
        updatedAt: instant,
      })
      .returning();
    if (!row) throw new PaymentGatewayError('the sandbox could not record the transaction');
    return saleResultOf(row);
  }

  async function sale(input: SaleInput): Promise<SaleResult> {
    const previous = await replayed(input);
    if (previous) return previous;

    const method = await resolveNonce(input.nonce);
    if ('refused' in method) {
      return {
        outcome: 'DECLINED',
        reason: method.refused,
        transaction: null,
        processorResponseCode: null,
        message: method.message,
      };
    }

    const outcome = outcomeOf(method, input.amountMinor);
    let paymentMethodToken: string | null = null;
    if (outcome.status === 'submitted_for_settlement' && input.storeInVault) {
      paymentMethodToken = transactionId();
      await db.insert(sandboxPaymentMethods).values({
        token: paymentMethodToken,
        paymentInstrumentType: method.paymentInstrument,
        cardType: method.cardType,
        lastFour: method.lastFour,
      });
    }
    return recordSale(input, method, outcome, paymentMethodToken);
  }

  /**
   * A recurring charge of a vaulted method: declined by amount like a sale (the vault keeps no
   * card number, so the card's own test behaviour no longer applies); an unknown token (never
   * vaulted, or removed) is Braintree's validation error 91518, without a transaction.
   */
  async function chargeVaulted(input: VaultedSaleInput): Promise<SaleResult> {
    const previous = await replayed(input);
    if (previous) return previous;
    const stored = await findFirst(
      db,
      sandboxPaymentMethods,
      eq(sandboxPaymentMethods.token, input.paymentMethodToken),
    );
    if (!stored) {
      return {
        outcome: 'DECLINED',
        reason: 'PAYMENT_METHOD_INVALID',
        transaction: null,
        processorResponseCode: null,
        message: 'Payment method token is invalid. (91518)',
      };
    }
    const method: PaymentMethodInfo = {
      paymentInstrument: stored.paymentInstrumentType as PaymentType,
      cardType: stored.cardType,
      lastFour: stored.lastFour,
      behaviour: 'SUCCESS',
      // A recurring charge asks for no security code, and the vault verified the postal code.
      cvvResponseCode: 'I',
      avsPostalCodeResponseCode: 'M',
    };
    const outcome = outcomeOf(method, input.amountMinor);
    return recordSale(input, method, outcome, stored.token);
  }

  async function vault(input: { nonce: string }): Promise<VaultResult> {
    const method = await resolveNonce(input.nonce);
    if ('refused' in method)
      return { outcome: 'DECLINED', reason: method.refused, message: method.message };
    if (method.behaviour === 'PROCESSOR_DECLINED') {
      return { outcome: 'DECLINED', reason: 'PROCESSOR_DECLINED', message: 'Do Not Honor (2000)' };
    }
    if (method.cvvResponseCode !== 'M') {
      return { outcome: 'DECLINED', reason: 'CVV', message: 'Gateway Rejected: cvv' };
    }
    const token = transactionId();
    await db.insert(sandboxPaymentMethods).values({
      token,
      paymentInstrumentType: method.paymentInstrument,
      cardType: method.cardType,
      lastFour: method.lastFour,
    });
    return {
      outcome: 'SUCCESS',
      token,
      paymentInstrument: method.paymentInstrument,
      cardType: method.cardType,
      lastFour: method.lastFour,
    };
  }

  async function findTransactionByOrderId(orderId: string): Promise<GatewayTransaction | null> {
    const rows = await db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.orderId, orderId), eq(sandboxTransactions.type, 'sale')))
      .orderBy(desc(sandboxTransactions.createdAt));
    const transactions = rows.map(toTransaction);
    return transactions.find((t) => isChargedStatus(t.status)) ?? transactions[0] ?? null;
  }

  async function reverse(id: string) {
    const row = await findFirst(db, sandboxTransactions, eq(sandboxTransactions.id, id));
    if (!row) throw new PaymentGatewayError(`transaction ${id} not found`);
    const instant = now();
    if (row.status === 'submitted_for_settlement' || row.status === 'authorized') {
      await db
        .update(sandboxTransactions)
        .set({ status: 'voided', updatedAt: instant })
        .where(eq(sandboxTransactions.id, id));
      return { kind: 'VOIDED' as const, transactionId: id };
    }
    if (row.status === 'settled' || row.status === 'settling') {
      const creditId = transactionId();
      await db.insert(sandboxTransactions).values({
        ...row,
        id: creditId,
        apiRequestKey: null,
        type: 'credit',
        status: 'submitted_for_settlement',
        refundedTransactionId: id,
        createdAt: instant,
        updatedAt: instant,
      });
      return { kind: 'REFUNDED' as const, transactionId: creditId };
    }
    throw new PaymentGatewayError(`transaction ${id} cannot be voided or refunded (${row.status})`);
  }

  async function tokenizeCard(fields: CardFields): Promise<TokenizePayload> {
    const digits = cardDigits(fields.number);
    const cardType = cardTypeOf(digits) ?? 'Visa';
    const lastFour = digits.slice(-4);
    const expiry = parseExpirationDate(fields.expirationDate);
    const expirationMonth = String(expiry?.month ?? 0).padStart(2, '0');
    const expirationYear = String(expiry?.year ?? 0);
    const nonce = `tokencc_sb_${randomBytes(24).toString('base64url')}`;
    const instant = now();
    await db.insert(sandboxNonces).values({
      nonce,
      paymentInstrumentType: 'CREDIT_CARD',
      cardType,
      lastFour,
      expirationMonth,
      expirationYear,
      behaviour: (DECLINED_CARD_NUMBERS as readonly string[]).includes(digits)
        ? 'PROCESSOR_DECLINED'
        : 'SUCCESS',
      cvvResponseCode: cvvResponseCode(fields.cvv.trim()),
      avsPostalCodeResponseCode: postalResponseCode(fields.postalCode),
      createdAt: instant,
      expiresAt: new Date(instant.getTime() + SANDBOX_NONCE_TTL_MS),
    });
    return {
      nonce,
      details: {
        cardType,
        lastFour,
        lastTwo: lastFour.slice(-2),
        expirationMonth,
        expirationYear,
      },
      description: `ending in ${lastFour.slice(-2)}`,
      type: 'CreditCard',
    };
  }

  return {
    provider: 'sandbox',
    clientToken: async ({ currency }: { currency: CurrencyCode }) => ({
      clientToken: `sandbox_${randomBytes(18).toString('base64url')}`,
      merchantCurrency: currency ?? currencyForCountry(null),
    }),
    sale,
    chargeVaulted,
    vault,
    ...createSandboxCustomerVault({ db, resolveNonce }),
    findTransactionByOrderId,
    reverse,
    tokenizeCard,
  };
}

/** Whether the gateway the config chose is the local sandbox, with its card form. */
export function isSandboxGateway(
  gateway: PaymentGateway | SandboxPaymentGateway,
): gateway is SandboxPaymentGateway {
  return gateway.provider === 'sandbox' && 'tokenizeCard' in gateway;
}
