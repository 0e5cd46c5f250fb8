import {
  CASE_PARENT_KEYS,
  type CaseParentKey,
  type CaseParentStatus,
  type CaseSummary,
  type CreateCaseRequest,
  type CreateCaseResponse,
  type ListCasesResponse,
  type Locale,
  supportPhoneFor,
  translateMessage,
  type ValidationError,
} from '@coparent/domain';
import type { Mailer, QueuedMail } from '../../adapters/mail/mailer.js';
import type { Executor } from '../../db/client.js';
import type { FamilyMemberRow, UserRow } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError, FieldValidationError } from '../../errors.js';
import { findUserById, userExistsWithEmail } from '../account/repo.js';
import {
  createFamily,
  createInvitedParent,
  type FamilyPerson,
  inviteToFamily,
} from '../accounts/provision.js';
import type { CoreDeps } from '../core-deps.js';
import { professionalInvitationEmail } from '../email/templates/professional-invitation.js';
import { practiceCountry } from '../professional/service.js';
import { findFamiliesCreatedBy, findMembersOfFamilies, usersWithCredentials } from './repo.js';

/** Test seams: a simulated failure after every write, before the commit. */
export type CasesHooks = { afterWrites?: () => void | Promise<void> };

export type CasesServiceDeps = CoreDeps & {
  mailer: Mailer;
  /** PUBLIC_URL: the invitation links start with it. */
  publicUrl: string;
  /** INVITE_TTL_DAYS: the invitation links' lifetime. */
  inviteTtlDays: number;
  hooks?: CasesHooks;
};

export type CasesService = ReturnType<typeof createCasesService>;

type Ctx = { locale: Locale };

/** An invitation the case created (the token only for the demo scenario; never answered). */
export type CaseInvitation = {
  parent: CaseParentKey;
  userId: string;
  email: string;
  token: string;
};

const FAMILY_ROLES: Record<CaseParentKey, FamilyPerson['role']> = {
  parent1: 'PARENT',
  parent2: 'CO_PARENT',
};

/** The family of a case: parent 1, parent 2 (linked to their users), then the children. */
function casePeople(
  input: CreateCaseRequest,
  parentUsers: ReadonlyMap<CaseParentKey, UserRow & { email: string }>,
): FamilyPerson[] {
  return [
    ...CASE_PARENT_KEYS.map((key) => {
      const person = input[key];
      const user = parentUsers.get(key);
      return {
        role: FAMILY_ROLES[key],
        firstName: person.firstName,
        lastName: person.lastName,
        userId: user?.id ?? null,
        email: user?.email ?? null,
        ...(person.phoneNumber
          ? { phoneCountryCode: person.phoneCountryCode, phoneNumber: person.phoneNumber }
          : {}),
      };
    }),
    ...input.children.map((child) => ({
      role: 'CHILD' as const,
      firstName: child.firstName,
      lastName: child.lastName,
    })),
  ];
}

/**
 * A professional's cases: open a case (a family whose parents are INVITED users created by the
 * professional, each emailed an invitation), and list them.
 */
