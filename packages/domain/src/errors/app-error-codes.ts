/** Problem codes shared by the server (problem+json `code`) and the web client, with their statuses. */
export const APP_ERROR_STATUS = {
  VALIDATION_FAILED: 422,
  REGISTRATION_KEY_INVALID: 403,
  SIGNUP_NOT_FOUND: 404,
  SIGNUP_EXPIRED: 404,
  SECTION_OUT_OF_ORDER: 409,
  /** The package does not fit the visitor's country (pricing group or currency): reselect. */
  COUNTRY_MISMATCH: 409,
  /** A confirmed duplicate Parent A may only buy P0 packages: the browser goes to /duplicate. */
  DUPLICATE_PARENT: 409,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** POST /v2/professional/users failed (also the non-production test hook): the ERROR state. */
  PROFESSIONAL_CREATE_FAILED: 503,
  /** Checkout (docs/checkout.md). The card or account was declined: try another. */
  PAYMENT_DECLINED: 402,
  /** The server's total differs from `amountDisplayed`: the problem carries the new `pricing`. */
  PRICE_CHANGED: 409,
  /** Another attempt for this signup (or this Idempotency-Key) is being processed. */
  PAYMENT_IN_PROGRESS: 409,
  /** The signup has been paid: nothing in it can change any more. */
  ALREADY_PAID: 409,
  /** The payment call needs an `Idempotency-Key` header of 8–128 characters. */
  IDEMPOTENCY_KEY_MISSING: 400,
  /** The `Idempotency-Key` was used before with another request body (or another signup). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The payment provider could not be reached or failed; nothing was charged. */
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  /** The credentials token is missing, unknown, expired or already used. */
  CREDENTIALS_TOKEN_INVALID: 401,
  /** Wrong username or password (the browser shows `login_error`). */
  LOGIN_FAILED: 401,
  /** No completed payment for this signup. */
  RECEIPT_NOT_FOUND: 404,
  /**
   * The invite token is missing, unknown, expired or replaced by a newer one (docs/invite.md):
   * the browser goes to /invite/request (as for the spec's status 112).
   */
  INVITE_INVALID: 403,
  /** The user id in the path is not the invite token's user (the other user is never revealed). */
  INVITE_USER_MISMATCH: 403,
  /** A new invite link cannot be requested with this token (the spec's status 111). */
  INVITE_REQUEST_FAILED: 404,
  /** The user already has a username and password: log in instead. */
  CREDENTIALS_ALREADY_SET: 409,
  /** A professional's family is covered by the practice: no package to choose, nothing to pay. */
  INVITE_COVERED_BY_PROFESSIONAL: 409,
  /** The account area's calls need a live login session (the `cp_session` cookie): log in. */
  SESSION_REQUIRED: 401,
  /** The subscription id is not one the session's user may see (theirs, or one they pay for). */
  SUBSCRIPTION_NOT_FOUND: 404,
  /** A professional's call (My Cases) made with a parent's session. */
  PROFESSIONAL_REQUIRED: 403,
  /**
   * The password recovery is over: expired, used, replaced by a newer request, or out of code
   * attempts (docs/account.md). Start again.
   */
  RECOVERY_INVALID: 410,
  /**
   * The resume email's link is unknown, used, expired, or its signup is paid (decision 046):
   * start again.
   */
  RESUME_LINK_INVALID: 410,
  /**
   * The email change's link is unknown, used, expired, replaced by a newer request or canceled,
   * or the account's email changed since it was sent (decision 059): ask again.
   */
  EMAIL_CHANGE_INVALID: 410,
  /** A staff-only call (the funnel report) made with a session that is not staff. */
  STAFF_REQUIRED: 403,
  /** The places provider (Google Places) failed or timed out: the address is typed by hand. */
  PLACES_UNAVAILABLE: 503,
  /** Support chat is not configured on this server (no Zendesk signing key): no widget. */
  SUPPORT_CHAT_DISABLED: 404,
  /**
   * The database cannot be reached (connection refused or lost, server shutting down, pool
   * exhausted): nothing was written; retry after `Retry-After` seconds with the same values.
   */
  DATABASE_UNAVAILABLE: 503,
} as const;
export type AppErrorCode = keyof typeof APP_ERROR_STATUS;
export const APP_ERROR_CODES = Object.keys(APP_ERROR_STATUS) as AppErrorCode[];

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && Object.hasOwn(APP_ERROR_STATUS, value);
}

/** Answers that mean "this signup is gone for you": reset the funnel and go to /step1. */
export function isSignupResetStatus(status: number): boolean {
  return status === 403 || status === 404;
}
