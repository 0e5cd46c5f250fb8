import {
  ACCOUNT_BILLING_PATH,
  type AccountPaymentMethodUpdateResponse,
  type ClientTokenResponse,
  type CurrencyCode,
  currencyForCountry,
  declineMessageKey,
  FORM_FIELD,
  type Locale,
  type MessageKey,
  PAYMENT_METHOD_FIELD,
  PAYMENT_TYPES,
  type PaymentType,
  resolveLocale,
  supportPhoneFor,
  translateMessage,
} from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import {
  type PaymentGateway,
  PaymentGatewayError,
  type VaultedPaymentMethod,
} from '../../adapters/payment/payment-gateway.js';
import type { Db, Executor } from '../../db/client.js';
import { FieldValidationError } from '../../errors.js';
import { hashToken } from '../../security/tokens.js';
import { findUserAddress, findUserById } from '../account/repo.js';
import { paymentMethodUpdatedEmail } from '../email/templates/payment-method-updated.js';
import { paymentMethodWords } from '../email/templates/subscription-renewal.js';
import { unavailable } from '../payments/failures.js';
import {
  findLiveOrdersOfBuyer,
  findPayerOfOwnLiveSubscription,
  findRetriedChange,
  type LiveOrderRow,
  recordChange,
  setMethodOfPayments,
} from './repo.js';

export type AccountPaymentMethodDeps = {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
  publicUrl: string;
};
export type AccountPaymentMethodService = ReturnType<typeof createAccountPaymentMethodService>;

function isPaymentType(value: string): value is PaymentType {
  return (PAYMENT_TYPES as readonly string[]).includes(value);
}

/** A 409 with the localised reason at the form (the error summary shows it). */
function refusal(key: MessageKey, locale: Locale, params?: Record<string, string>) {
  const text = translateMessage(key, locale, params);
  return new FieldValidationError([{ field: FORM_FIELD, text, type: 'ERROR' }], { status: 409 });
}

/**
 * Updating the card or wallet on file (decision 060). Only the buyer of a live order may: the
 * renewal charges their method. The new one is vaulted with the gateway (verified, made the
 * customer's default, joining the old method's customer), then written on every live order's
 * payment in one transaction with the change's record and the confirmation email; the old one is
 * removed from the vault after the commit (a failure there is logged only). Nothing is written
 * when the verification refuses the method. The same nonce sent again answers the change made.
 */
