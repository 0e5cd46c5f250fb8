import type { PaymentType, SignupSection } from '@coparent/domain';

/**
 * The product's own counters, as the services see them: one small port passed in like the
 * database or the clock, so a service never reaches for a global registry. The app passes the
 * Prometheus implementation (prometheus.ts); code built outside an app (scripts, unit tests of a
 * service alone) gets `noMetrics`. Every label value is one of the closed sets below, so the
 * number of series stays bounded whatever the traffic.
 */

/**
 * The sections whose save completes a numbered join step (the domain's `stepCompletedBy` says
 * which); the payment is counted as a payment. The label is the section's name in lower case.
 */
export const STEP_SECTIONS = ['PARENT', 'FAMILY', 'PACKAGE'] as const satisfies SignupSection[];
export type StepLabel = Lowercase<(typeof STEP_SECTIONS)[number]>;
export const stepLabel = (section: (typeof STEP_SECTIONS)[number]): StepLabel =>
  section.toLowerCase() as StepLabel;

/**
 * How a new payment attempt ended: `completed` (charged, or nothing to charge, and everything
 * created), `declined`, `unavailable` (the processor refused to answer; nothing charged),
 * `voided` (charged for a parent whose email got an account meanwhile: reversed), `pending`
 * (the gateway's answer is unknown or completing failed: reconciliation settles it).
 */
export const PAYMENT_OUTCOMES = [
  'completed',
  'declined',
  'unavailable',
  'voided',
  'pending',
] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** Messages to people: emails now; texts when they are sent. */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * What became of one message: `stored` (committed to the outbox with no sender configured: the
 * local mailbox shows it), `sent` (the provider accepted it), `failed` (an attempt failed; it
 * will be retried), `given_up` (no attempt left).
 */
export const MESSAGE_OUTCOMES = ['stored', 'sent', 'failed', 'given_up'] as const;
export type MessageOutcome = (typeof MESSAGE_OUTCOMES)[number];

/** What reconciliation did with each abandoned payment attempt, and the late charges reversed. */
export const RECONCILIATION_OUTCOMES = [
  'completed',
  'failed',
  'voided',
  'unresolved',
  'late_charge_reversed',
] as const;
export type ReconciliationOutcome = (typeof RECONCILIATION_OUTCOMES)[number];

/**
 * Which limit refused a request: `per_ip` (the per-route limits per client address; the route is
 * on the request histogram's 429s), `email_reveal` (answers revealing one address's account),
 * `login_lockout` (failed logins per username, wrong passwords on the email change),
 * `invite_request` (new invite links per person).
 */
export const RATE_LIMITS = ['per_ip', 'email_reveal', 'login_lockout', 'invite_request'] as const;
export type RateLimit = (typeof RATE_LIMITS)[number];

export type Metrics = {
  /** A signup was created (step 1 or its names only). */
  signupStarted(): void;
  /** A save completed `step` for the first time in its signup. */
  stepCompleted(step: StepLabel): void;
  /** A new payment attempt ended (replays of a stored answer are not counted again). */
  paymentEnded(outcome: PaymentOutcome, method: PaymentType): void;
  /** One message's outcome. */
  message(channel: MessageChannel, outcome: MessageOutcome, count?: number): void;
  /** One reconciliation pass: how many attempts ended each way. */
  reconciled(tally: Partial<Record<ReconciliationOutcome, number>>): void;
  /** A request refused by a limit (answered 429). */
  rateLimitRefused(limit: RateLimit): void;
};

/** Counts nothing: for code built outside an app. */
export const noMetrics: Metrics = {
  signupStarted() {},
  stepCompleted() {},
  paymentEnded() {},
  message() {},
  reconciled() {},
  rateLimitRefused() {},
};
