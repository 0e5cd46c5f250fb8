import {
  type CardFields,
  type ClientTokenResponse,
  cardFieldProblems,
  currencyForCountry,
  type InvitedPaymentRequest,
  isCountryId,
  type Locale,
  type PaymentRequest,
  type PaymentResponse,
  type Receipt,
  type TokenizePayload,
  translateMessage,
} from '@coparent/domain';
import type { Mailer } from '../../adapters/mail/mailer.js';
import {
  type PaymentGateway,
  PaymentGatewayError,
} from '../../adapters/payment/payment-gateway.js';
import type { SandboxPaymentGateway } from '../../adapters/payment/sandbox.js';
import type { Database } from '../../db/client.js';
import type { PaymentRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, FieldValidationError, fieldError } from '../../errors.js';
import { hasCredentials, userExistsWithEmail } from '../account/repo.js';
import { issueCredentialsToken } from '../accounts/credentials-token.js';
import { ParentEmailTakenError } from '../accounts/provision.js';
import type { LoggedCoreDeps } from '../core-deps.js';
import type { EventsService } from '../events/service.js';
import type { ExperimentFlags } from '../flags/experiment-arm.js';
import type { Metrics } from '../metrics/metrics.js';
import { unavailable } from '../payments/failures.js';
import { createPayments, type PayBody } from '../payments/payments.js';
import { findPackage } from '../pricing/catalog.js';
import type { PricingService } from '../pricing/service.js';
import { type ReceiptPdf, receiptPdf as renderReceiptPdf } from '../receipts/receipt-pdf.js';
import type { SignupService } from '../signup/service.js';
import { type InvitedPayer, prepareInvitedAttempt, prepareSignupAttempt } from './attempt.js';
import { type CompletionDeps, createCompletion } from './completion.js';
import type { StoredResponse } from './receipt.js';
import { isUkCardTreatment } from './uk-card-provider.js';

/** Test seams (never set in production code): run inside the completing transaction. */
export type CheckoutHooks = {
  /** Called last inside the completing transaction; a throw rolls it back (a simulated crash). */
  beforeCommit?: (paymentId: string) => void | Promise<void>;
};

export type CheckoutServiceDeps = LoggedCoreDeps & {
  gateway: PaymentGateway | SandboxPaymentGateway;
  pricing: Pick<PricingService, 'quote' | 'quoteFor' | 'catalogNow'>;
  signups: Pick<
    SignupService,
    'authorizeForCheckout' | 'lockForCompletion' | 'markPaid' | 'parentEmailOf'
  >;
  mailer: Mailer;
  smsSender: CompletionDeps['smsSender'];
  publicUrl: string;
  settings: CompletionDeps['settings'] & { paymentLockSeconds: number };
  hooks?: CheckoutHooks | undefined;
  /** Experiments the server decides itself (uk-card-provider). */
  flags: ExperimentFlags;
  /** Where the exposures of those experiments are recorded. */
  exposures: Pick<EventsService, 'recordExposure'>;
  /** Keeps each reconciliation pass to one instance at a time (Database.runAlone); by default it just runs. */
  runAlone?: Database['runAlone'];
  metrics: Pick<Metrics, 'paymentEnded' | 'reconciled'>;
};

export type CheckoutService = ReturnType<typeof createCheckoutService>;

type Ctx = { locale: Locale };

/**
 * Checkout use cases: the client token, the sandbox's card form, Parent A's and the invited
 * co-parent's payments (charged exactly once by payments/, creating the accounts through
 * accounts/provision), and the receipt. See docs/decisions/009-checkout-choices.md.
 */
