import { ACCOUNT_HOME_PATH } from '../constants/account-paths.js';

/**
 * The invited co-parent's flow progress: `lastCompletedStep`
 * of /invite/*, kept on the server and read by the browser's route guards. 0 = nothing done,
 * 1 = contact info (or a build-your-own package still to configure), 2 = ready for the payment
 * (or the billing info of a paid subscription).
 */
export type InviteStep = 0 | 1 | 2;

/** What moved the invited flow forward. */
export type InviteStepEvent =
  | {
      kind: 'STEP1_SUBMITTED';
      isSubscriptionCurrent: boolean;
      billingAddressComplete: boolean;
      /** A professional's family: their practice covers the subscription (no payment). */
      userCreatedByPro?: boolean;
    }
  | { kind: 'PACKAGE_CHOSEN'; buildYourOwn: boolean }
  | { kind: 'CHOOSE_YOUR_OWN_SUBMITTED' };

/** The invited flow's screens, under the /app/join basename. */
export const INVITE_PATHS = {
  welcome: '/invite',
  request: '/invite/request',
  credentials: '/invite/credentials',
  step1: '/invite/step1',
  packages: '/invite/packages',
  chooseYourOwn: '/invite/choose-your-own',
  billingInfo: '/invite/billing-info',
  payment: '/invite/payment',
  receipt: '/invite/receipt',
} as const;
export type InvitePath = (typeof INVITE_PATHS)[keyof typeof INVITE_PATHS];

/**
 * The progress after an event, and where the browser goes next:
 * - step 1 submitted: in a professional's family 1 (→ /invite/credentials: nothing to pay); 2
 *   when the subscription is current but the billing address is incomplete
 *   (→ /invite/billing-info), otherwise 1 (→ /invite/packages);
 * - a build-your-own package chosen: 1 (→ /invite/choose-your-own); another package: 2
 *   (→ /invite/payment);
 * - choose-your-own submitted: 2 (→ /invite/payment).
 */
export function nextInviteStep(event: InviteStepEvent): { step: InviteStep; path: InvitePath } {
  switch (event.kind) {
    case 'STEP1_SUBMITTED':
      if (event.userCreatedByPro) return { step: 1, path: INVITE_PATHS.credentials };
      return event.isSubscriptionCurrent && !event.billingAddressComplete
        ? { step: 2, path: INVITE_PATHS.billingInfo }
        : { step: 1, path: INVITE_PATHS.packages };
    case 'PACKAGE_CHOSEN':
      return event.buildYourOwn
        ? { step: 1, path: INVITE_PATHS.chooseYourOwn }
        : { step: 2, path: INVITE_PATHS.payment };
    case 'CHOOSE_YOUR_OWN_SUBMITTED':
      return { step: 2, path: INVITE_PATHS.payment };
  }
}

/** The payment page's entry rule: with fewer than 2 steps done, /invite/packages if 1, else step 1. */
export function invitePaymentRedirect(lastCompletedStep: number): InvitePath | null {
  if (lastCompletedStep >= 2) return null;
  return lastCompletedStep === 1 ? INVITE_PATHS.packages : INVITE_PATHS.step1;
}

/**
 * A professional's family has nothing to pay (their practice covers the subscription; the server
 * refuses their package and payment): the packages, build-your-own and payment screens send them
 * to step 1 if it is not done, else to their credentials. Null for everyone else.
 */
export function inviteCoveredRedirect(progress: {
  userCreatedByPro: boolean;
  lastCompletedStep: number;
}): InvitePath | null {
  if (!progress.userCreatedByPro) return null;
  return progress.lastCompletedStep < 1 ? INVITE_PATHS.step1 : INVITE_PATHS.credentials;
}

/** The spec's statuses meaning "the invite is expired or invalid": go to /invite/request. */
export function isInviteAuthFailure(status: number | undefined): boolean {
  return status === 403 || status === 112;
}

/** The spec's status for a failed new-link request (the server answers 404 INVITE_REQUEST_FAILED). */
export function isInviteRequestFailure(status: number | undefined, message?: string): boolean {
  return status === 111 || status === 404 || (message ?? '').toLowerCase().includes('fail');
}

/** What decides whether the invited co-parent may set a username and password yet. */
export type InviteCredentialsProgress = {
  isSubscriptionCurrent: boolean;
  billingAddressComplete: boolean;
  userCreatedByPro: boolean;
  lastCompletedStep: number;
};

