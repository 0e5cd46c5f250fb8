import type { ExperimentKey, ExperimentValue } from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import { analyticsEvents, type NewAnalyticsEventRow } from '../../db/schema.js';
import type { EventForwarder, ForwardedEvent } from './forwarder.js';
import { EXPOSURE_EVENT } from './report.js';
import { sanitizePath, sanitizeProperties } from './sanitize.js';
import type { EventsBatch, IncomingAnalyticsEvent } from './schemas.js';

/** An experiment the server decided for a visitor (the browser never saw the flag). */
export type ServerExposure = {
  experiment: ExperimentKey;
  variant: ExperimentValue;
  /** The visitor's anonymous id when the browser sent one, else their user id. */
  anonymousId: string;
  userId?: string | undefined;
  /** The screen the decision was made for (the funnel report reads the path). */
  path: string;
  at: Date;
};

export type EventsService = {
  /** Stores the batch's events (a messageId already stored is skipped) and forwards the new ones. */
  ingest(batch: EventsBatch): Promise<{ accepted: number }>;
  /**
   * Records an 'Experiment Viewed' for an arm the server decided, once per visitor and
   * experiment (as the browser tracks its own exposures); Off is no experiment and is not
   * recorded. Never throws: a lost exposure must not fail the call that decided it.
   */
  recordExposure(exposure: ServerExposure): Promise<void>;
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

/**
 * The messageId of a server exposure: one per visitor and experiment, so storing it twice is a
 * conflict that stores nothing (and forwards nothing). Its slashes are outside what
 * POST /v2/events accepts as a messageId, so no browser can take the id first and forge the arm.
 */
export function exposureMessageId(experiment: ExperimentKey, visitor: string): string {
  return `server-exposure/${experiment}/${visitor}`;
}

function toForwarded(row: NewAnalyticsEventRow): ForwardedEvent {
  return {
    type: row.type as ForwardedEvent['type'],
    messageId: row.messageId,
    anonymousId: row.anonymousId,
    userId: row.userId ?? null,
    event: row.event ?? null,
    path: row.path ?? null,
    properties: row.properties ?? {},
    timestamp: row.occurredAt,
  };
}

export function createEventsService(deps: {
  db: Executor;
  forwarder: EventForwarder;
  log: FastifyBaseLogger;
}): EventsService {
  /** Inserts the rows whose messageId is new and forwards exactly those. */
  async function store(rows: NewAnalyticsEventRow[]): Promise<void> {
    const inserted = await deps.db
      .insert(analyticsEvents)
      .values(rows)
      .onConflictDoNothing({ target: analyticsEvents.messageId })
      .returning({ messageId: analyticsEvents.messageId });
    const fresh = new Set(inserted.map((row) => row.messageId));
    const forwarded = rows.filter((row) => fresh.delete(row.messageId)).map(toForwarded);
    if (forwarded.length === 0) return;
    try {
      deps.forwarder.forward(forwarded);
    } catch (err) {
      deps.log.warn({ err }, 'analytics forwarding failed');
    }
  }

  return {
    async ingest(batch) {
      const sentAt = batch.sentAt ? new Date(batch.sentAt) : null;
      await store(batch.batch.map((event) => toRow(event, sentAt)));
      return { accepted: batch.batch.length };
    },

    async recordExposure({ experiment, variant, anonymousId, userId, path, at }) {
      if (variant !== 'Control' && variant !== 'Treatment') return;
      try {
        await store([
          {
            messageId: exposureMessageId(experiment, userId ?? anonymousId),
            type: 'track',
            event: EXPOSURE_EVENT,
            anonymousId,
            userId: userId ?? null,
            path,
            properties: { experiment, variant, decidedBy: 'server' },
            occurredAt: at,
            sentAt: null,
          },
        ]);
      } catch (err) {
        deps.log.warn({ err, experiment }, 'a server exposure could not be recorded');
      }
    },
  };
}
