import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { catalogPackages } from './catalog.js';
import { createdAt, expiresAt, randomId, updatedAt } from './columns.js';
import { userIdKey, users } from './users.js';

/**
 * Families, their members, and the co-parent's invitation (created by the payment).
 */

/** A family: Parent A, the co-parent and the children, as members. */
export const families = pgTable('families', {
  id: randomId,
  createdByUserId: uuid('created_by_user_id').references((): AnyPgColumn => users.id),
  createdAt,
});

export const FAMILY_MEMBER_ROLES = ['PARENT', 'CO_PARENT', 'CHILD'] as const;

/**
 * A member of a family. Parents have a user (Parent A at once; the co-parent as an INVITED user
 * when an email is known, else once the invitation is accepted); children have none.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: randomId,
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id),
    role: text('role', { enum: FAMILY_MEMBER_ROLES }).notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phoneCountryCode: text('phone_country_code'),
    phoneNumber: text('phone_number'),
    /** A colour of the domain's FAMILY_MEMBER_COLORS. */
    color: text('color').notNull(),
    displayInitials: text('display_initials').notNull(),
    position: integer('position').notNull(),
    createdAt,
  },
  (table) => [
    unique('family_members_position_unique').on(table.familyId, table.position),
    index('family_members_user_idx').on(table.userId),
    check('family_members_role_check', sql`${table.role} in ('PARENT', 'CO_PARENT', 'CHILD')`),
  ],
);

/**
 * The co-parent's invitation: a 256-bit token (only its SHA-256 is stored) that opens
 * /app/join/invite, expiring after INVITE_TTL_DAYS.
 */
export const invites = pgTable(
  'invites',
  {
    id: randomId,
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    familyMemberId: uuid('family_member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    /** The invited user (null when no email was known: created when the invitation is accepted). */
    userId: uuid('user_id').references(() => users.id),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id),
    email: text('email'),
    expiresAt,
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Set when a new link replaced this one (the token stops working, but can ask again). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedByInviteId: uuid('replaced_by_invite_id').references((): AnyPgColumn => invites.id),
    createdAt,
  },
  (table) => [index('invites_family_member_idx').on(table.familyMemberId)],
);

/**
 * The reminders of a co-parent's invitation (decision 046): at most one per round (1: three days
 * after the first invitation, 2: seven days), written in the transaction that queues the reminder,
 * so a crash or a second instance never sends a round twice (the primary key refuses it).
 */
export const inviteReminders = pgTable(
  'invite_reminders',
  {
    familyMemberId: uuid('family_member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    round: smallint('round').notNull(),
    /** The invite whose new link the reminder carried (it replaced the one before). */
    inviteId: uuid('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.familyMemberId, table.round] })],
);

/**
 * The invited flow's progress (`nextInviteStep` in the domain) and its package choice, per
 * invited user (it survives a new link).
 */
export const inviteProgress = pgTable('invite_progress', {
  userId: userIdKey(),
  lastCompletedStep: smallint('last_completed_step').notNull().default(0),
  packageId: integer('package_id').references(() => catalogPackages.id),
  productId: text('product_id'),
  services: text('services').array().notNull().default(sql`'{}'::text[]`),
  updatedAt,
});

export type FamilyMemberRow = typeof familyMembers.$inferSelect;
export type InviteRow = typeof invites.$inferSelect;
export type InviteProgressRow = typeof inviteProgress.$inferSelect;
export type InviteReminderRow = typeof inviteReminders.$inferSelect;
