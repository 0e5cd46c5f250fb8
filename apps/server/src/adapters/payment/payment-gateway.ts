import type {
  CurrencyCode,
  PaymentDeclineReason,
  PaymentProvider,
  PaymentType,
} from '@coparent/domain';

/**
 * The payment gateway port. The checkout never talks to a provider directly: it asks this port
 * for a client token, a sale, a vaulted payment method, a charge of a vaulted method (the
 * renewal), a transaction by order id (reconciliation) and a void or refund. Two adapters implement it: `braintree` (the official
 * SDK, chosen in config/adapters.ts when the merchant settings are present) and `sandbox` (local, kept in
 * the database, behaving like Braintree's sandbox by its documented test values; refused in
 * production). Amounts cross the port as integer minor units.
 */

/** Braintree's transaction statuses we act on (anything else is OTHER). */
export type TransactionStatus =
  | 'AUTHORIZED'
  | 'SUBMITTED_FOR_SETTLEMENT'
  | 'SETTLING'
  | 'SETTLED'
  | 'VOIDED'
  | 'PROCESSOR_DECLINED'
  | 'GATEWAY_REJECTED'
  | 'FAILED'
  | 'OTHER';

/**
 * What a processor response code (Braintree's numbering, which the sandbox reproduces) means for
 * the visitor.
 */
export function processorDeclineReason(code: number): PaymentDeclineReason {
  if (code === 2004 || code === 2006) return 'EXPIRATION_INVALID';
  if (code === 2005 || code === 2008) return 'CARD_NUMBER_INVALID';
  if (code === 2010) return 'CVV';
  return 'PROCESSOR_DECLINED';
}

const STATUS_NAMES: Readonly<Record<string, TransactionStatus>> = {
  authorized: 'AUTHORIZED',
  authorizing: 'AUTHORIZED',
  submitted_for_settlement: 'SUBMITTED_FOR_SETTLEMENT',
  settlement_pending: 'SETTLING',
  settling: 'SETTLING',
  settled: 'SETTLED',
  voided: 'VOIDED',
  processor_declined: 'PROCESSOR_DECLINED',
  gateway_rejected: 'GATEWAY_REJECTED',
  failed: 'FAILED',
};

/** A Braintree status name (the sandbox stores the same names) as the port's status. */
export function transactionStatusOf(name: string): TransactionStatus {
  return STATUS_NAMES[name] ?? 'OTHER';
}

/** A charge that went through (money is, or will be, taken). */
export function isChargedStatus(status: TransactionStatus): boolean {
  return (
    status === 'AUTHORIZED' ||
    status === 'SUBMITTED_FOR_SETTLEMENT' ||
    status === 'SETTLING' ||
    status === 'SETTLED'
  );
}

export type GatewayTransaction = {
  id: string;
  orderId: string | null;
  status: TransactionStatus;
  amountMinor: number;
  currency: string;
  paymentInstrument: PaymentType;
  /** Braintree's card type names ('Visa', 'MasterCard'…); null for PayPal and Venmo. */
  cardType: string | null;
  lastFour: string | null;
  processorResponseCode: string | null;
  processorResponseText: string | null;
  /** cvv, avs, avs_and_cvv, fraud… */
  gatewayRejectionReason: string | null;
  /** The vaulted payment method's token (storeInVault). */
  paymentMethodToken: string | null;
  createdAt: Date;
};

export type SaleInput = {
  nonce: string;
  amountMinor: number;
  currency: CurrencyCode;
  /** Our payment row's id: the key for reconciliation (`findTransactionByOrderId`). */
  orderId: string;
  /** The attempt's Idempotency-Key: Braintree's `apiRequestKey`. */
  idempotencyKey: string;
  deviceData?: string | undefined;
  /** Store the payment method in the vault when the sale succeeds. */
  storeInVault: boolean;
  /**
   * The uk-card-provider experiment's Treatment for a GB card (decision 020): the sale goes
   * through the UK card merchant account where one is configured.
   */
  viaUkCardAccount?: boolean | undefined;
};

/** A merchant-initiated charge of a method in the vault (the subscription's renewal). */
export type VaultedSaleInput = {
  /** The vault's token of the method (`payments.payment_method_token`); never logged. */
  paymentMethodToken: string;
  amountMinor: number;
  currency: CurrencyCode;
  /** Our payment row's id: the key for reconciliation (`findTransactionByOrderId`). */
  orderId: string;
  /** Derived from the renewal and its attempt: Braintree's `apiRequestKey`. */
  idempotencyKey: string;
};

