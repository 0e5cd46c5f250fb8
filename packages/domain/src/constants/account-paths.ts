/**
 * Where the account area lives (/app/account/*); the join funnel sends people there by full page
 * load. Constants apart from the account's schemas, so a screen that only links there does not
 * load zod (the web's JavaScript budget per route).
 */
export const ACCOUNT_BASE_PATH = '/app/account';
/** The account home the login (and a finished signup) lands on. */
export const ACCOUNT_HOME_PATH = '/app/account/';
export const ACCOUNT_LOGIN_PATH = '/app/account/login';
export const ACCOUNT_BILLING_PATH = '/app/account/billing';
export const ACCOUNT_EMAIL_PATH = '/app/account/email';
/** The email change's link (`?token=`, decision 059); works without a session. */
export const ACCOUNT_EMAIL_CONFIRM_PATH = '/app/account/email/confirm';
export const ACCOUNT_RECOVER_PATH = '/app/account/recover';
export const ACCOUNT_SETUP_PATH = '/app/account/setup';
/** The subscription: its renewal, auto-renewal on and off, and canceling (decision 054). */
export const ACCOUNT_SUBSCRIPTION_PATH = '/app/account/subscription';
export const ACCOUNT_CANCEL_PATH = '/app/account/subscription/cancel';
