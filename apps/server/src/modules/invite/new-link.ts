import { INVITE_COMPLETED_MEMBER, resolveLocale, supportPhoneFor } from '@coparent/domain';
import type { QueuedMail } from '../../adapters/mail/mailer.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hashToken } from '../../security/tokens.js';
import { findUserAddress, findUserById, hasCredentials } from '../account/repo.js';
import { replaceMemberInvite } from '../accounts/provision.js';
import { inviteNewLinkEmail } from '../email/templates/invite-new-link.js';
import type { InviteServiceDeps } from './deps.js';
import { countInvitesSince, findInviteByTokenHash } from './repo.js';

/** A new invitation link on request, within the per-person limits. */
export function createNewLinkRequests(
  deps: Pick<InviteServiceDeps, 'db' | 'mailer' | 'log' | 'now' | 'publicUrl' | 'metrics'> & {
    settings: Pick<
      InviteServiceDeps['settings'],
      'inviteTtlDays' | 'requestsPerHour' | 'requestIntervalSeconds'
    >;
  },
) {
  const { db, mailer, log, now, publicUrl, settings, metrics } = deps;

  /**
   * A new link for this member emailed to them in their language, every earlier link revoked in
   * the same transaction; 429 RATE_LIMITED when one was issued in the last interval or too many
   * in the last hour (the invited person's own request and Parent A's from the account home
   * share these limits: both mail the same person).
   */
  async function emailNewLink(
    member: { familyId: string; familyMemberId: string; invitedByUserId: string | null },
    user: { id: string; email: string; firstName: string; locale: string | null },
  ): Promise<void> {
    const instant = now();
    const recent = await countInvitesSince(
      db,
      member.familyMemberId,
      new Date(instant.getTime() - settings.requestIntervalSeconds * 1000),
    );
    const lastHour = await countInvitesSince(
      db,
      member.familyMemberId,
      new Date(instant.getTime() - 3_600_000),
    );
    if (recent > 0 || lastHour >= settings.requestsPerHour) {
      metrics.rateLimitRefused('invite_request');
      throw new AppError('RATE_LIMITED');
    }

    const locale = resolveLocale(user.locale);
    const address = await findUserAddress(db, user.id);
    const email = user.email;
    let queued: QueuedMail | undefined;
    await db.transaction(async (tx: Executor) => {
      const invite = await replaceMemberInvite(
        tx,
        {
          familyId: member.familyId,
          familyMemberId: member.familyMemberId,
          userId: user.id,
          invitedByUserId: member.invitedByUserId,
          email,
        },
        { publicUrl, inviteTtlDays: settings.inviteTtlDays },
        instant,
      );
      const mail = inviteNewLinkEmail({
        locale,
        firstName: user.firstName,
        inviteUrl: invite.url,
        expiresInDays: settings.inviteTtlDays,
        supportPhone: supportPhoneFor(address?.country).display,
      });
      const secretsExpireAt = invite.expiresAt;
      queued = await mailer.send({ to: email, locale, ...mail, secretsExpireAt }, tx);
    });
    log.info({ userId: user.id }, 'a new invite link was sent');
    void queued?.deliver();
  }

  /**
   * POST /v2/invites/request: any token that was ever issued (live, expired or replaced) asks for
   * a new link, emailed to the invited user in their language; every earlier link stops working.
   * 404 INVITE_REQUEST_FAILED for an unknown token, a user without an email or one who has
   * finished (has credentials); 429 RATE_LIMITED beyond the per-person limits.
   */
  async function requestNewLink(token: string | undefined): Promise<{ requested: true }> {
    if (!token) throw new AppError('INVITE_REQUEST_FAILED');
    const old = await findInviteByTokenHash(db, hashToken(token));
    if (!old?.userId) throw new AppError('INVITE_REQUEST_FAILED');
    const user = await findUserById(db, old.userId);
    if (!user?.email) throw new AppError('INVITE_REQUEST_FAILED');
    const email = user.email;
    // Finished: no new link, and (as the token check) the page may say "You're all set".
    if (await hasCredentials(db, user.id)) {
      throw new AppError('INVITE_REQUEST_FAILED', { extras: { [INVITE_COMPLETED_MEMBER]: true } });
    }
    await emailNewLink(
      {
        familyId: old.familyId,
        familyMemberId: old.familyMemberId,
        invitedByUserId: old.invitedByUserId,
      },
      { ...user, email },
    );
    return { requested: true };
  }

  return { requestNewLink, emailNewLink };
}
