import { z } from 'zod';

/**
 * POST /v2/events: Segment's batch shape (https://segment.com/docs/connections/sources/catalog/
 * libraries/server/http-api/#batch), the subset the browser sends. The whole body is at most the
 * app's 64 KB; each event's property object is bounded here so one event cannot fill a row.
 */

/** Events per batch (the browser sends at most 20). */
export const EVENTS_MAX_BATCH = 100;
/** Keys of one properties/traits object, and its size as JSON. */
export const EVENTS_MAX_PROPERTY_KEYS = 50;
export const EVENTS_MAX_PROPERTIES_BYTES = 8 * 1024;
/** Nesting of objects/arrays inside properties (deeper is refused, not walked). */
export const EVENTS_MAX_DEPTH = 5;

/** Is `value` (JSON) at most `depth` levels deep? Stops at the limit, so it never recurses far. */
function withinDepth(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (depth === 0) return false;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.every((child) => withinDepth(child, depth - 1));
}

const PropertiesSchema = z
  .record(z.string().max(100), z.unknown())
  .refine((value) => Object.keys(value).length <= EVENTS_MAX_PROPERTY_KEYS, {
    message: `at most ${EVENTS_MAX_PROPERTY_KEYS} keys`,
  })
  .refine((value) => withinDepth(value, EVENTS_MAX_DEPTH), { message: 'nested too deeply' })
  .refine((value) => JSON.stringify(value).length <= EVENTS_MAX_PROPERTIES_BYTES, {
    message: `at most ${EVENTS_MAX_PROPERTIES_BYTES} bytes`,
  });

const IdSchema = z.string().min(1).max(100);
const TimestampSchema = z.iso.datetime({ offset: true });

/** Segment's `context`: only `page.path` is read (and stored without its query string). */
const ContextSchema = z
  .looseObject({ page: z.looseObject({ path: z.string().max(500).optional() }).optional() })
  .optional();

const common = {
  anonymousId: IdSchema,
  userId: IdSchema.optional(),
  timestamp: TimestampSchema,
  messageId: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/),
  context: ContextSchema,
};

export const TrackEventSchema = z.object({
  type: z.literal('track'),
  event: z.string().min(1).max(200),
  properties: PropertiesSchema.optional(),
  ...common,
});

export const PageEventSchema = z.object({
  type: z.literal('page'),
  name: z.string().min(1).max(200).optional(),
  properties: PropertiesSchema.optional(),
  ...common,
});

export const IdentifyEventSchema = z.object({
  type: z.literal('identify'),
  traits: PropertiesSchema.optional(),
  ...common,
});

export const AnalyticsEventSchema = z.discriminatedUnion('type', [
  TrackEventSchema,
  PageEventSchema,
  IdentifyEventSchema,
]);
export type IncomingAnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const EventsBatchSchema = z.object({
  batch: z.array(AnalyticsEventSchema).min(1).max(EVENTS_MAX_BATCH),
  sentAt: TimestampSchema.optional(),
});
export type EventsBatch = z.infer<typeof EventsBatchSchema>;

export const EventsAcceptedSchema = z.object({ accepted: z.number().int() });
