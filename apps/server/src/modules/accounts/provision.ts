import { displayInitials, familyMemberColor, PROFESSIONAL_COVERAGE } from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import type { FamilyMemberRow, UserRow } from '../../db/schema.js';
import type { StoredAddress } from '../../db/stored-address.js';
import { generateToken, hashToken } from '../../security/tokens.js';
import {
  findUserByEmail,
  insertUser,
  insertUserWithoutEmail,
  type NewUser,
  type UserWithEmail,
  upsertUserAddress,
  userExistsWithEmail,
} from '../account/repo.js';
import { inviteUrl } from './invite-link.js';
import {
  insertCoveredSubscription,
  insertFamily,
  insertFamilyMembers,
  insertInvite,
  insertPaidOrder,
  type NewFamilyMember,
  revokeMemberInvites,
} from './repo.js';

/**
 * The one place that creates accounts and families: a paying parent's family, a professional's
 * case and account, an invited parent, an invitation, and the subscriptions an order pays for. Every function
 * runs inside the caller's transaction, so what the caller writes beside it commits or rolls back
 * with it.
 */

/** A parent email that got an account meanwhile: it cannot get a second one. */
export class ParentEmailTakenError extends Error {
  override name = 'ParentEmailTakenError';
}

/** One person of a family as the caller knows them. */
export type FamilyPerson = {
  role: NewFamilyMember['role'];
  firstName: string;
  lastName: string;
  userId?: string | null;
  email?: string | null;
  phoneCountryCode?: string | null;
  phoneNumber?: string | null;
};

/** Where invitation links point and how long they work. */
export type InviteLinkSettings = { publicUrl: string; inviteTtlDays: number };

/** An invitation just created: the token in clear is only ever in this answer and its email. */
export type IssuedInvite = { inviteId: string; token: string; url: string; expiresAt: Date };

/**
 * A family and its members in the order given: each member's position, colour and initials come
 * from that order.
 */
export async function createFamily(
  tx: Executor,
  family: { createdByUserId: string; people: readonly FamilyPerson[] },
  now: Date,
): Promise<{ familyId: string; members: FamilyMemberRow[] }> {
  const familyId = await insertFamily(tx, { createdByUserId: family.createdByUserId }, now);
  const members = await insertFamilyMembers(
    tx,
    family.people.map((person, position) => ({
      familyId,
      role: person.role,
      position,
      userId: person.userId ?? null,
      firstName: person.firstName,
      lastName: person.lastName,
      email: person.email ?? null,
      phoneCountryCode: person.phoneCountryCode ?? null,
      phoneNumber: person.phoneNumber ?? null,
      color: familyMemberColor(position),
      displayInitials: displayInitials(person.firstName, person.lastName),
    })),
    now,
  );
  return { familyId, members };
}

/**
 * A parent invited to a family: an INVITED user with the email when it is known, else one known
 * by phone only (the invite's first step collects the email, the link works by token).
 */
export async function createInvitedParent<E extends string | null>(
  tx: Executor,
  person: Omit<NewUser, 'kind' | 'status' | 'email'> & { email: E },
): Promise<UserRow & { email: E }> {
  const { email, ...rest } = person;
  const user =
    email === null
      ? await insertUserWithoutEmail(tx, { ...rest, kind: 'PARENT', status: 'INVITED' })
      : await insertUser(tx, { ...rest, email, kind: 'PARENT', status: 'INVITED' });
  return user as UserRow & { email: E };
}

/** A professional's own account (ACTIVE once the activation link sets a username). */
export function createProfessionalUser(
  tx: Executor,
  person: Omit<NewUser, 'kind'>,
): Promise<UserWithEmail> {
  return insertUser(tx, { ...person, kind: 'PROFESSIONAL' });
}

/** An invitation for a family member: a new token (only its hash is stored) and its link. */
export async function inviteToFamily(
  tx: Executor,
  invite: {
    familyId: string;
    familyMemberId: string;
    userId: string | null;
    invitedByUserId: string | null;
    email: string | null;
  },
  settings: InviteLinkSettings,
  now: Date,
): Promise<IssuedInvite> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + settings.inviteTtlDays * 86_400_000);
  const inviteId = await insertInvite(
    tx,
    { ...invite, tokenHash: hashToken(token), expiresAt },
    now,
  );
  return { inviteId, token, url: inviteUrl(settings.publicUrl, token), expiresAt };
}

/**
 * A new invitation for a member that replaces every earlier one: the old links stop working
 * (they answer as replaced, and can ask for a new link).
 */
