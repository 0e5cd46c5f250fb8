import {
  type CurrencyCode,
  minorToDecimalString,
  type PaymentDeclineReason,
  type PaymentType,
} from '@coparent/domain';
import braintree from 'braintree';
import {
  type GatewayTransaction,
  isChargedStatus,
  type PaymentGateway,
  PaymentGatewayError,
  processorDeclineReason,
  type ReverseResult,
  type SaleInput,
  type SaleResult,
  transactionStatusOf,
  type VaultedPaymentMethod,
  type VaultedSaleInput,
  type VaultPaymentMethodInput,
  type VaultPaymentMethodResult,
  type VaultResult,
} from './payment-gateway.js';

/**
 * The Braintree adapter, on the official `braintree` SDK (3.40). The SDK's `transaction.sale`
 * accepts `apiRequestKey` (transaction_gateway.js `_createSignature`), Braintree's idempotency
 * key: we pass the attempt's Idempotency-Key there, and our payment row's id as `orderId`.
 * `@types/braintree` predates `apiRequestKey` and `transactionSource`, hence the small typed
 * extension below.
 */

/** Braintree merchant settings (BRAINTREE_*, read in config/ports.ts). */
export type BraintreeConfig = {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  privateKey: string;
  /** Merchant account id per currency (BRAINTREE_MERCHANT_ACCOUNT_<CURRENCY>), when several. */
  merchantAccounts: Partial<Record<CurrencyCode, string>>;
  /** The currency of the merchant's default account (BRAINTREE_DEFAULT_CURRENCY, USD). */
  defaultCurrency: CurrencyCode;
  /** The GBP account of the uk-card-provider experiment (BRAINTREE_MERCHANT_ACCOUNT_UK_CARD). */
  ukCardMerchantAccountId?: string | undefined;
};

type BraintreeTransaction = braintree.Transaction & {
  paymentInstrumentType?: string;
  gatewayRejectionReason?: string | null;
  processorResponseCode?: string;
  processorResponseText?: string;
  creditCard?: { cardType?: string; last4?: string; token?: string } | null;
  applePayCard?: { cardType?: string; last4?: string; token?: string } | null;
  paypal?: { token?: string } | null;
  paypalAccount?: { token?: string } | null;
  venmoAccount?: { token?: string } | null;
  createdAt?: string;
};

type SaleRequest = braintree.TransactionRequest & {
  apiRequestKey?: string;
  transactionSource?: 'recurring';
};

function instrumentOf(type: string | undefined): PaymentType {
  switch (type) {
    case 'paypal_account':
    case 'paypal_here':
      return 'PAYPAL';
    case 'venmo_account':
      return 'VENMO';
    case 'apple_pay_card':
      return 'APPLE_PAY';
    default:
      return 'CREDIT_CARD';
  }
}

/** Braintree's statuses that can only be refunded (the money has moved or is moving). */
const REFUNDABLE_STATUSES = new Set(['settled', 'settling']);

function toTransaction(t: BraintreeTransaction): GatewayTransaction {
  // The SDK gives every transaction an `applePayCard` (empty unless Apple Pay): the instrument
  // type says which card details are this payment's.
  const card =
    t.paymentInstrumentType === 'apple_pay_card'
      ? t.applePayCard
      : t.paymentInstrumentType === 'credit_card'
        ? t.creditCard
        : null;
  const token =
    card?.token ?? t.paypal?.token ?? t.paypalAccount?.token ?? t.venmoAccount?.token ?? null;
  return {
    id: t.id,
    orderId: t.orderId ?? null,
    status: transactionStatusOf(t.status),
    amountMinor: Math.round(Number(t.amount) * 100),
    currency: t.currencyIsoCode,
    paymentInstrument: instrumentOf(t.paymentInstrumentType),
    cardType: card?.cardType ?? null,
    lastFour: card?.last4 ?? null,
    processorResponseCode: t.processorResponseCode ?? null,
    processorResponseText: t.processorResponseText ?? null,
    gatewayRejectionReason: t.gatewayRejectionReason ?? null,
    paymentMethodToken: token,
    createdAt: t.createdAt ? new Date(t.createdAt) : new Date(),
  };
}

