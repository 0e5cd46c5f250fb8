import { and, desc, eq, isNotNull, max, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  catalogPackages,
  type FamilyMemberRow,
  familyMembers,
  invites,
  type LocalizedText,
  orders,
  payments,
  receipts,
  type SmsOutboxRow,
  smsOutbox,
  subscriptions,
  userCredentials,
  users,
} from '../../db/schema.js';

/** The family member that is this user (Parent A or a co-parent); the newest if several. */
export async function findMemberOfUser(
  db: Executor,
  userId: string,
): Promise<FamilyMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.userId, userId))
    .orderBy(desc(familyMembers.createdAt))
    .limit(1);
  return row;
}

export type MemberSubscription = {
  packageId: number;
  packageName: LocalizedText;
  years: number;
  status: string;
  autoRenew: boolean;
  renewsAt: Date;
  payer: { userId: string; firstName: string; lastName: string };
};

/** The member's newest subscription with its package and who paid for it (buyer or professional). */
export async function findNewestSubscription(
  db: Executor,
  familyMemberId: string,
): Promise<MemberSubscription | undefined> {
  const [row] = await db
    .select({
      packageId: subscriptions.packageId,
      packageName: catalogPackages.displayName,
      years: subscriptions.years,
      status: subscriptions.status,
      autoRenew: subscriptions.autoRenew,
      renewsAt: subscriptions.renewsAt,
      payerId: users.id,
      payerFirstName: users.firstName,
      payerLastName: users.lastName,
    })
    .from(subscriptions)
    .leftJoin(orders, eq(orders.id, subscriptions.orderId))
    // Who paid: the order's buyer, or the professional whose practice covers it.
    .innerJoin(
      users,
      eq(users.id, sql`coalesce(${orders.userId}, ${subscriptions.coveredByProfessionalId})`),
    )
    .innerJoin(catalogPackages, eq(catalogPackages.id, subscriptions.packageId))
    .where(eq(subscriptions.familyMemberId, familyMemberId))
    .orderBy(desc(subscriptions.startsAt))
    .limit(1);
  if (!row) return undefined;
  return {
    packageId: row.packageId,
    packageName: row.packageName,
    years: row.years,
    status: row.status,
    autoRenew: row.autoRenew,
    renewsAt: row.renewsAt,
    payer: { userId: row.payerId, firstName: row.payerFirstName, lastName: row.payerLastName },
  };
}

export type ReceiptListRow = {
  receiptId: string;
  transactionAt: Date;
  currency: string;
  packageName: LocalizedText;
  body: unknown;
};

/** The user's receipts, newest first. */
export async function listReceiptsOfUser(db: Executor, userId: string): Promise<ReceiptListRow[]> {
  return db
    .select({
      receiptId: receipts.paymentId,
      transactionAt: receipts.transactionAt,
      currency: receipts.currency,
      packageName: catalogPackages.displayName,
      body: receipts.body,
    })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .innerJoin(catalogPackages, eq(catalogPackages.id, orders.packageId))
    .where(eq(receipts.userId, userId))
    .orderBy(desc(receipts.transactionAt), desc(receipts.createdAt));
}

/**
 * One receipt of this user with the payment's stored answer (for the co-parent's email) and its
 * package's name in each language. The user id is part of the query: another user's receipt is
 * simply not found.
 */
export async function findReceiptOfUser(
  db: Executor,
  userId: string,
  receiptId: string,
): Promise<
  { body: unknown; paymentResponse: unknown; packageName: LocalizedText | null } | undefined
> {
  const [row] = await db
    .select({
      body: receipts.body,
      paymentResponse: payments.response,
      packageName: catalogPackages.displayName,
    })
    .from(receipts)
    .innerJoin(payments, eq(payments.id, receipts.paymentId))
    .leftJoin(orders, eq(orders.id, receipts.orderId))
    .leftJoin(catalogPackages, eq(catalogPackages.id, orders.packageId))
    .where(and(eq(receipts.paymentId, receiptId), eq(receipts.userId, userId)))
    .limit(1);
  return row;
}

/** The newest text that invited this family member (Parent A's payment, or sent again). */
export async function findNewestInvitationText(
  db: Executor,
  familyMemberId: string,
): Promise<SmsOutboxRow | undefined> {
  const [row] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.familyMemberId, familyMemberId))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1);
  return row;
}

/** When a parent last sent this member's invitation text again (the once-a-day limit). */
export async function findLastResendAt(db: Executor, familyMemberId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(smsOutbox.createdAt) })
    .from(smsOutbox)
    .where(
      and(eq(smsOutbox.familyMemberId, familyMemberId), isNotNull(smsOutbox.requestedByUserId)),
    );
  return row?.at ?? null;
}

/** Locks the family member's row until the transaction ends: one resend at a time per family. */
export async function lockFamilyMember(tx: Executor, familyMemberId: string): Promise<void> {
  await tx
    .select({ id: familyMembers.id })
    .from(familyMembers)
    .where(eq(familyMembers.id, familyMemberId))
    .for('update');
}

/** The co-parent's corrected number on their family member row. */
export async function updateFamilyMemberPhone(
  tx: Executor,
  familyMemberId: string,
  phone: { phoneCountryCode: string; phoneNumber: string },
): Promise<void> {
  await tx.update(familyMembers).set(phone).where(eq(familyMembers.id, familyMemberId));
}

/** When this family member was first invited (null: never). */
export async function findFirstInvitedAt(
  db: Executor,
  familyMemberId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(invites.createdAt) })
    .from(invites)
    .where(eq(invites.familyMemberId, familyMemberId));
  return row?.at ?? null;
}

/** When the user made their login (null: not yet). */
export async function findJoinedAt(db: Executor, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: userCredentials.createdAt })
    .from(userCredentials)
    .where(eq(userCredentials.userId, userId))
    .limit(1);
  return row?.at ?? null;
}