export async function replaceMemberInvite(
  tx: Executor,
  invite: Parameters<typeof inviteToFamily>[1],
  settings: InviteLinkSettings,
  now: Date,
): Promise<IssuedInvite> {
  const issued = await inviteToFamily(tx, invite, settings, now);
  await revokeMemberInvites(tx, invite.familyMemberId, issued.inviteId, now);
  return issued;
}

/**
 * A new link for a live invitation, with its expiry (a reminder's, decision 046: only hashes are
 * stored, so the old link cannot be sent again); the new invite replaces the member's others.
 */
export async function reissueInvite(
  tx: Executor,
  current: {
    familyId: string;
    familyMemberId: string;
    userId: string | null;
    invitedByUserId: string | null;
    email: string | null;
    expiresAt: Date;
  },
  publicUrl: string,
  now: Date,
): Promise<IssuedInvite> {
  const token = generateToken();
  const { expiresAt, ...invite } = current;
  const inviteId = await insertInvite(
    tx,
    { ...invite, tokenHash: hashToken(token), expiresAt },
    now,
  );
  await revokeMemberInvites(tx, current.familyMemberId, inviteId, now);
  return { inviteId, token, url: inviteUrl(publicUrl, token), expiresAt };
}

/** What the paying parent's signup knows of the family. */
export type PayingFamily = {
  parent: Omit<NewUser, 'kind' | 'status'> & {
    address: StoredAddress;
  };
  coParent: {
    email: string | null;
    firstName: string;
    lastName: string;
    phoneCountryCode: string | null;
    phoneNumber: string | null;
  };
  children: readonly { firstName: string; lastName: string; email: string | null }[];
};

/**
 * The family a paying parent starts: the parent (ACTIVE) and their address, the co-parent (an
 * INVITED user, or the account their email already has), the family with the parent, the
 * co-parent and the children, and the co-parent's invitation. A parent email that has an account
 * throws ParentEmailTakenError (nothing is written then).
 */
export async function createPayingFamily(
  tx: Executor,
  input: PayingFamily,
  settings: InviteLinkSettings,
  now: Date,
): Promise<{
  parent: UserWithEmail;
  familyId: string;
  parentMemberId: string;
  coParentMemberId: string;
  invite: IssuedInvite;
}> {
  const { address, ...parentFields } = input.parent;
  if (await userExistsWithEmail(tx, parentFields.email)) throw new ParentEmailTakenError();
  const parent = await insertUser(tx, { ...parentFields, kind: 'PARENT', status: 'ACTIVE' });
  await upsertUserAddress(tx, { userId: parent.id, type: 'PRIMARY', ...address }, now);

  const { coParent } = input;
  const existing = coParent.email ? await findUserByEmail(tx, coParent.email) : undefined;
  const coParentUserId =
    existing?.id ?? (await createInvitedParent(tx, { ...coParent, locale: parent.locale })).id;

  const { familyId, members } = await createFamily(
    tx,
    {
      createdByUserId: parent.id,
      people: [
        {
          role: 'PARENT',
          firstName: parent.firstName,
          lastName: parent.lastName,
          userId: parent.id,
          email: parent.email,
          phoneCountryCode: parent.phoneCountryCode,
          phoneNumber: parent.phoneNumber,
        },
        { role: 'CO_PARENT', ...coParent, userId: coParentUserId },
        ...input.children.map((child) => ({ role: 'CHILD' as const, ...child })),
      ],
    },
    now,
  );
  const parentMember = members.find((m) => m.role === 'PARENT');
  const coParentMember = members.find((m) => m.role === 'CO_PARENT');
  if (!parentMember || !coParentMember) throw new Error('family members were not created');

  const invite = await inviteToFamily(
    tx,
    {
      familyId,
      familyMemberId: coParentMember.id,
      userId: coParentUserId,
      invitedByUserId: parent.id,
      email: coParent.email,
    },
    settings,
    now,
  );
  return {
    parent,
    familyId,
    parentMemberId: parentMember.id,
    coParentMemberId: coParentMember.id,
    invite,
  };
}

/**
 * An order paid for and one subscription per family member it covers, all starting now and
 * renewing together. Answers the order's id.
 */
export const createPaidSubscriptions = insertPaidOrder;

/**
 * The subscription a professional's practice covers for a parent of its family, from the day they
 * join (billed to the practice outside this app, so it does not renew here).
 */
export function createCoveredSubscription(
  exec: Executor,
  { userId, professionalId, now }: { userId: string; professionalId: string; now: Date },
): Promise<void> {
  const { packageId, years } = PROFESSIONAL_COVERAGE;
  const renewsAt = new Date(now);
  renewsAt.setUTCFullYear(renewsAt.getUTCFullYear() + years);
  return insertCoveredSubscription(exec, {
    userId,
    professionalId,
    packageId,
    years,
    startsAt: now,
    renewsAt,
  });
}
