import {
  type CoParentText,
  type CoParentTextProblem,
  FORM_FIELD,
  type Locale,
  type MessageKey,
  phoneNumberE164,
  type ResendCoParentTextRequest,
  type ResendCoParentTextResponse,
  resolveLocale,
  samePhone,
  translateMessage,
} from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import { NOT_DELIVERED_STATUSES } from '../../adapters/sms/delivery-status.js';
import { isOptedOut } from '../../adapters/sms/opt-outs.js';
import { maskPhoneNumber, type QueuedText, type SmsSender } from '../../adapters/sms/sms-sender.js';
import type { Db, Executor } from '../../db/client.js';
import type { SmsOutboxRow } from '../../db/schema.js';
import { FieldValidationError, fieldError } from '../../errors.js';
import { findUserById, updateUser } from '../account/repo.js';
import { type InviteLinkSettings, replaceMemberInvite } from '../accounts/provision.js';
import { coParentInvitationText } from '../email/templates/coparent-invitation-text.js';
import { type CoParentOfParent, findCoParentOfParent } from './invited-coparent.js';
import {
  findLastResendAt,
  findMemberOfUser,
  lockFamilyMember,
  updateFamilyMemberPhone,
} from './repo.js';

export type CoParentTextService = ReturnType<typeof createCoParentTextService>;

export type CoParentTextDeps = {
  db: Db;
  smsSender: SmsSender;
  log: FastifyBaseLogger;
  now: () => Date;
  invites: InviteLinkSettings;
};

/** Parent A may send the invitation text again once in this time. */
const RESEND_INTERVAL_MS = 24 * 3_600_000;

/** Why the last text did not reach the co-parent, if anything says so. */
function problemOf(text: SmsOutboxRow, optedOut: boolean): CoParentTextProblem | null {
  if (optedOut) return 'OPTED_OUT';
  const notDelivered = NOT_DELIVERED_STATUSES.includes(text.deliveryStatus ?? '');
  return text.failedAt !== null || notDelivered ? 'NOT_DELIVERED' : null;
}

/** A 409 with the localised reason at the form (the error summary shows it). */
function refusal(key: MessageKey, locale: Locale, params?: Record<string, string>) {
  const text = translateMessage(key, locale, params);
  return new FieldValidationError([{ field: FORM_FIELD, text, type: 'ERROR' }], { status: 409 });
}

/**
 * A moment as the parent reads it: their language, their time zone (UTC when unknown); Spanish on
 * the 24-hour clock, as the account home shows it.
 */
function formatMoment(at: Date, locale: Locale, timeZone: string | null): string {
  const hourCycle = locale === 'es-MX' ? { hourCycle: 'h23' as const } : {};
  const options = { dateStyle: 'medium', timeStyle: 'short', ...hourCycle } as const;
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone ?? 'UTC' }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
  }
}

/**
 * The co-parent's invitation by text on Parent A's account home (decision 045): whether it did
 * not reach them (failed, undelivered, given up, or the number opted out), and sending it again
 * to a corrected number, once a day per family. The family is always the session user's own, and
 * only its PARENT member may send; a co-parent who has joined gets nothing.
 */
