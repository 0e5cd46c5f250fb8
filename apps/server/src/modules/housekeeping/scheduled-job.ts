import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';

/** A housekeeping job on a timer: one pass at a time per instance, one instance at a time. */
export type ScheduledJob<T> = {
  /** One pass now; undefined when another instance is running it (it does what is due). */
  runOnce(): Promise<T | undefined>;
  /** Starts the periodic passes; `stop` ends them and waits for a pass under way. */
  start(): void;
  stop(): Promise<void>;
};

/**
 * The purge's scheduling for the other housekeeping jobs: every `intervalSeconds` (0 turns the
 * timer off) `run` goes under the job's advisory lock (`runAlone`), so two instances never run a
 * pass at once; each job still claims its rows so that a pass can never repeat another's work.
 */
export function scheduleJob<T>(deps: {
  /** The advisory lock's name and the log lines'. */
  name: string;
  intervalSeconds: number;
  run: () => Promise<T>;
  runAlone: Database['runAlone'];
  log: FastifyBaseLogger;
}): ScheduledJob<T> {
  const { name, intervalSeconds, run, runAlone, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T | undefined> | undefined;

  const runOnce = () => {
    running ??= runAlone(name, run).finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    runOnce,
    start() {
      if (intervalSeconds === 0 || timer) return;
      timer = setInterval(() => {
        runOnce().catch((err: unknown) => log.error({ err, job: name }, 'a scheduled job failed'));
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
