import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createSegmentForwarder } from './forwarder.js';

describe('the Segment forwarder', () => {
  it("posts the events to Segment's batch API with the write key as the basic-auth user", async () => {
    const requests: { url: string; headers: Record<string, string>; body: string }[] = [];
    const forwarder = createSegmentForwarder({
      writeKey: 'test-write-key',
      log: pino({ level: 'silent' }),
      flushAt: 2,
      httpClient: async (url, init) => {
        requests.push({ url, headers: init.headers, body: init.body });
        return { status: 200, statusText: 'OK' };
      },
    });
    forwarder.forward([
      {
        type: 'track',
        messageId: 'm-track-1',
        anonymousId: 'anon-1',
        userId: null,
        event: 'Subscription Created',
        path: '/app/join/payment',
        properties: { accountType: 'Parent A' },
        timestamp: new Date('2025-05-01T10:00:00.000Z'),
      },
      {
        type: 'identify',
        messageId: 'm-identify-1',
        anonymousId: 'anon-1',
        userId: 'user-1',
        event: null,
        path: null,
        properties: { kind: 'PARENT' },
        timestamp: new Date('2025-05-01T10:00:01.000Z'),
      },
    ]);
    await forwarder.close();

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe('https://api.segment.io/v1/batch');
    const basic = Buffer.from('test-write-key:').toString('base64');
    expect(request?.headers.Authorization ?? request?.headers.authorization).toBe(`Basic ${basic}`);
    const body = JSON.parse(request?.body ?? '{}') as { batch: Record<string, unknown>[] };
    expect(body.batch).toEqual([
      expect.objectContaining({
        type: 'track',
        event: 'Subscription Created',
        messageId: 'm-track-1',
        anonymousId: 'anon-1',
        properties: { accountType: 'Parent A' },
        context: expect.objectContaining({ page: { path: '/app/join/payment' } }),
      }),
      expect.objectContaining({
        type: 'identify',
        messageId: 'm-identify-1',
        userId: 'user-1',
        traits: { kind: 'PARENT' },
      }),
    ]);
  });
});