/** Validation error codes (no transaction) → what the visitor is told. */
function validationReason(codes: readonly string[]): PaymentDeclineReason {
  if (codes.some((c) => ['81715', '81716', '81717', '81703'].includes(c))) {
    return 'CARD_NUMBER_INVALID';
  }
  if (codes.some((c) => ['81709', '81710', '81711', '81712', '81713', '81714'].includes(c))) {
    return 'EXPIRATION_INVALID';
  }
  if (codes.some((c) => ['81706', '81707'].includes(c))) return 'CVV';
  return 'PAYMENT_METHOD_INVALID';
}

/** A vaulted method's instrument, by the SDK's class for it (CreditCard, PayPalAccount…). */
function instrumentOfMethod(method: object): PaymentType {
  const kind = (method as { constructor?: { name?: string } }).constructor?.name ?? '';
  if (kind.includes('PayPal')) return 'PAYPAL';
  if (kind.includes('Venmo')) return 'VENMO';
  if (kind.includes('ApplePay')) return 'APPLE_PAY';
  return 'CREDIT_CARD';
}

/** The SDK's payment method (any kind) as the port's. */
function toVaultedMethod(method: braintree.PaymentMethod): VaultedPaymentMethod {
  const details = method as {
    token: string;
    customerId?: string;
    cardType?: string;
    last4?: string;
    default?: boolean;
  };
  return {
    token: details.token,
    customerId: details.customerId ?? null,
    paymentInstrument: instrumentOfMethod(method),
    cardType: details.cardType ?? null,
    lastFour: details.last4 ?? null,
    isDefault: details.default === true,
  };
}

/** A refused card verification (`<verification>` of the error response) → the visitor's reason. */
function verificationReason(verification: {
  status?: string;
  processorResponseCode?: string | null;
  gatewayRejectionReason?: string | null;
}): PaymentDeclineReason {
  if (verification.status === 'processor_declined') {
    return processorDeclineReason(Number(verification.processorResponseCode ?? 2000));
  }
  const rejection = verification.gatewayRejectionReason ?? '';
  if (rejection.includes('cvv')) return 'CVV';
  if (rejection === 'avs') return 'AVS';
  return 'FRAUD';
}

function isNotFound(error: unknown): boolean {
  return (error as { type?: string })?.type === 'notFoundError';
}

function gatewayError(error: unknown): PaymentGatewayError {
  const type = (error as { type?: string })?.type ?? 'unknown';
  return new PaymentGatewayError(`braintree: ${type}`, { cause: error });
}

