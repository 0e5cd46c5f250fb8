import {
  codesCoveringOrder,
  encodeGaPayload,
  formatMoney,
  gaPurchasePayload,
  type Locale,
  moneyLocale,
  type PaymentResponse,
  type PaymentType,
  PRODUCT_NAME,
  type PricingInfo,
  type PricingResponse,
  type Receipt,
  receiptPaymentType,
  supportPhoneFor,
} from '@coparent/domain';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { GatewayTransaction } from '../../adapters/payment/payment-gateway.js';
import type { Executor } from '../../db/client.js';
import type { PaymentRow } from '../../db/schema.js';
import { receiptEmail } from '../email/templates/receipt.js';
import type { PaymentCompleted } from '../payments/payments.js';
import type { findPackage } from '../pricing/catalog.js';
import { receiptLines } from '../receipts/receipt-lines.js';
import { insertReceipt } from './repo.js';

/** The payment answer as stored (the credentials token is never stored). */
export type StoredResponse = Omit<PaymentResponse, 'clickToJoinToken'>;

/** The receipt email's credentials link and when it stops working. */
export type CredentialsLink = { url: string; expiresInDays: number; expiresAt: Date };

type Package = NonNullable<ReturnType<typeof findPackage>>;

/** The pricing info part of a pricing answer (without `request`). */
export function pricingInfoOf(pricing: PricingResponse): PricingInfo {
  const { request: _request, ...info } = pricing;
  return info;
}

/** What an order stores of its price (the same for Parent A's and the invited co-parent's). */
export function orderFigures(priced: PricingResponse) {
  return {
    promoCodes: priced.request.promoCodes,
    paymentCodes: priced.request.paymentCodes,
    currency: priced.totals.currencyCode,
    total: priced.totals.total,
    taxAmount: priced.totals.taxAmount,
    pricing: pricingInfoOf(priced),
  };
}

/** The receipt and the analytics payload of a completed attempt (both flows). */
export function receiptParts(input: {
  payment: PaymentRow;
  transaction: GatewayTransaction | null;
  method: PaymentType;
  pkg: Package;
  priced: PricingResponse;
  productId: string;
  instant: Date;
  renewsAt: Date;
  locale: Locale;
  email: string;
}): { receipt: Receipt; gaPayloadBase64: string } {
  const { transaction, method, pkg, priced, instant, renewsAt, locale } = input;
  const receipt: Receipt = {
    receiptId: input.payment.id,
    transactionId: transaction?.id ?? null,
    cardLastFour: transaction?.lastFour ?? null,
    cardType: transaction?.cardType ?? null,
    paymentType: receiptPaymentType(method),
    paymentMethod: method,
    totals: priced.totals,
    payForCoParent: priced.payForCoParent,
    paymentCodeDetails: priced.paymentCodeDetails,
    couponDetail: priced.couponDetail,
    taxes: priced.taxes,
    transactionDateTime: instant.toISOString(),
    packageId: pkg.id,
    packageDisplayName: pkg.displayName[locale],
    receiptText: pkg.receiptText[locale],
    subDurationInYears: pkg.subDurationInYears,
    autoRenew: true,
    renewsAt: renewsAt.toISOString(),
    email: input.email,
  };
  const ga = gaPurchasePayload({
    transactionId: transaction?.id ?? input.payment.id,
    affiliation: PRODUCT_NAME,
    currency: priced.totals.currencyCode,
    total: priced.totals.total,
    taxAmount: priced.totals.taxAmount,
    coupon: priced.couponDetail?.couponCode ?? null,
    packageId: pkg.id,
    analyticsPackage: pkg.analyticsPackage,
    pricingGroup: pkg.pricingGroup,
    productId: input.productId,
    unitPrice: priced.totals.selectedPackageTotal / (priced.payForCoParent ? 2 : 1),
    quantity: priced.payForCoParent ? 2 : 1,
    discount: priced.couponDetail?.discount ?? 0,
  });
  return { receipt, gaPayloadBase64: encodeGaPayload(ga) };
}

/** Writes the receipt row; answers what the attempt keeps as COMPLETED (the payments module marks it). */
export async function recordCompletion(
  tx: Executor,
  input: {
    payment: PaymentRow;
    transaction: GatewayTransaction | null;
    method: PaymentType;
    /** The answer stored on the payment: the checkout's (StoredResponse) or a renewal's. */
    response: { receipt: Receipt };
    orderId: string;
    userId: string;
    instant: Date;
  },
): Promise<PaymentCompleted> {
  const { payment, transaction, method, response, instant } = input;
  const { receipt } = response;
  await insertReceipt(tx, {
    paymentId: payment.id,
    orderId: input.orderId,
    userId: input.userId,
    transactionId: receipt.transactionId,
    cardLastFour: receipt.cardLastFour,
    paymentType: receipt.paymentType,
    total: receipt.totals.total,
    currency: receipt.totals.currencyCode,
    transactionAt: instant,
    body: receipt,
    createdAt: instant,
  });
  return {
    transactionId: transaction?.id ?? null,
    cardType: transaction?.cardType ?? null,
    cardLastFour: transaction?.lastFour ?? null,
    paymentType: method,
    response,
    at: instant,
  };
}

/** The receipt email, in the outbox with the completing transaction. */
export async function queueReceiptEmail(
  tx: Executor,
  mailer: Mailer,
  input: {
    to: string;
    firstName: string;
    locale: Locale;
    /** The billing country: the money's format and the support phone. */
    country: string | null | undefined;
    payForCoParent: boolean;
    receipt: Receipt;
    coParentName: string | null;
    credentialsLink?: CredentialsLink;
    /** A renewal's receipt (decision 057). */
    renewal?: boolean;
  },
): Promise<QueuedMail> {
  const { receipt, locale, country } = input;
  const lines = receiptLines(receipt, locale);
  const mail = receiptEmail({
    locale,
    renewal: input.renewal,
    firstName: input.firstName,
    packageName: lines.packageName,
    items: lines.items,
    totalFormatted: formatMoney(
      receipt.totals.total,
      receipt.totals.currencyCode,
      moneyLocale(locale, country),
    ),
    paymentMethod: lines.paymentMethod ?? '—',
    coveredByCodes: codesCoveringOrder(receipt),
    transactionId: lines.transactionId,
    date: lines.date,
    renewsOn: lines.renewsOn,
    payForCoParent: input.payForCoParent,
    coParentName: input.coParentName,
    supportPhone: supportPhoneFor(country).display,
    credentialsLink: input.credentialsLink,
  });
  // Parent A's receipt carries the credentials link: the outbox keeps it no longer than it works.
  const secretsExpireAt = input.credentialsLink?.expiresAt ?? null;
  return mailer.send({ to: input.to, locale, ...mail, secretsExpireAt }, tx);
}
