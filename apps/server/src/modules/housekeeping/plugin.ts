import fp from 'fastify-plugin';
import { createInvitationReminders, type ReminderCounts } from '../invite-reminders/reminders.js';
import { createResumeEmails } from '../signup-resume/emails.js';
import { createExpiredRowsPurge, type ExpiredRowsPurge } from './purge.js';
import { type ScheduledJob, scheduleJob } from './scheduled-job.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled purge of expired signups and tokens: main.ts starts it; it stops on close. */
    purge: Pick<ExpiredRowsPurge, 'purgeExpired' | 'start'>;
    /** The co-parent invitation reminders (INVITE_REMINDER_INTERVAL_SECONDS): main.ts starts it. */
    invitationReminders: Pick<ScheduledJob<ReminderCounts>, 'runOnce' | 'start'>;
    /** The unfinished signups' resume emails (SIGNUP_RESUME_INTERVAL_SECONDS): main.ts starts it. */
    resumeEmails: Pick<ScheduledJob<{ emails: number }>, 'runOnce' | 'start'>;
  }
}

/**
 * The scheduled housekeeping: the purge of expired rows, the invitation reminders and the resume
 * emails, each under its own advisory lock.
 */
export const housekeepingPlugin = fp(
  async (app) => {
    const { signup, invite, publicUrl } = app.config;
    const { runAlone } = app.database;
    const purge = createExpiredRowsPurge({
      db: app.database.db,
      now: app.now,
      log: app.log,
      settings: {
        purgeAfterHours: signup.purgeAfterHours,
        intervalSeconds: signup.purgeIntervalSeconds,
      },
      runAlone,
    });
    app.decorate('purge', { purgeExpired: purge.purgeExpired, start: purge.start });
    app.addHook('onClose', () => purge.stop());

    const reminders = createInvitationReminders({
      db: app.database.db,
      mailer: app.mailer,
      smsSender: app.smsSender,
      now: app.now,
      log: app.log,
      publicUrl,
    });
    const reminderJob = scheduleJob({
      name: 'invitation-reminders',
      intervalSeconds: invite.reminderIntervalSeconds,
      run: reminders.remindDue,
      runAlone,
      log: app.log,
    });
    app.decorate('invitationReminders', { runOnce: reminderJob.runOnce, start: reminderJob.start });
    app.addHook('onClose', () => reminderJob.stop());

    const resumeEmails = createResumeEmails({
      db: app.database.db,
      mailer: app.mailer,
      now: app.now,
      log: app.log,
      publicUrl,
      delaySeconds: signup.resumeEmailDelaySeconds,
    });
    const resumeJob = scheduleJob({
      name: 'signup-resume-emails',
      intervalSeconds: signup.resumeIntervalSeconds,
      run: resumeEmails.sendDue,
      runAlone,
      log: app.log,
    });
    app.decorate('resumeEmails', { runOnce: resumeJob.runOnce, start: resumeJob.start });
    app.addHook('onClose', () => resumeJob.stop());
  },
  { name: 'housekeeping', dependencies: ['core', 'adapters'] },
);
