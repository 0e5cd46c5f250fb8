import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import { analyticsEvents, type NewAnalyticsEventRow } from '../../db/schema.js';
import type { EventForwarder, ForwardedEvent } from './forwarder.js';
import { sanitizePath, sanitizeProperties } from './sanitize.js';
import type { EventsBatch, IncomingAnalyticsEvent } from './schemas.js';

export type EventsService = {
  /** Stores the batch's events (a messageId already stored is skipped) and forwards the new ones. */
  ingest(batch: EventsBatch): Promise<{ accepted: number }>;
};

const EMAIL_LIKE = /@/;

function toRow(event: IncomingAnalyticsEvent, sentAt: Date | null): NewAnalyticsEventRow {
  const path = sanitizePath(event.context?.page?.path);
  const properties = event.type === 'identify' ? (event.traits ?? {}) : (event.properties ?? {});
  return {
    messageId: event.messageId,
    type: event.type,
    event:
      event.type === 'track' ? event.event : event.type === 'page' ? (event.name ?? path) : null,
    anonymousId: event.anonymousId,
    // A userId that is an email address is identifying: the anonymousId still ties the events.
    userId: event.userId && !EMAIL_LIKE.test(event.userId) ? event.userId : null,
    path,
    properties: sanitizeProperties(properties),
    occurredAt: new Date(event.timestamp),
    sentAt,
  };
}

export function createEventsService(deps: {
  db: Executor;
  forwarder: EventForwarder;
  log: FastifyBaseLogger;
}): EventsService {
  return {
    async ingest(batch) {
      const sentAt = batch.sentAt ? new Date(batch.sentAt) : null;
      const rows = batch.batch.map((event) => toRow(event, sentAt));
      const inserted = await deps.db
        .insert(analyticsEvents)
        .values(rows)
        .onConflictDoNothing({ target: analyticsEvents.messageId })
        .returning({ messageId: analyticsEvents.messageId });
      const fresh = new Set(inserted.map((row) => row.messageId));
      const forwarded: ForwardedEvent[] = [];
      for (const row of rows) {
        if (!fresh.delete(row.messageId)) continue;
        forwarded.push({
          type: row.type as ForwardedEvent['type'],
          messageId: row.messageId,
          anonymousId: row.anonymousId,
          userId: row.userId ?? null,
          event: row.event ?? null,
          path: row.path ?? null,
          properties: row.properties ?? {},
          timestamp: row.occurredAt,
        });
      }
      if (forwarded.length > 0) {
        try {
          deps.forwarder.forward(forwarded);
        } catch (err) {
          deps.log.warn({ err }, 'analytics forwarding failed');
        }
      }
      return { accepted: batch.batch.length };
    },
  };
}