export type SaleResult =
  | { outcome: 'SUCCESS'; transaction: GatewayTransaction }
  /** Not charged: the payment method was refused (try another). */
  | {
      outcome: 'DECLINED';
      reason: PaymentDeclineReason;
      /** The refused transaction, when the gateway created one (processor or gateway rejection). */
      transaction: GatewayTransaction | null;
      processorResponseCode: string | null;
      /** The provider's own text, for logs (never shown as is). */
      message: string;
    }
  /** Not charged: the processor could not be reached ("processor network unavailable"). */
  | { outcome: 'UNAVAILABLE'; transaction: GatewayTransaction | null; message: string };

export type VaultResult =
  | {
      outcome: 'SUCCESS';
      token: string;
      paymentInstrument: PaymentType;
      cardType: string | null;
      lastFour: string | null;
    }
  | { outcome: 'DECLINED'; reason: PaymentDeclineReason; message: string };

/** A payment method the vault holds, as the account's card update reads it. */
export type VaultedPaymentMethod = {
  /** The vault's token (what a renewal charges); never logged. */
  token: string;
  /** The gateway's customer it belongs to; null for a sandbox method a sale stored. */
  customerId: string | null;
  paymentInstrument: PaymentType;
  /** Braintree's card type names ('Visa'…); null for PayPal and Venmo. */
  cardType: string | null;
  lastFour: string | null;
  /** The customer's default method. */
  isDefault: boolean;
};

export type VaultPaymentMethodInput = {
  /** The customer the method joins (the old method's); null: a new customer is created. */
  customerId: string | null;
  nonce: string;
  /** Verify a card first (an authorisation voided at once): a refused card is not stored. */
  verify: boolean;
  /** Make it the customer's default method. */
  makeDefault: boolean;
  /** The currency whose merchant account verifies the card (the order's). */
  currency: CurrencyCode;
};

export type VaultPaymentMethodResult =
  | { outcome: 'SUCCESS'; method: VaultedPaymentMethod }
  /** Not stored: the verification refused it, or the nonce is not usable. */
  | { outcome: 'DECLINED'; reason: PaymentDeclineReason; message: string };

export type ReverseResult = { kind: 'VOIDED' | 'REFUNDED'; transactionId: string };

/**
 * The provider could not be asked or did not answer (network, timeout, 5xx, bad credentials):
 * the outcome of the call is unknown. The checkout keeps the attempt PENDING and reconciles it.
 */
export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
}

export type PaymentGateway = {
  readonly provider: PaymentProvider;
  /** A client token for the browser SDK (sandbox: an opaque string), for a billing currency. */
  clientToken(input: {
    currency: CurrencyCode;
  }): Promise<{ clientToken: string; merchantCurrency: CurrencyCode }>;
  sale(input: SaleInput): Promise<SaleResult>;
  /**
   * Charges a vaulted method, the customer absent (a recurring charge): the same outcomes as a
   * sale; an unknown or removed token is DECLINED (PAYMENT_METHOD_INVALID) without a transaction.
   */
  chargeVaulted(input: VaultedSaleInput): Promise<SaleResult>;
  /** Stores a payment method in the vault (without charging it). */
  vault(input: { nonce: string }): Promise<VaultResult>;
  /** A vaulted payment method by its token, or null when the vault does not hold it. */
  findPaymentMethod(token: string): Promise<VaultedPaymentMethod | null>;
  /**
   * Stores a payment method for a customer (Braintree's `paymentMethod.create`), verified first
   * when asked: the account's card update.
   */
  vaultPaymentMethod(input: VaultPaymentMethodInput): Promise<VaultPaymentMethodResult>;
  /** Removes a method from the vault; a token it does not hold counts as removed. */
  removePaymentMethod(token: string): Promise<void>;
  /** The transaction of a sale by its order id (the successful one when several), or null. */
  findTransactionByOrderId(orderId: string): Promise<GatewayTransaction | null>;
  /** Voids a transaction not yet settled, or refunds a settled one. */
  reverse(transactionId: string): Promise<ReverseResult>;
};