export function createBraintreeGateway(config: BraintreeConfig): PaymentGateway {
  const gateway = new braintree.BraintreeGateway({
    environment:
      config.environment === 'production'
        ? braintree.Environment.Production
        : braintree.Environment.Sandbox,
    merchantId: config.merchantId,
    publicKey: config.publicKey,
    privateKey: config.privateKey,
  });

  /** The merchant account settling in `currency`, else the default one (undefined). */
  function merchantAccountFor(currency: CurrencyCode) {
    const id = config.merchantAccounts[currency];
    return id
      ? { merchantAccountId: id, currency }
      : { merchantAccountId: undefined, currency: config.defaultCurrency };
  }

  async function clientToken({ currency }: { currency: CurrencyCode }) {
    const account = merchantAccountFor(currency);
    try {
      const result = await gateway.clientToken.generate(
        account.merchantAccountId ? { merchantAccountId: account.merchantAccountId } : {},
      );
      if (!result.success) throw new PaymentGatewayError(`braintree: ${result.message}`);
      return { clientToken: result.clientToken, merchantCurrency: account.currency };
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw error;
      throw gatewayError(error);
    }
  }

  async function sale(input: SaleInput): Promise<SaleResult> {
    const account =
      input.viaUkCardAccount && config.ukCardMerchantAccountId && input.currency === 'GBP'
        ? { merchantAccountId: config.ukCardMerchantAccountId, currency: input.currency }
        : merchantAccountFor(input.currency);
    if (account.currency !== input.currency) {
      throw new PaymentGatewayError(`braintree: no merchant account for ${input.currency}`);
    }
    const request: SaleRequest = {
      amount: minorToDecimalString(input.amountMinor, input.currency),
      paymentMethodNonce: input.nonce,
      orderId: input.orderId,
      apiRequestKey: input.idempotencyKey,
      ...(account.merchantAccountId ? { merchantAccountId: account.merchantAccountId } : {}),
      ...(input.deviceData ? { deviceData: input.deviceData } : {}),
      options: { submitForSettlement: true, storeInVaultOnSuccess: input.storeInVault },
    };
    return send(request);
  }

  /**
   * A recurring charge of a vaulted method: the token instead of a nonce, and `transactionSource:
   * 'recurring'` (a merchant-initiated charge the customer agreed to at the first purchase, as
   * the card networks ask to be told).
   */
  async function chargeVaulted(input: VaultedSaleInput): Promise<SaleResult> {
    const account = merchantAccountFor(input.currency);
    if (account.currency !== input.currency) {
      throw new PaymentGatewayError(`braintree: no merchant account for ${input.currency}`);
    }
    return send({
      amount: minorToDecimalString(input.amountMinor, input.currency),
      paymentMethodToken: input.paymentMethodToken,
      orderId: input.orderId,
      apiRequestKey: input.idempotencyKey,
      transactionSource: 'recurring',
      ...(account.merchantAccountId ? { merchantAccountId: account.merchantAccountId } : {}),
      options: { submitForSettlement: true },
    });
  }

  /** Sends a sale and reads Braintree's answer as the port's outcome. */
  async function send(request: SaleRequest): Promise<SaleResult> {
    let result: braintree.ValidatedResponse<braintree.Transaction>;
    try {
      result = await gateway.transaction.sale(request);
    } catch (error) {
      throw gatewayError(error);
    }
    const raw = (result.transaction ?? null) as BraintreeTransaction | null;
    if (result.success && raw) return { outcome: 'SUCCESS', transaction: toTransaction(raw) };
    if (raw) {
      const transaction = toTransaction(raw);
      if (transaction.status === 'FAILED') {
        return { outcome: 'UNAVAILABLE', transaction, message: result.message };
      }
      if (transaction.status === 'PROCESSOR_DECLINED') {
        return {
          outcome: 'DECLINED',
          reason: processorDeclineReason(Number(transaction.processorResponseCode ?? 2000)),
          transaction,
          processorResponseCode: transaction.processorResponseCode,
          message: result.message,
        };
      }
      const rejection = transaction.gatewayRejectionReason ?? '';
      return {
        outcome: 'DECLINED',
        reason: rejection.includes('cvv') ? 'CVV' : rejection === 'avs' ? 'AVS' : 'FRAUD',
        transaction,
        processorResponseCode: null,
        message: result.message,
      };
    }
    const codes = result.errors?.deepErrors().map((e) => String(e.code)) ?? [];
    if (codes.some((c) => c.startsWith('9152'))) {
      // apiRequestKey problems (in flight, reused with another request…): outcome unknown.
      throw new PaymentGatewayError(`braintree: ${result.message} (${codes.join(',')})`);
    }
    return {
      outcome: 'DECLINED',
      reason: validationReason(codes),
      transaction: null,
      processorResponseCode: null,
      message: `${result.message} (${codes.join(',')})`,
    };
  }

  async function vault(input: { nonce: string }): Promise<VaultResult> {
    try {
      const result = await gateway.customer.create({ paymentMethodNonce: input.nonce });
      const method = result.success ? result.customer.paymentMethods?.[0] : undefined;
      if (!method) {
        const codes = result.errors?.deepErrors().map((e) => String(e.code)) ?? [];
        return { outcome: 'DECLINED', reason: validationReason(codes), message: result.message };
      }
      const { token, paymentInstrument, cardType, lastFour } = toVaultedMethod(method);
      return { outcome: 'SUCCESS', token, paymentInstrument, cardType, lastFour };
    } catch (error) {
      throw gatewayError(error);
    }
  }

  async function findPaymentMethod(token: string): Promise<VaultedPaymentMethod | null> {
    try {
      return toVaultedMethod(await gateway.paymentMethod.find(token));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw gatewayError(error);
    }
  }

  /**
   * `paymentMethod.create` for the customer (created first when there is none), verified through
   * the merchant account of the order's currency when asked, and made the default.
   */
  async function vaultPaymentMethod(
    input: VaultPaymentMethodInput,
  ): Promise<VaultPaymentMethodResult> {
    const account = merchantAccountFor(input.currency);
    try {
      let customerId = input.customerId;
      if (!customerId) {
        const created = await gateway.customer.create({});
        if (!created.success) throw new PaymentGatewayError(`braintree: ${created.message}`);
        customerId = created.customer.id;
      }
      const result = await gateway.paymentMethod.create({
        customerId,
        paymentMethodNonce: input.nonce,
        options: {
          verifyCard: input.verify,
          makeDefault: input.makeDefault,
          ...(input.verify && account.merchantAccountId
            ? { verificationMerchantAccountId: account.merchantAccountId }
            : {}),
        },
      });
      if (result.success)
        return { outcome: 'SUCCESS', method: toVaultedMethod(result.paymentMethod) };
      const verification = (result as { verification?: Parameters<typeof verificationReason>[0] })
        .verification;
      if (verification) {
        return {
          outcome: 'DECLINED',
          reason: verificationReason(verification),
          message: result.message,
        };
      }
      const codes = result.errors?.deepErrors().map((e) => String(e.code)) ?? [];
      return {
        outcome: 'DECLINED',
        reason: validationReason(codes),
        message: `${result.message} (${codes.join(',')})`,
      };
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw error;
      throw gatewayError(error);
    }
  }

  async function removePaymentMethod(token: string): Promise<void> {
    try {
      await gateway.paymentMethod.delete(token);
    } catch (error) {
      if (isNotFound(error)) return;
      throw gatewayError(error);
    }
  }

  async function findTransactionByOrderId(orderId: string): Promise<GatewayTransaction | null> {
    const found: GatewayTransaction[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const stream = gateway.transaction.search(
          (search: { orderId(): { is(v: string): void } }) => search.orderId().is(orderId),
        );
        stream.on('data', (t: BraintreeTransaction) => found.push(toTransaction(t)));
        stream.on('error', reject);
        stream.on('end', () => resolve());
      });
    } catch (error) {
      throw gatewayError(error);
    }
    return found.find((t) => isChargedStatus(t.status)) ?? found[0] ?? null;
  }

  async function reverse(transactionId: string): Promise<ReverseResult> {
    try {
      const transaction = (await gateway.transaction.find(transactionId)) as BraintreeTransaction;
      // settlement_pending (PayPal) counts as charged, yet Braintree voids it, never refunds it.
      if (REFUNDABLE_STATUSES.has(transaction.status)) {
        const refund = await gateway.transaction.refund(transactionId);
        if (!refund.success) throw new PaymentGatewayError(`braintree: ${refund.message}`);
        return { kind: 'REFUNDED', transactionId: refund.transaction.id };
      }
      const voided = await gateway.transaction.void(transactionId);
      if (!voided.success) throw new PaymentGatewayError(`braintree: ${voided.message}`);
      return { kind: 'VOIDED', transactionId };
    } catch (error) {
      if (error instanceof PaymentGatewayError) throw error;
      throw gatewayError(error);
    }
  }

  return {
    provider: 'braintree',
    clientToken,
    sale,
    chargeVaulted,
    vault,
    findPaymentMethod,
    vaultPaymentMethod,
    removePaymentMethod,
    findTransactionByOrderId,
    reverse,
  };
}
