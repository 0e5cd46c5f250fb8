import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { RetryOutcome } from '../../adapters/outbox/delivery.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';

/** The retry job of an outbox (emails or texts). */
export type OutboxRetryJob = {
  /** One pass: every due message gets one attempt (see `Mailer.retryDue`). */
  runDue(): Promise<RetryOutcome>;
  /** Starts the periodic passes; `stop` ends them and waits for a pass under way. */
  start(): void;
  stop(): Promise<void>;
};

/**
 * The background retry of failed messages of one outbox: every `intervalSeconds` (0 turns it
 * off) the outbox's sender sends what is due again. One pass at a time per instance; between
 * instances the outbox claim (FOR UPDATE SKIP LOCKED) keeps each message to one sender. `sends`
 * is false for an outbox that only keeps its rows (the local mailbox): nothing to retry.
 */
export function createOutboxRetryJob(deps: {
  /** For the log lines: `email`, `text message`. */
  what: string;
  outbox: { retryDue(): Promise<RetryOutcome> };
  sends: boolean;
  log: FastifyBaseLogger;
  intervalSeconds: number;
}): OutboxRetryJob {
  const { outbox, log, intervalSeconds, what } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RetryOutcome> | undefined;

  const runDue = () => {
    running ??= outbox
      .retryDue()
      .then((outcome) => {
        if (outcome.sent + outcome.failed + outcome.gaveUp > 0) {
          log.info(outcome, `${what} retry pass`);
        }
        return outcome;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    runDue,
    start() {
      if (!deps.sends || intervalSeconds === 0 || timer) return;
      timer = setInterval(() => {
        runDue().catch((err: unknown) => log.error({ err }, `${what} retry pass failed`));
      }, intervalSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}

/** The retry of failed emails (SMTP). */
export function createEmailRetryJob(deps: {
  mailer: Mailer;
  log: FastifyBaseLogger;
  intervalSeconds: number;
}): OutboxRetryJob {
  const { mailer, ...rest } = deps;
  return createOutboxRetryJob({
    ...rest,
    what: 'email',
    outbox: mailer,
    sends: mailer.kind === 'smtp',
  });
}

/** The retry of failed texts (Twilio). */
export function createTextRetryJob(deps: {
  smsSender: SmsSender;
  log: FastifyBaseLogger;
  intervalSeconds: number;
}): OutboxRetryJob {
  const { smsSender, ...rest } = deps;
  return createOutboxRetryJob({
    ...rest,
    what: 'text message',
    outbox: smsSender,
    sends: smsSender.kind === 'twilio',
  });
}