export function createAccountPaymentMethodService(deps: AccountPaymentMethodDeps) {
  const { db, gateway, mailer, log, now } = deps;
  const billingUrl = `${deps.publicUrl}${ACCOUNT_BILLING_PATH}`;

  /** The buyer's live orders, or why this user has no method of theirs to update (409). */
  async function liveOrdersOrRefusal(userId: string, locale: Locale): Promise<LiveOrderRow[]> {
    const live = await findLiveOrdersOfBuyer(db, userId, now());
    if (live.length > 0) return live;
    const payer = await findPayerOfOwnLiveSubscription(db, userId, now());
    if (payer && payer.buyerUserId !== userId) {
      const name = `${payer.firstName} ${payer.lastName}`.trim();
      throw refusal(
        payer.isProfessional ? 'paymentMethod_professional_error' : 'paymentMethod_notPayer_error',
        locale,
        { name },
      );
    }
    throw refusal('paymentMethod_noSubscription_error', locale);
  }

  /** The currency of the merchant account that verifies the card: the renewed order's. */
  function currencyOf(live: LiveOrderRow[]): CurrencyCode {
    return (live[0]?.currency as CurrencyCode | undefined) ?? currencyForCountry(null);
  }

  /** GET /v2/account/payment-method/client-token: the payment fields' token, for the payer. */
  async function clientToken(userId: string, locale: Locale): Promise<ClientTokenResponse> {
    const live = await liveOrdersOrRefusal(userId, locale);
    try {
      const token = await gateway.clientToken({ currency: currencyOf(live) });
      return { ...token, provider: gateway.provider };
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      log.error({ err: error }, 'client token for the card update failed');
      throw unavailable(locale);
    }
  }

  /** The customer the new method joins: the old vaulted method's, when the vault has it. */
  async function customerOf(live: LiveOrderRow[]): Promise<string | null> {
    for (const order of live) {
      if (!order.paymentMethodToken) continue;
      const old = await gateway.findPaymentMethod(order.paymentMethodToken);
      if (old?.customerId) return old.customerId;
    }
    return null;
  }

  /** PUT /v2/account/payment-method. */
  async function update(
    userId: string,
    nonce: string,
    locale: Locale,
  ): Promise<AccountPaymentMethodUpdateResponse> {
    const nonceHash = hashToken(nonce);
    const answered = await findRetriedChange(db, userId, nonceHash);
    if (answered) return answerOf(answered, locale);
    const live = await liveOrdersOrRefusal(userId, locale);

    let vaulted: VaultedPaymentMethod;
    try {
      const result = await gateway.vaultPaymentMethod({
        customerId: await customerOf(live),
        nonce,
        verify: true,
        makeDefault: true,
        currency: currencyOf(live),
      });
      if (result.outcome === 'DECLINED') {
        // A retry whose first request succeeded meanwhile (the nonce is used): its answer.
        const made = await findRetriedChange(db, userId, nonceHash);
        if (made) return answerOf(made, locale);
        log.info({ userId, reason: result.reason }, 'the new payment method was refused');
        const text = translateMessage(declineMessageKey(result.reason), locale);
        throw new FieldValidationError([{ field: PAYMENT_METHOD_FIELD, text, type: 'ERROR' }]);
      }
      vaulted = result.method;
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      log.error({ err: error }, 'vaulting the new payment method failed');
      throw unavailable(locale);
    }

    let queued: QueuedMail | undefined;
    let replaced: string[] = [];
    try {
      await db.transaction(async (tx: Executor) => {
        const locked = await findLiveOrdersOfBuyer(tx, userId, now(), { lock: true });
        // The term ended between the check and now: nothing renews, nothing to write.
        if (locked.length === 0) throw refusal('paymentMethod_noSubscription_error', locale);
        const instant = now();
        await setMethodOfPayments(
          tx,
          locked.map((o) => o.paymentId),
          {
            paymentMethodToken: vaulted.token,
            paymentType: vaulted.paymentInstrument,
            cardType: vaulted.cardType,
            cardLastFour: vaulted.lastFour,
          },
          instant,
        );
        await recordChange(tx, {
          userId,
          nonceHash,
          paymentType: vaulted.paymentInstrument,
          cardType: vaulted.cardType,
          cardLastFour: vaulted.lastFour,
          at: instant,
        });
        queued = await queueConfirmation(tx, userId, vaulted);
        replaced = [
          ...new Set(locked.map((o) => o.paymentMethodToken).filter((t) => t !== null)),
        ].filter((t) => t !== vaulted.token);
      });
    } catch (error) {
      // Nothing was written: the new method must not stay in the vault unused.
      await removeQuietly(vaulted.token, userId);
      const made = await findRetriedChange(db, userId, nonceHash);
      if (made) return answerOf(made, locale);
      throw error;
    }
    log.info({ userId, paymentType: vaulted.paymentInstrument }, 'the payment method was updated');
    if (queued) void queued.deliver();
    for (const token of replaced) await removeQuietly(token, userId);
    return {
      paymentMethod: {
        paymentType: vaulted.paymentInstrument,
        cardType: vaulted.cardType,
        lastFour: vaulted.lastFour,
      },
    };
  }

  /** The answer of a change already made (a retried nonce). */
  function answerOf(
    change: NonNullable<Awaited<ReturnType<typeof findRetriedChange>>>,
    locale: Locale,
  ): AccountPaymentMethodUpdateResponse {
    // Only this user's own changes are looked up: another user's nonce goes to the gateway, which
    // refuses a used one.
    if (!isPaymentType(change.paymentType)) {
      throw new FieldValidationError([
        {
          field: PAYMENT_METHOD_FIELD,
          text: translateMessage('payment_methodInvalid_error', locale),
          type: 'ERROR',
        },
      ]);
    }
    return {
      paymentMethod: {
        paymentType: change.paymentType,
        cardType: change.cardType,
        lastFour: change.cardLastFour,
      },
    };
  }

  /** Removes a method from the vault; the caller's answer does not depend on it. */
  async function removeQuietly(token: string, userId: string): Promise<void> {
    try {
      await gateway.removePaymentMethod(token);
    } catch (err) {
      log.warn({ err, userId }, 'a payment method could not be removed from the vault');
    }
  }

  /** "Your card was updated", in the payer's language: the brand and last four, no more. */
  async function queueConfirmation(
    tx: Executor,
    userId: string,
    method: VaultedPaymentMethod,
  ): Promise<QueuedMail | undefined> {
    // One after the other: a transaction's connection runs one query at a time.
    const user = await findUserById(tx, userId);
    const address = await findUserAddress(tx, userId);
    if (!user?.email) return undefined;
    const locale = resolveLocale(user.locale);
    const mail = paymentMethodUpdatedEmail({
      locale,
      firstName: user.firstName,
      supportPhone: supportPhoneFor(address?.country).display,
      isWallet: method.paymentInstrument !== 'CREDIT_CARD',
      paymentMethod: paymentMethodWords(
        {
          paymentType: method.paymentInstrument,
          cardType: method.cardType,
          cardLastFour: method.lastFour,
        },
        locale,
      ),
      billingUrl,
    });
    return mailer.send({ to: user.email, locale, ...mail, secretsExpireAt: null }, tx);
  }

  return { clientToken, update };
}