export function createCoParentTextService(deps: CoParentTextDeps) {
  const { db, smsSender, log, now } = deps;

  /** The family's co-parent if they were invited by text, with that text. */
  function invitedByText(found: CoParentOfParent | undefined) {
    if (!found?.newestText) return undefined;
    return { coParent: found.coParent, text: found.newestText, joined: found.joinedAt !== null };
  }

  /** When the invitation can be sent again (null: now). */
  async function resendAvailableAt(exec: Executor, coParentId: string): Promise<Date | null> {
    const last = await findLastResendAt(exec, coParentId);
    const next = last ? new Date(last.getTime() + RESEND_INTERVAL_MS) : null;
    return next && next.getTime() > now().getTime() ? next : null;
  }

  /** The home's `coParentText` for this member (null when there is nothing to say). */
  async function stateFor(found: CoParentOfParent | undefined): Promise<CoParentText | null> {
    const pending = invitedByText(found);
    if (!pending || pending.joined) return null;
    const { coParent, text } = pending;
    const availableAt = await resendAvailableAt(db, coParent.id);
    return {
      problem: problemOf(text, await isOptedOut(db, text.toNumber)),
      phoneCountryCode: coParent.phoneCountryCode,
      phoneNumber: coParent.phoneNumber ?? '',
      resendAvailableAt: availableAt?.toISOString() ?? null,
    };
  }

  /**
   * POST /v2/account/coparent-invitation-text: the number corrected on the co-parent, a new
   * invitation link (every earlier one stops working: a wrong number may have received it), and
   * the text queued in the same transaction, sent after the commit. 409 at `form` when there is
   * no text invitation of this parent's to send, the co-parent has joined, or one was sent again
   * in the last 24 hours (with when it can be); 422 at `phoneNumber` for a number that opted out
   * or Parent A's own (as the signup's family step).
   */
  async function resend(
    userId: string,
    body: ResendCoParentTextRequest,
    locale: Locale,
  ): Promise<ResendCoParentTextResponse> {
    const [user, member] = await Promise.all([
      findUserById(db, userId),
      findMemberOfUser(db, userId),
    ]);
    const pending =
      user?.kind === 'PARENT' && member
        ? invitedByText(await findCoParentOfParent(db, member))
        : undefined;
    if (!user || !pending) throw refusal('coParentText_noInvitation_error', locale);
    if (pending.joined) throw refusal('coParentText_alreadyJoined_error', locale);
    const { coParent } = pending;
    const to = phoneNumberE164(body.phoneCountryCode, body.phoneNumber);
    if (!to) throw fieldError('phoneNumber', 'signup_phoneNumber_error', locale);
    const own = { countryCode: user.phoneCountryCode, phoneNumber: user.phoneNumber };
    if (samePhone({ countryCode: body.phoneCountryCode, phoneNumber: body.phoneNumber }, own)) {
      throw fieldError('phoneNumber', 'signup_coParentPhoneSame_error', locale);
    }
    if (await isOptedOut(db, to))
      throw fieldError('phoneNumber', 'coParentText_optedOut_error', locale);

    const instant = now();
    let queued: QueuedText | undefined;
    await db.transaction(async (tx: Executor) => {
      // Two tabs sending at once: the second waits here, then sees the first one's text.
      await lockFamilyMember(tx, coParent.id);
      const availableAt = await resendAvailableAt(tx, coParent.id);
      if (availableAt) {
        const when = formatMoment(availableAt, locale, user.timeZone);
        throw refusal('coParentText_resendTooSoon_error', locale, { when });
      }
      const phone = { phoneCountryCode: body.phoneCountryCode, phoneNumber: body.phoneNumber };
      await updateFamilyMemberPhone(tx, coParent.id, phone);
      if (coParent.userId) await updateUser(tx, coParent.userId, phone);
      const invite = await replaceMemberInvite(
        tx,
        {
          familyId: coParent.familyId,
          familyMemberId: coParent.id,
          userId: coParent.userId,
          invitedByUserId: userId,
          email: null,
        },
        deps.invites,
        instant,
      );
      const text = coParentInvitationText({
        locale: resolveLocale(user.locale),
        inviterFirstName: user.firstName,
        inviteUrl: invite.url,
      });
      queued = await smsSender.send(
        {
          to,
          ...text,
          secretsExpireAt: invite.expiresAt,
          familyMemberId: coParent.id,
          requestedByUserId: userId,
        },
        tx,
      );
    });
    log.info({ userId, to: maskPhoneNumber(to) }, 'the co-parent invitation text was sent again');
    void queued?.deliver();
    const next = new Date(instant.getTime() + RESEND_INTERVAL_MS);
    return { sentTo: to, resendAvailableAt: next.toISOString() };
  }

  return { stateFor, resend };
}
