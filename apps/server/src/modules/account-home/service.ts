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
import { type ReceiptPdf, receiptPdf as renderReceiptPdf } from '../receipts/receipt-pdf.js';
import type { CoParentStatusService } from './coparent-status.js';
import type { CoParentTextService } from './coparent-text.js';
import { findCoParentOfParent } from './invited-coparent.js';
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
  /** Where the co-parent stands (invited, joined, not reached). */
  coParentStatus: Pick<CoParentStatusService, 'statusFor'>;
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
export function createAccountHomeService({
  db,
  now,
  coParentText,
  coParentStatus,
}: AccountHomeServiceDeps) {
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
    let coParentStatusState: AccountHome['coParentStatus'] = null;
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
      const coParent = await findCoParentOfParent(db, member, members);
      coParentTextState = await coParentText.stateFor(coParent);
      coParentStatusState = await coParentStatus.statusFor(coParent, coParentTextState);
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
      coParentStatus: coParentStatusState,
    };
  }

  /** Only the session user's own receipts: any other id is not found. */
  async function ownReceipt(userId: string, receiptId: string) {
    // A malformed id is not looked up (the column is a uuid): it is just not found.
    if (!ReceiptIdSchema.safeParse(receiptId).success) throw new AppError('RECEIPT_NOT_FOUND');
    const row = await findReceiptOfUser(db, userId, receiptId);
    if (!row) throw new AppError('RECEIPT_NOT_FOUND');
    return row;
  }

  /** GET /v2/account/receipts/:receiptId. */
  async function receipt(userId: string, receiptId: string): Promise<AccountReceipt> {
    const row = await ownReceipt(userId, receiptId);
    const stored = row.paymentResponse as Partial<PaymentResponse> | null;
    return {
      ...(row.body as Receipt),
      receiptId,
      coParentEmail: stored?.registration?.coParent.email ?? null,
    };
  }

  /** GET /v2/account/receipts/:receiptId/pdf: one of the user's own receipts as a PDF. */
  async function receiptPdf(
    userId: string,
    receiptId: string,
    locale: Locale,
  ): Promise<ReceiptPdf> {
    const [row, user] = await Promise.all([
      ownReceipt(userId, receiptId),
      findUserById(db, userId),
    ]);
    if (!user) throw new AppError('SESSION_REQUIRED');
    const stored = row.body as Receipt;
    return renderReceiptPdf({
      receipt: stored,
      orderNumber: receiptId,
      packageName: row.packageName?.[locale] ?? stored.packageDisplayName,
      holderName: `${user.firstName} ${user.lastName}`,
      locale,
    });
  }

  return { home, receipt, receiptPdf };
}
