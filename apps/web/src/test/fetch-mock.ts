import { vi } from 'vitest';

export type MockReply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type RecordedCall = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
};
export type Handler = (call: RecordedCall) => MockReply | undefined;

/**
 * Replaces fetch with a small router: the first handler that returns a reply answers. Calls are
 * recorded. An unanswered call fails like a network error would.
 */
export function mockFetch(...handlers: Handler[]) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      url: String(input),
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    for (const handler of handlers) {
      const reply = handler(call);
      if (reply) {
        const status = reply.status ?? 200;
        const isProblem =
          status >= 400 &&
          reply.body !== undefined &&
          !('validationErrors' in (reply.body as object));
        return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
          status,
          headers: {
            'Content-Type': isProblem ? 'application/problem+json' : 'application/json',
            ...reply.headers,
          },
        });
      }
    }
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A handler for one method and path. */
export function on(
  method: string,
  path: string | RegExp,
  reply: MockReply | ((call: RecordedCall) => MockReply),
): Handler {
  return (call) => {
    const matches = typeof path === 'string' ? call.url === path : path.test(call.url);
    if (call.method !== method || !matches) return undefined;
    return typeof reply === 'function' ? reply(call) : reply;
  };
}

/**
 * The database away for the first call to one method and path (the server's 503
 * DATABASE_UNAVAILABLE problem); from the next call on, the later handlers answer.
 */
export function databaseUnavailableOnce(method: string, path: string | RegExp): Handler {
  let hasFailed = false;
  const unavailable = on(method, path, {
    status: 503,
    body: {
      type: 'about:blank',
      title: 'Service unavailable',
      status: 503,
      code: 'DATABASE_UNAVAILABLE',
      retryAfterSeconds: 5,
    },
  });
  return (call) => {
    if (hasFailed) return undefined;
    const reply = unavailable(call);
    if (reply) hasFailed = true;
    return reply;
  };
}
