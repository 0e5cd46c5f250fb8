import { randomUUID } from 'node:crypto';
import { EXPERIMENTS, type ExperimentKey, type ExperimentValue } from '@coparent/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import { analyticsEvents, type NewAnalyticsEventRow } from '../../db/schema.js';
import type { FlagService } from '../flags/service.js';
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
  /**
   * Stores the batch's events (a messageId already stored is skipped) and forwards the new ones.
   * An exposure naming an experiment or arm the flag file does not define is dropped, and a
   * visitor's exposure to an experiment is stored once: `accepted` counts what was not dropped.
   */
  ingest(batch: EventsBatch): Promise<{ accepted: number }>;
  /**
   * Records an 'Experiment Viewed' for an arm the server decided, once per visitor and
   * experiment (as the browser tracks its own exposures); Off is no experiment and is not
   * recorded. Never throws: a lost exposure must not fail the call that decided it.
   */
  recordExposure(exposure: ServerExposure): Promise<void>;
  /**
   * Records the view of a page the server wrote with no script, as the browser's `page()` would
   * (a 'page' event named by its path, the visitor's anonymous id). Never throws: a lost view must
   * not fail the page.
   */
  recordPageView(view: ServerPageView): Promise<void>;
};

/** A page the server wrote for a visitor, where no script runs to record its view. */
export type ServerPageView = { anonymousId: string; path: string; at: Date };

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

/**
 * The messageId of a browser exposure: one per visitor (anonymous id) and experiment, so a second
 * exposure, in any arm and with any timestamp, is a conflict that stores nothing and cannot move
 * the visitor to another arm of the report.
 */
export function browserExposureMessageId(experiment: string, anonymousId: string): string {
  return `exposure/${experiment}/${anonymousId}`;
}

/**
 * Experiments whose arm the server decides and records itself (the checkout's): the browser never
 * reads their flag, so an exposure it sends for one is forged and dropped.
 */
const SERVER_DECIDED_EXPERIMENTS: ReadonlySet<string> = new Set([EXPERIMENTS.ukCardProvider]);

/** An exposure as the report reads it: its experiment and arm, or null for any other event. */
function exposureOf(row: NewAnalyticsEventRow): { experiment: unknown; variant: unknown } | null {
  if (row.type !== 'track' || row.event !== EXPOSURE_EVENT) return null;
  return { experiment: row.properties?.experiment, variant: row.properties?.variant };
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
  /** The flag file's experiments: the only ones an exposure may name. */
  flags: Pick<FlagService, 'isExperimentArm'>;
}): EventsService {
  /** The row to store, or null when it is an exposure to an arm the flag file does not define. */
  function admitted(row: NewAnalyticsEventRow): NewAnalyticsEventRow | null {
    const exposure = exposureOf(row);
    if (!exposure) return row;
    const { experiment, variant } = exposure;
    if (typeof experiment !== 'string' || typeof variant !== 'string') return null;
    if (SERVER_DECIDED_EXPERIMENTS.has(experiment)) return null;
    if (!deps.flags.isExperimentArm(experiment, variant)) return null;
    return { ...row, messageId: browserExposureMessageId(experiment, row.anonymousId) };
  }

  /** Inserts the rows whose messageId is new and forwards exactly those. */
  async function store(rows: NewAnalyticsEventRow[]): Promise<void> {
    if (rows.length === 0) return;
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
      const rows = batch.batch
        .map((event) => admitted(toRow(event, sentAt)))
        .filter((row): row is NewAnalyticsEventRow => row !== null);
      await store(rows);
      return { accepted: rows.length };
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

    async recordPageView({ anonymousId, path, at }) {
      try {
        await store([
          {
            // Slashes: outside what POST /v2/events accepts, so no browser can take the id first.
            messageId: `server-page/${randomUUID()}`,
            type: 'page',
            event: path,
            anonymousId,
            userId: null,
            path,
            properties: { path, recordedBy: 'server' },
            occurredAt: at,
            sentAt: null,
          },
        ]);
      } catch (err) {
        deps.log.warn({ err }, 'a page view could not be recorded');
      }
    },
  };
}
