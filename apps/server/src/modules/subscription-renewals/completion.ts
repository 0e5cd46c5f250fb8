import {
  type Locale,
  type PaymentType,
  type PricingResponse,
  resolveLocale,
  termForYears,
} from '@coparent/domain';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { GatewayTransaction } from '../../adapters/payment/payment-gateway.js';
import type { Executor } from '../../db/client.js';
import type { PaymentRow } from '../../db/schema.js';
import { findUserAddress, findUserById } from '../account/repo.js';
import { lockOrderSubscriptions } from '../account-subscription/order-subscriptions-lock.js';
import {
  orderFigures,
  queueReceiptEmail,
  receiptParts,
  recordCompletion,
} from '../checkout/receipt.js';
import type { CompleteInTransaction } from '../payments/payments.js';
import { type Catalog, findPackage } from '../pricing/catalog.js';
import {
  findOrder,
  insertOrder,
  lockRenewal,
  moveToOrder,
  othersOfOrder,
  updateRenewal,
} from './repo.js';
import { addYears } from './schedule.js';

/** What a renewal's attempt stores before the gateway is called (no secret). */
export type RenewalAttempt = {
  kind: 'RENEWAL';
  /** The order renewed. */
  orderId: string;
  /** The renewal's date (ISO): the new term starts there, whichever try went through. */
  dueAt: string;
  /** The price charged: the checkout's pricing of the order without codes. */
  pricing: PricingResponse;
};

/**
 * The records a charged renewal creates, in its completing transaction (the payment row locked
 * and PENDING): the new order for the next term (on the plan charged: the one the payer chose
 * for it, decision 062, else the same), the subscriptions moved to it and paid a term
 * further from the due date (no gap and no proration, whichever retry went through), the renewal
 * RENEWED, the receipt (numbered by the payment, as the checkout's), and the receipt email in the
 * payer's language.
 */
export function renewalCompletion(deps: {
  mailer: Mailer;
  now: () => Date;
  catalog: Catalog;
}): CompleteInTransaction {
  const { mailer, now, catalog } = deps;
  return async (tx: Executor, payment: PaymentRow, transaction: GatewayTransaction | null) => {
    const attempt = payment.attempt as RenewalAttempt;
    const order = await findOrder(tx, attempt.orderId);
    if (!order) throw new Error(`order ${attempt.orderId} not found`);
    const renewed = (await lockOrderSubscriptions(tx, order.id)).filter((s) => s.autoRenew);
    const renewal = await lockRenewal(tx, order.id);
    if (renewal?.status !== 'OPEN') throw new Error(`renewal of order ${order.id} is not open`);
    // The plan the attempt priced and charged: the one chosen for the next term, or the same.
    const charged = attempt.pricing.request.orderDetail;
    const samePlan = charged.packageId === order.packageId;
    const pkg = findPackage(catalog, charged.packageId);
    if (!pkg) throw new Error(`package ${charged.packageId} not found`);
    const plan = samePlan
      ? { packageId: order.packageId, productId: order.productId, services: order.services }
      : {
          packageId: pkg.id,
          productId: charged.productId ?? termForYears(pkg.subDurationInYears),
          services: charged.services,
        };
    const payer = await findUserById(tx, order.userId);
    if (!payer?.email) throw new Error(`payer ${order.userId} not found`);
    const address = await findUserAddress(tx, payer.id);
    const locale: Locale = resolveLocale(payer.locale);

    const instant = now();
    const years = samePlan ? (renewed[0]?.years ?? pkg.subDurationInYears) : pkg.subDurationInYears;
    const renewsAt = addYears(renewal.dueAt, years);
    const priced = attempt.pricing;
    const newOrderId = await insertOrder(tx, {
      signupId: null,
      paymentId: payment.id,
      userId: order.userId,
      familyId: order.familyId,
      packageId: plan.packageId,
      productId: plan.productId,
      services: plan.services,
      payForCoParent: order.payForCoParent,
      ...orderFigures(priced),
      createdAt: instant,
    });
    await moveToOrder(
      tx,
      renewed.map((s) => s.id),
      newOrderId,
      { renewsAt, packageId: plan.packageId, years },
    );
    await updateRenewal(tx, order.id, {
      status: 'RENEWED',
      attempts: renewal.attempts + 1,
      renewalOrderId: newOrderId,
      updatedAt: instant,
    });

    const method = transaction?.paymentInstrument ?? (payment.paymentType as PaymentType);
    const { receipt } = receiptParts({
      payment,
      transaction,
      method,
      pkg,
      priced,
      productId: plan.productId,
      instant,
      renewsAt,
      locale,
      email: payer.email,
    });
    const completed = await recordCompletion(tx, {
      payment,
      transaction,
      method,
      response: { receipt },
      orderId: newOrderId,
      userId: payer.id,
      instant,
    });
    const [coParentName] = await othersOfOrder(tx, newOrderId, payer.id);
    const mail = await queueReceiptEmail(tx, mailer, {
      to: payer.email,
      firstName: payer.firstName,
      locale,
      country: address?.country ?? priced.request.country,
      payForCoParent: order.payForCoParent,
      receipt,
      coParentName: coParentName ?? null,
      renewal: true,
    });
    return { deliveries: [mail], completed };
  };
}
