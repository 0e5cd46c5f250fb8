/** What a 503 DATABASE_UNAVAILABLE asks the client to wait before retrying (`Retry-After`). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot be opened or was lost. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that say "the server is not there for you now" rather than "your query is
 * wrong": class 08 (connection exception), 57P01–57P03 (shutdown, crash, cannot connect now),
 * 53300 (too many connections).
 */
const SERVER_UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres and PGlite report a lost or closed connection only in their messages. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

function isUnavailableCause(error: object): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_ERROR_CODES.has(code) || SERVER_UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}

/**
 * The error in `error`'s cause chain (Drizzle wraps the driver's error as `cause`) that says the
 * database cannot be reached, or undefined. Such a request answers 503 and may be retried as it is.
 * Callers log the cause, not the wrapper, whose message carries the query's parameters.
 */
export function databaseUnavailableCause(error: unknown): Error | undefined {
  let current: unknown = error;
  // A short walk: causes are chained a few levels deep at most, and a cycle must not hang us.
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if (isUnavailableCause(current)) return current as Error;
    if (current instanceof AggregateError) {
      const inner = current.errors.map(databaseUnavailableCause).find(Boolean);
      if (inner) return inner;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
