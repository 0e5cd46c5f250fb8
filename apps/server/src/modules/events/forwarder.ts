import { Analytics } from '@segment/analytics-node';
import type { FastifyBaseLogger } from 'fastify';

/** One stored event as it is forwarded (already sanitised). */
export type ForwardedEvent = {
  type: 'track' | 'page' | 'identify';
  messageId: string;
  anonymousId: string;
  userId: string | null;
  /** The track event's name, or the page's name. */
  event: string | null;
  path: string | null;
  /** Properties, or an identify's traits. */
  properties: Record<string, unknown>;
  timestamp: Date;
};

/**
 * The port to an analytics destination. `forward` never throws and never delays the answer to
 * the browser: it hands the events over and the destination sends them in the background.
 */
export type EventForwarder = {
  forward(events: readonly ForwardedEvent[]): void;
  /** Sends what is still queued (on shutdown). */
  close(): Promise<void>;
};

export const noForwarder: EventForwarder = {
  forward: () => {},
  close: async () => {},
};

type SegmentOptions = {
  writeKey: string;
  log: FastifyBaseLogger;
  /** Tests pass a fake fetch (Segment's HTTP client accepts one). */
  httpClient?: ConstructorParameters<typeof Analytics>[0]['httpClient'];
  /** Tests flush at once. */
  flushAt?: number;
};

/**
 * Segment's HTTP API (POST https://api.segment.io/v1/batch, the write key as the basic-auth user)
 * through @segment/analytics-node, which batches and retries. The browser's messageId is kept, so
 * Segment de-duplicates a retried batch as this server does.
 */
export function createSegmentForwarder(options: SegmentOptions): EventForwarder {
  const analytics = new Analytics({
    writeKey: options.writeKey,
    flushAt: options.flushAt ?? 50,
    flushInterval: 5000,
    maxRetries: 3,
    ...(options.httpClient ? { httpClient: options.httpClient } : {}),
  });
  analytics.on('error', (err) => options.log.warn({ err }, 'segment forwarding failed'));

  const send = (event: ForwardedEvent) => {
    const identity = event.userId
      ? { userId: event.userId, anonymousId: event.anonymousId }
      : { anonymousId: event.anonymousId };
    const common = {
      ...identity,
      messageId: event.messageId,
      timestamp: event.timestamp,
      ...(event.path ? { context: { page: { path: event.path } } } : {}),
    };
    if (event.type === 'track') {
      analytics.track({ ...common, event: event.event ?? '', properties: event.properties });
    } else if (event.type === 'page') {
      analytics.page({
        ...common,
        ...(event.event ? { name: event.event } : {}),
        properties: event.properties,
      });
    } else {
      analytics.identify({ ...common, traits: event.properties });
    }
  };

  return {
    forward(events) {
      for (const event of events) {
        try {
          send(event);
        } catch (err) {
          options.log.warn({ err }, 'segment forwarding failed');
        }
      }
    },
    close: () => analytics.closeAndFlush({ timeout: 5000 }),
  };
}
