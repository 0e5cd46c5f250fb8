import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { randomId } from './columns.js';

/**
 * Analytics events from the browser.
 */

/**
 * Segment-shaped analytics events from the browser (POST /v2/events). `message_id` is
 * the browser's id of the event: a retried batch stores each event once. `event` is the track
 * event's name or the page's name (its path); `properties` holds a track's or page's properties,
 * or an identify's traits, with identifying keys dropped (modules/events/sanitize.ts).
 * `occurred_at` is the browser's clock (the event's `timestamp`), `received_at` the server's: the
 * funnel report selects its window by `received_at`.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: randomId,
    messageId: text('message_id').notNull().unique(),
    /** track, identify or page. */
    type: text('type').notNull(),
    event: text('event'),
    anonymousId: text('anonymous_id').notNull(),
    userId: text('user_id'),
    /** The page the event happened on (Segment's `context.page.path`). */
    path: text('path'),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The batch's `sentAt` (the browser's clock), when it gave one. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('analytics_events_received_idx').on(table.receivedAt),
    index('analytics_events_event_received_idx').on(table.event, table.receivedAt),
  ],
);

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert;
