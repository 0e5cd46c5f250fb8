import type {
  AccountFamilyMember,
  AccountHome,
  AccountReceipt,
  AccountSubscription,
  Locale,
  PaymentResponse,
  Receipt,
} from '@coparent/domain';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { findCredentialsOfUser, findUserById } from '../account/repo.js';
import { familyMembers } from '../accounts/families.js';
import type { CoParentTextService } from './coparent-text.js';
import {
  findMemberOfUser,
  findNewestSubscription,
  findReceiptOfUser,
  listReceiptsOfUser,
  type MemberSubscription,
} from './repo.js';

export type AccountHomeServiceDeps = {
  db: Executor;
  now: () => Date;
  /** The co-parent's invitation text, when it did not reach them. */
  coParentText: Pick<CoParentTextService, 'stateFor'>;
};
export type AccountHomeService = ReturnType<typeof createAccountHomeService>;

const ReceiptIdSchema = z.uuid();

function subscriptionView(
  row: MemberSubscription,
  userId: string,
  locale: Locale,
  now: Date,
): AccountSubscription {
  return {
    packageId: row.packageId,
    packageName: row.packageName[locale],
    years: row.years === 2 ? 2 : 1,
    renewsAt: row.renewsAt.toISOString(),
    autoRenew: row.autoRenew,
    isCurrent: row.status === 'ACTIVE' && row.renewsAt.getTime() > now.getTime(),
    paidBy: {
      firstName: row.payer.firstName,
      lastName: row.payer.lastName,
      isYou: row.payer.userId === userId,
    },
  };
}

/**
 * The account home and the receipts (docs/account.md). Every read is scoped to
 * the session's user id: a receipt id that is not theirs is not found, whatever it is.
 */
export function createAccountHomeService({ db, now, coParentText }: AccountHomeServiceDeps) {
  /** GET /v2/account/home. */
  async function home(userId: string, locale: Locale): Promise<AccountHome> {
    const [user, credentials, member, receiptRows] = await Promise.all([
      findUserById(db, userId),
      findCredentialsOfUser(db, userId),
      findMemberOfUser(db, userId),
      listReceiptsOfUser(db, userId),
    ]);
    if (!user || !credentials) throw new AppError('SESSION_REQUIRED');

    let family: AccountHome['family'] = null;
    let subscription: AccountHome['subscription'] = null;
    let coParentTextState: AccountHome['coParentText'] = null;
    // A professional's account has cases, not a family (the web links to My Cases).
    if (user.kind === 'PARENT' && member) {
      const [members, newest] = await Promise.all([
        familyMembers(db, member.familyId),
        findNewestSubscription(db, member.id),
      ]);
      family = {
        members: members.map(
          (m): AccountFamilyMember => ({
            userId: m.userId,
            role: m.role,
            firstName: m.firstName,
            lastName: m.lastName,
            color: m.color as AccountFamilyMember['color'],
            displayInitials: m.displayInitials,
            isYou: m.id === member.id,
          }),
        ),
      };
      subscription = newest ? subscriptionView(newest, userId, locale, now()) : null;
      coParentTextState = await coParentText.stateFor(member);
    }

    return {
      user: {
        userId,
        kind: user.kind,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        username: credentials.username,
      },
      family,
      subscription,
      receipts: receiptRows.map((row) => ({
        receiptId: row.receiptId,
        date: row.transactionAt.toISOString(),
        packageName: row.packageName[locale],
        totalFormatted: (row.body as Receipt).totals.totalFormatted,
        currency: row.currency,
      })),
      coParentText: coParentTextState,
    };
  }

  /** GET /v2/account/receipts/:receiptId: only the session user's own receipts. */
  async function receipt(userId: string, receiptId: string): Promise<AccountReceipt> {
    // A malformed id is not looked up (the column is a uuid): it is just not found.
    if (!ReceiptIdSchema.safeParse(receiptId).success) throw new AppError('RECEIPT_NOT_FOUND');
    const row = await findReceiptOfUser(db, userId, receiptId);
    if (!row) throw new AppError('RECEIPT_NOT_FOUND');
    const stored = row.paymentResponse as Partial<PaymentResponse> | null;
    return {
      ...(row.body as Receipt),
      receiptId,
      coParentEmail: stored?.registration?.coParent.email ?? null,
    };
  }

  return { home, receipt };
}