export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { db, gateway, pricing, signups, log, now, settings, flags } = deps;
  const completion = createCompletion(deps);

  const payments = createPayments({
    db,
    gateway,
    log,
    now,
    lockSeconds: settings.paymentLockSeconds,
    metrics: deps.metrics,
    runAlone: deps.runAlone,
    beforeCommit: deps.hooks?.beforeCommit,
    completion: async () => {
      // Read before the transaction: PGlite has one connection, and the catalog reads in parallel.
      const catalog = await deps.pricing.catalogNow(db);
      return (tx, payment, transaction) => completion.complete(tx, payment, transaction, catalog);
    },
    isDuplicateParent: async (error, payment) =>
      error instanceof ParentEmailTakenError ||
      (isUniqueViolation(error) && (await parentEmailTaken(payment))),
    viaUkCardAccount: (payment, body) => isUkCardTreatment(deps, payment, body),
  });

  async function parentEmailTaken(payment: PaymentRow): Promise<boolean> {
    if (!payment.signupId) return false;
    const parentEmail = await deps.signups.parentEmailOf(payment.signupId);
    return parentEmail ? userExistsWithEmail(db, parentEmail) : false;
  }

  /**
   * A completed payment's answer: the stored one, with a new credentials token while the account
   * has no username yet.
   */
  async function completedAnswer(payment: PaymentRow): Promise<PaymentResponse> {
    const stored = payment.response as StoredResponse;
    const userId = stored.registration.parent.userId;
    if (await hasCredentials(db, userId)) return { ...stored, clickToJoinToken: null };
    const { token } = await issueCredentialsToken(db, userId, {
      now: now(),
      lifetimeMs: settings.credentialsTokenTtlMinutes * 60_000,
    });
    return { ...stored, clickToJoinToken: token };
  }

  /** GET /v2/payment/client-token: the payment form's token, in the country's currency. */
  async function clientToken(country: string | undefined): Promise<ClientTokenResponse> {
    const id = (country ?? '').trim().toUpperCase();
    const currency = currencyForCountry(isCountryId(id) ? id : null);
    try {
      const token = await gateway.clientToken({ currency });
      return { ...token, provider: gateway.provider };
    } catch (error) {
      if (error instanceof PaymentGatewayError) {
        log.error({ err: error }, 'client token failed');
        throw unavailable('en');
      }
      throw error;
    }
  }

  /** POST /v2/payment/sandbox/tokenize: field errors, or hosted fields' payload. */
  async function tokenize(fields: CardFields, { locale }: Ctx): Promise<TokenizePayload> {
    if (!('tokenizeCard' in gateway)) throw new AppError('NOT_FOUND');
    const problems = cardFieldProblems(fields, now());
    if (problems.length > 0) {
      throw new FieldValidationError(
        problems.map((p) => ({
          field: p.field,
          text: translateMessage(p.key, locale),
          type: 'ERROR',
        })),
      );
    }
    return gateway.tokenizeCard(fields);
  }

  /**
   * POST /v2/signups/{id}/payment, exactly once per signup: re-priced on the server (409
   * PRICE_CHANGED when it differs from what was shown), charged, then Parent A's account, the
   * family, the co-parent's invitation, the subscriptions and the receipt created in one
   * transaction. A paid signup answers its stored result whatever the key.
   */
  async function pay(
    signupId: string,
    registrationKey: string | undefined,
    idempotencyKey: string,
    body: PaymentRequest,
    { locale }: Ctx,
  ): Promise<PaymentResponse> {
    const saved = await signups.authorizeForCheckout(signupId, registrationKey);
    return payments.payOnce({
      payer: { signupId: saved.row.id },
      idempotencyKey,
      body,
      isPaid: saved.row.completedAt !== null,
      prepare: () => prepareSignupAttempt({ db, pricing, flags }, saved, body, locale),
      completedAnswer,
      locale,
    });
  }

  /**
   * POST /v2/users/{userId}/payment: an invited co-parent pays for their own subscription, with
   * the same exactly-once rules. Paying for the co-parent is refused; a user whose subscription
   * is current is 409 ALREADY_PAID.
   */
  async function payInvited(
    invited: InvitedPayer,
    idempotencyKey: string,
    body: InvitedPaymentRequest,
    { locale }: Ctx,
  ): Promise<PaymentResponse> {
    if (body.payForCoparent) throw fieldError('payForCoparent', 'invalidValue', locale);
    const payBody: PayBody = {
      ...body,
      payment: { ...body.payment, deviceData: body.payment.deviceData ?? body.deviceData },
    };
    return payments.payOnce({
      payer: { invitedUserId: invited.user.id },
      idempotencyKey,
      body: payBody,
      isPaid: invited.isSubscriptionCurrent,
      prepare: () => prepareInvitedAttempt({ db, pricing, flags }, invited, body, locale),
      completedAnswer,
      locale,
    });
  }

  /** The signup's completed payment and its stored receipt; the key is checked as for any call. */
  async function paidReceipt(signupId: string, registrationKey: string | undefined) {
    const { row } = await signups.authorizeForCheckout(signupId, registrationKey);
    const payment = await payments.findCompleted({ signupId: row.id });
    if (!payment?.response) throw new AppError('RECEIPT_NOT_FOUND');
    return { row, payment, receipt: (payment.response as StoredResponse).receipt };
  }

  /** GET /v2/signups/{id}/receipt: the stored receipt of the signup's completed payment. */
  async function receipt(signupId: string, registrationKey: string | undefined): Promise<Receipt> {
    return (await paidReceipt(signupId, registrationKey)).receipt;
  }

  /** GET /v2/signups/{id}/receipt/pdf: the same receipt as a PDF, Parent A its holder. */
  async function receiptPdf(
    signupId: string,
    registrationKey: string | undefined,
    locale: Locale,
  ): Promise<ReceiptPdf> {
    const { row, payment, receipt } = await paidReceipt(signupId, registrationKey);
    const catalog = await pricing.catalogNow(db);
    return renderReceiptPdf({
      receipt,
      orderNumber: payment.id,
      packageName:
        findPackage(catalog, receipt.packageId)?.displayName[locale] ?? receipt.packageDisplayName,
      holderName: `${row.parentFirstName} ${row.parentLastName}`,
      locale,
    });
  }

  return {
    clientToken,
    tokenize,
    pay,
    payInvited,
    receipt,
    receiptPdf,
    reconcilePendingPayments: payments.reconcilePendingPayments,
  };
}