/**
 * Credentials come last: after a paid subscription with its billing address (the co-parent's own
 * payment, or Parent A's plus /invite/billing-info), or, in a professional's family (nobody has
 * paid), after step 1. The server refuses the credentials token otherwise; the browser sends the
 * person to `inviteCredentialsRedirect` instead.
 */
export function mayGetInviteCredentials(progress: InviteCredentialsProgress): boolean {
  if (progress.isSubscriptionCurrent) return progress.billingAddressComplete;
  return progress.userCreatedByPro && progress.lastCompletedStep >= 1;
}

/** Where someone who may not set credentials yet goes instead (null: they may). */
export function inviteCredentialsRedirect(progress: InviteCredentialsProgress): InvitePath | null {
  if (mayGetInviteCredentials(progress)) return null;
  if (progress.lastCompletedStep < 1) return INVITE_PATHS.step1;
  if (progress.isSubscriptionCurrent) return INVITE_PATHS.billingInfo;
  return invitePaymentRedirect(progress.lastCompletedStep) ?? INVITE_PATHS.payment;
}

/**
 * The token check (GET /v2/invites/current) of an invite whose user already has credentials
 * answers 403 INVITE_INVALID like any dead token, plus this one member and nothing else: the
 * browser then says "You're all set" with a log-in button instead of offering a new link.
 */
export const INVITE_COMPLETED_MEMBER = 'inviteCompleted';

export function isInviteCompletedProblem(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as Record<string, unknown>)[INVITE_COMPLETED_MEMBER] === true
  );
}

/**
 * Where /invite/billing-info sends someone it is not for: a subscription not yet current still
 * has to be bought (the payment page's rule); step 1 not done → /invite/step1; an address already
 * complete → /invite/credentials. Null: the screen is theirs.
 */
export function inviteBillingInfoRedirect(progress: InviteCredentialsProgress): InvitePath | null {
  if (!progress.isSubscriptionCurrent) {
    return invitePaymentRedirect(progress.lastCompletedStep) ?? INVITE_PATHS.payment;
  }
  if (progress.lastCompletedStep < 1) return INVITE_PATHS.step1;
  if (progress.billingAddressComplete) return INVITE_PATHS.credentials;
  return null;
}

/**
 * Where an invite screen sends this invite instead of showing itself (null: it has reached the
 * screen): the screens' own entry rules, read by the server before it writes or answers one.
 */
export function inviteScreenRedirect(
  path: string,
  progress: InviteCredentialsProgress,
): InvitePath | null {
  switch (path) {
    case INVITE_PATHS.step1:
      return null;
    case INVITE_PATHS.packages:
      return (
        inviteCoveredRedirect(progress) ??
        (progress.lastCompletedStep < 1 ? INVITE_PATHS.step1 : null)
      );
    case INVITE_PATHS.chooseYourOwn:
      // The same entry as the packages (which build-your-own package, the screen reads).
      return (
        inviteCoveredRedirect(progress) ??
        (progress.lastCompletedStep < 1 ? INVITE_PATHS.step1 : null)
      );
    case INVITE_PATHS.billingInfo:
      return inviteBillingInfoRedirect(progress);
    case INVITE_PATHS.payment:
      // Paid (by Parent A, or this payment): on to the credentials.
      return (
        inviteCoveredRedirect(progress) ??
        (progress.isSubscriptionCurrent
          ? INVITE_PATHS.credentials
          : invitePaymentRedirect(progress.lastCompletedStep))
      );
    case INVITE_PATHS.credentials:
      // The credentials token's own rule (the server refuses it otherwise).
      return inviteCredentialsRedirect(progress);
    case INVITE_PATHS.receipt:
      // An invite still live has not set its credentials: the receipt comes after them.
      return inviteCredentialsRedirect(progress) ?? INVITE_PATHS.credentials;
    default:
      // A screen the server does not write: the app's rules alone.
      return INVITE_PATHS.welcome;
  }
}

/**
 * Where the co-parent goes once their credentials are set (their invite is then finished, and they
 * are logged in): their receipt after a payment of their own, else the account home (Parent A
 * paid, or a professional's practice covers them).
 */
export function afterInviteCredentials({ hasOwnReceipt }: { hasOwnReceipt: boolean }): string {
  return hasOwnReceipt ? INVITE_PATHS.receipt : ACCOUNT_HOME_PATH;
}
