import {
  APP_ERROR_STATUS,
  type Locale,
  type MessageKey,
  translateMessage,
  type ValidationError,
} from '@coparent/domain';

/**
 * Every error the API answers with as `application/problem+json` has one code, and this is the
 * one table mapping a code to its HTTP status and title. The codes the web client reads come
 * from the domain (`APP_ERROR_STATUS`); the transport-level codes below are the server's own
 * until the domain takes them (see docs/decisions). Field validation is not a problem: it answers
 * 422 `{ validationErrors }`.
 */
const TRANSPORT_ERROR_STATUS = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  UNAUTHORIZED: 401,
  CROSS_SITE_FORM: 403,
  SIGNATURE_INVALID: 403,
  COUNTRY_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  SERVICE_UNAVAILABLE: 503,
} as const;

export const ERROR_STATUS = { ...APP_ERROR_STATUS, ...TRANSPORT_ERROR_STATUS } as const;
export type AppErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [AppErrorCode, ...AppErrorCode[]];

/** Titles are for developers reading a problem document; the web shows its own texts. */
const TITLES: Record<AppErrorCode, string> = {
  VALIDATION_FAILED: 'The request has invalid fields',
  REGISTRATION_KEY_INVALID: 'The registration key does not match',
  SIGNUP_NOT_FOUND: 'Signup not found',
  SIGNUP_EXPIRED: 'Signup expired',
  SECTION_OUT_OF_ORDER: 'An earlier step must be completed first',
  COUNTRY_MISMATCH: 'The package does not fit the country',
  DUPLICATE_PARENT: 'A duplicate parent cannot choose this package',
  NOT_FOUND: 'Not found',
  RATE_LIMITED: 'Too many requests, try again later',
  INTERNAL: 'Something went wrong on our side',
  PROFESSIONAL_CREATE_FAILED: 'The professional account could not be created',
  PAYMENT_DECLINED: 'The payment method was declined',
  PRICE_CHANGED: 'The price has changed',
  PAYMENT_IN_PROGRESS: 'A payment for this signup is being processed',
  ALREADY_PAID: 'This signup has been paid',
  IDEMPOTENCY_KEY_MISSING: 'An Idempotency-Key header of 8 to 128 characters is required',
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was used with another request',
  PAYMENT_PROVIDER_UNAVAILABLE: 'The payment provider is not available; nothing was charged',
  CREDENTIALS_TOKEN_INVALID: 'The credentials token is missing, expired or already used',
  LOGIN_FAILED: 'The username or password is incorrect',
  RECEIPT_NOT_FOUND: 'No receipt for this signup',
  INVITE_INVALID: 'The invite link is expired, replaced or unknown',
  INVITE_USER_MISMATCH: 'The invite does not belong to this user',
  INVITE_REQUEST_FAILED: 'A new invite link cannot be sent for this token',
  CREDENTIALS_ALREADY_SET: 'This account already has a username and password',
  INVITE_COVERED_BY_PROFESSIONAL:
    "A professional's family has nothing to pay: set the username and password",
  SESSION_REQUIRED: 'Log in first: no live session',
  SUBSCRIPTION_NOT_FOUND: 'No such subscription of yours',
  PROFESSIONAL_REQUIRED: 'Only a professional account can do this',
  STAFF_REQUIRED: 'Only a staff account can do this',
  PLACES_UNAVAILABLE: 'Address suggestions are not available; type the address',
  RECOVERY_INVALID:
    'The password recovery has expired, was used or replaced, or has no attempts left',
  RESUME_LINK_INVALID: 'The resume link is unknown, used or expired, or the signup is paid',
  EMAIL_CHANGE_INVALID:
    'The email change link is unknown, used, expired or replaced, or the account email changed since',
  SUPPORT_CHAT_DISABLED: 'Support chat is not configured',
  DATABASE_UNAVAILABLE: 'The database is not available; nothing was saved, try again shortly',
  BAD_REQUEST: 'The request could not be understood',
  MALFORMED_JSON: 'The request body is not valid JSON',
  UNAUTHORIZED: 'A valid bearer token is required',
  CROSS_SITE_FORM: 'A form posted from another site is not accepted',
  SIGNATURE_INVALID: 'The request signature is missing or does not match',
  COUNTRY_NOT_FOUND: 'Country not found',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  PAYLOAD_TOO_LARGE: 'The request body is too large',
  UNSUPPORTED_MEDIA_TYPE: 'Send the request body as application/json',
  SERVICE_UNAVAILABLE: 'The service is not available',
};

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export type Problem = { type: string; title: string; status: number; code: AppErrorCode };

/**
 * Extension members of a problem document (RFC 9457 §3.2): `detail` (a localised text),
 * `messageKey`, and call-specific members such as `pricing` or `retryAfterSeconds`.
 */
export type ProblemExtras = Record<string, unknown> & {
  detail?: string;
  messageKey?: string;
  retryAfterSeconds?: number;
};

export function problemFor(code: AppErrorCode, extras?: ProblemExtras): Problem & ProblemExtras {
  return {
    ...extras,
    type: `/problems/${code.toLowerCase().replaceAll('_', '-')}`,
    title: TITLES[code],
    status: ERROR_STATUS[code],
    code,
  };
}

/** Thrown by services; the app's error handler turns it into a problem document. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: AppErrorCode;
  /** Extension members added to the problem document (never internals). */
  readonly extras: ProblemExtras | undefined;

  constructor(code: AppErrorCode, options?: { cause?: unknown; extras?: ProblemExtras }) {
    super(TITLES[code], options);
    this.code = code;
    this.extras = options?.extras;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Field validation a service decides (duplicates, rules needing stored data): answered as
 * 422 `{ validationErrors }` like a schema failure, or 409 where the spec says so (the professional
 * validator) or the field conflicts with stored data (an email that has an account). Texts are
 * already localised.
 */
export class FieldValidationError extends Error {
  override name = 'FieldValidationError';
  readonly validationErrors: ValidationError[];
  readonly status: 409 | 422;

  constructor(validationErrors: ValidationError[], options: { status?: 409 | 422 } = {}) {
    super('The request has invalid fields');
    this.validationErrors = validationErrors;
    this.status = options.status ?? 422;
  }
}

/** One field's error, in the request's language, from a domain message key. */
export function fieldError(field: string, key: MessageKey, locale: Locale): FieldValidationError {
  return new FieldValidationError([{ field, text: translateMessage(key, locale), type: 'ERROR' }]);
}
