import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, RetryOutcome } from '../../adapters/mail/mailer.js';

export type EmailRetryJob = {
  /** One pass: every due email gets one attempt (see `Mailer.retryDue`). */
  runDue(): Promise<RetryOutcome>;
  /** Starts the periodic passes; `stop` ends them and waits for a pass under way. */
  start(): void;
  stop(): Promise<void>;
};

/**
 * The background retry of failed emails: every `intervalSeconds` (0 turns it off)
 * the mailer sends what is due again. One pass at a time per instance; between instances the
 * outbox claim (FOR UPDATE SKIP LOCKED) keeps each email to one sender.
 */
export function createEmailRetryJob(deps: {
  mailer: Mailer;
  log: FastifyBaseLogger;
  intervalSeconds: number;
}): EmailRetryJob {
  const { mailer, log, intervalSeconds } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RetryOutcome> | undefined;

  const runDue = () => {
    running ??= mailer
      .retryDue()
      .then((outcome) => {
        if (outcome.sent + outcome.failed + outcome.gaveUp > 0) {
          log.info(outcome, 'email retry pass');
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
      if (mailer.kind !== 'smtp' || intervalSeconds === 0 || timer) return;
      timer = setInterval(() => {
        runDue().catch((err: unknown) => log.error({ err }, 'email retry pass failed'));
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
