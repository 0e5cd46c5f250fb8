import {
  DUPLICATE_PARENT_FIELD,
  declineMessageKey,
  type Locale,
  type PaymentDeclineReason,
  translateMessage as translate,
} from '@coparent/domain';
import type { GatewayTransaction } from '../../adapters/payment/payment-gateway.js';
import type { PaymentRow } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../errors.js';
import type { PaymentOutcome } from '../metrics/metrics.js';
import { duplicateText } from '../signup/service.js';

/** Why an attempt ended without an account, kept to answer replays in any language. */
export type StoredFailure =
  | { kind: 'declined'; reason: PaymentDeclineReason; processorResponseCode: string | null }
  /** `unseenAtGateway`: reconciliation found no sale; one still in flight may charge later. */
  | { kind: 'unavailable'; unseenAtGateway?: true }
  | { kind: 'duplicateParent' };

/** 503 PAYMENT_PROVIDER_UNAVAILABLE, with when to try again when that is known. */
export function unavailable(locale: Locale, retryAfterSeconds?: number): AppError {
  return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', {
    extras: {
      detail: translate('payment_unavailable_error', locale),
      messageKey: 'payment_unavailable_error',
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    },
  });
}

/** 409 PAYMENT_IN_PROGRESS: a request is working on the attempt until `lockedUntil`. */
export function inProgress(lockedUntil: Date, now: Date, locale: Locale): AppError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return new AppError('PAYMENT_IN_PROGRESS', {
    extras: {
      detail: translate('payment_inProgress_error', locale),
      messageKey: 'payment_inProgress_error',
      retryAfterSeconds: seconds,
    },
  });
}

/** The error a failed attempt answers, the first time and on every replay. */
export function failureError(failure: StoredFailure, locale: Locale): Error {
  switch (failure.kind) {
    case 'declined': {
      const key = declineMessageKey(failure.reason);
      return new AppError('PAYMENT_DECLINED', {
        extras: {
          detail: translate(key, locale),
          messageKey: key,
          reason: failure.reason,
          processorResponseCode: failure.processorResponseCode,
        },
      });
    }
    case 'unavailable':
      return unavailable(locale);
    case 'duplicateParent':
      return new FieldValidationError([
        {
          field: DUPLICATE_PARENT_FIELD,
          text: duplicateText('signup_duplicateParent_error', locale),
          type: 'DUPLICATE',
        },
      ]);
  }
}

/** What the gateway's record of a refused sale means for the attempt. */
export function failureOf(transaction: GatewayTransaction): StoredFailure {
  if (transaction.status === 'FAILED') return { kind: 'unavailable' };
  if (transaction.status === 'GATEWAY_REJECTED') {
    const reason = transaction.gatewayRejectionReason ?? '';
    return {
      kind: 'declined',
      reason: reason.includes('cvv') ? 'CVV' : reason === 'avs' ? 'AVS' : 'FRAUD',
      processorResponseCode: null,
    };
  }
  return {
    kind: 'declined',
    reason: 'PROCESSOR_DECLINED',
    processorResponseCode: transaction.processorResponseCode,
  };
}

/** How an attempt that a sale settled ended, for the payments counter. */
export function paymentOutcome(payment: PaymentRow): PaymentOutcome {
  switch (payment.status) {
    case 'COMPLETED':
      return 'completed';
    case 'VOIDED':
      return 'voided';
    case 'PENDING':
      return 'pending';
    default:
      return (payment.failure as StoredFailure | null)?.kind === 'declined'
        ? 'declined'
        : 'unavailable';
  }
}