export function createCasesService(deps: CasesServiceDeps) {
  const { db, mailer, now, publicUrl, inviteTtlDays, hooks } = deps;

  /** The session's user when it is a professional; 403 PROFESSIONAL_REQUIRED otherwise. */
  async function requireProfessional(userId: string): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (user?.kind !== 'PROFESSIONAL') throw new AppError('PROFESSIONAL_REQUIRED');
    return user;
  }

  /** Field errors for the parents' emails that already belong to an account. */
  async function takenEmailErrors(input: CreateCaseRequest, locale: Locale) {
    const errors: ValidationError[] = [];
    for (const key of CASE_PARENT_KEYS) {
      const email = input[key].email;
      if (email !== '' && (await userExistsWithEmail(db, email))) {
        errors.push({
          field: `${key}.email`,
          text: translateMessage('signup_emailTaken_error', locale),
          type: 'ERROR',
        });
      }
    }
    return errors;
  }

  /** Invites each parent who has an email: the invitation and its email in the outbox. */
  async function inviteParents(
    tx: Executor,
    input: {
      familyId: string;
      members: readonly FamilyMemberRow[];
      parentUsers: ReadonlyMap<CaseParentKey, UserRow & { email: string }>;
      pro: { id: string; name: string; supportPhone: string };
      locale: Locale;
      instant: Date;
    },
  ): Promise<{ invitations: CaseInvitation[]; queued: QueuedMail[] }> {
    const { familyId, members, parentUsers, pro, locale, instant } = input;
    const invitations: CaseInvitation[] = [];
    const queued: QueuedMail[] = [];
    for (const [key, user] of parentUsers) {
      const member = members.find((m) => m.userId === user.id);
      if (!member) throw new Error(`the ${key} member was not created`);
      const invite = await inviteToFamily(
        tx,
        {
          familyId,
          familyMemberId: member.id,
          userId: user.id,
          invitedByUserId: pro.id,
          email: user.email,
        },
        { publicUrl, inviteTtlDays },
        instant,
      );
      const mail = professionalInvitationEmail({
        locale,
        firstName: user.firstName,
        proName: pro.name,
        inviteUrl: invite.url,
        expiresInDays: inviteTtlDays,
        supportPhone: pro.supportPhone,
      });
      const secretsExpireAt = invite.expiresAt;
      queued.push(await mailer.send({ to: user.email, locale, ...mail, secretsExpireAt }, tx));
      invitations.push({
        parent: key,
        userId: user.id,
        email: user.email,
        token: invite.token,
      });
    }
    return { invitations, queued };
  }

  /**
   * Opens a case in one transaction: the family (created by the professional), its members with
   * colours and initials (parent 1, parent 2, the children), each parent with an email as an
   * INVITED user carrying `created_by_professional_id`, an invitation per such parent (token
   * hashed, INVITE_TTL_DAYS) and its email in the request's language. A parent without an email
   * is a member only (nobody to invite). An email that has an account is a 422 field error at
   * `parentN.email`; nothing is written then, nor when anything fails.
   */
  async function create(
    professionalId: string,
    input: CreateCaseRequest,
    { locale }: Ctx,
  ): Promise<{ response: CreateCaseResponse; invitations: CaseInvitation[] }> {
    const pro = await requireProfessional(professionalId);
    const taken = await takenEmailErrors(input, locale);
    if (taken.length > 0) throw new FieldValidationError(taken);

    const proName = `${pro.firstName} ${pro.lastName}`;
    const supportPhone = supportPhoneFor(await practiceCountry(db, pro.id)).display;
    const instant = now();

    let result: { familyId: string; invitations: CaseInvitation[]; queued: QueuedMail[] };
    try {
      result = await db.transaction(async (tx) => {
        const parentUsers = new Map<CaseParentKey, UserRow & { email: string }>();
        for (const key of CASE_PARENT_KEYS) {
          const parent = input[key];
          if (parent.email === '') continue;
          const user = await createInvitedParent(tx, {
            email: parent.email,
            firstName: parent.firstName,
            lastName: parent.lastName,
            phoneCountryCode: parent.phoneNumber ? parent.phoneCountryCode : null,
            phoneNumber: parent.phoneNumber || null,
            locale,
            createdByProfessionalId: pro.id,
          });
          parentUsers.set(key, user);
        }
        const people = casePeople(input, parentUsers);
        const { familyId, members } = await createFamily(
          tx,
          { createdByUserId: pro.id, people },
          instant,
        );

        const { invitations, queued } = await inviteParents(tx, {
          familyId,
          members,
          parentUsers,
          pro: { id: pro.id, name: proName, supportPhone },
          locale,
          instant,
        });
        await hooks?.afterWrites?.();
        return { familyId, invitations, queued };
      });
    } catch (error) {
      // Someone took one of the emails between the check and the insert.
      if (isUniqueViolation(error)) {
        const errors = await takenEmailErrors(input, locale);
        if (errors.length > 0) throw new FieldValidationError(errors);
      }
      throw error;
    }

    // After the commit; never rejects (a failed send is kept on its outbox row and logged).
    for (const mail of result.queued) void mail.deliver();
    return {
      response: {
        caseId: result.familyId,
        invited: result.invitations.map(({ parent }) => ({
          firstName: input[parent].firstName,
          lastName: input[parent].lastName,
          email: input[parent].email,
        })),
      },
      invitations: result.invitations,
    };
  }

  /** The professional's cases, newest first: the parents with their status, and the children. */
  async function list(professionalId: string): Promise<ListCasesResponse> {
    const pro = await requireProfessional(professionalId);
    const familyRows = await findFamiliesCreatedBy(db, pro.id);
    const members = await findMembersOfFamilies(
      db,
      familyRows.map((f) => f.id),
    );
    const joined = await usersWithCredentials(
      db,
      members.flatMap((m) => (m.userId ? [m.userId] : [])),
    );
    const statusOf = (userId: string | null): CaseParentStatus => {
      if (!userId) return 'NOT_INVITED';
      return joined.has(userId) ? 'JOINED' : 'INVITED';
    };
    const cases: CaseSummary[] = familyRows.map((family) => {
      const own = members.filter((m) => m.familyId === family.id);
      return {
        caseId: family.id,
        createdAt: family.createdAt.toISOString(),
        parents: own
          .filter((m) => m.role !== 'CHILD')
          .map((m) => ({
            firstName: m.firstName,
            lastName: m.lastName,
            email: m.email,
            status: statusOf(m.userId),
          })),
        childrenCount: own.filter((m) => m.role === 'CHILD').length,
      };
    });
    return { cases };
  }

  return { requireProfessional, create, list };
}
