import { createRequire } from 'node:module';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Logger,
  type LoggerOptions,
  pino,
} from 'pino';
import type { Config, LogLevel } from './config.js';
import { requestIdForLogLine } from './http/request-id.js';

/** Headers that carry secrets: never logged. */
const SECRET_HEADERS = ['authorization', 'cookie', 'x-registration-key', 'x-referrer-key'];
/** Body fields that carry secrets, at any of the first few levels of a logged object. */
const SECRET_FIELDS = [
  'password',
  'number',
  'cvv',
  'nonce',
  'token',
  'paymentMethodToken',
  'clickToJoinToken',
  'securityAnswer',
  'securityCode',
  'securityCodeConfirm',
  'registrationKey',
];

export const REDACTED = '[Redacted]';

/**
 * The URL as logged: the path, and the query's parameter names with every value redacted. Links
 * in emails carry tokens in the query (`/app/join/invite?token=…`) and the places calls carry
 * what a person typed, so no value is logged on any path; the names still show the call's shape.
 */
export function loggedUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const equals = part.indexOf('=');
      // A bare value (`?abc123`) may itself be the secret: nothing of it is kept.
      return equals === -1 ? REDACTED : `${part.slice(0, equals)}=${REDACTED}`;
    });
  return `${url.slice(0, queryStart)}?${query.join('&')}`;
}

/** The headers as logged: the page a request came from is a URL too (an invite link's page). */
function loggedHeaders(headers: FastifyRequest['headers']): FastifyRequest['headers'] {
  const { referer } = headers;
  return typeof referer === 'string' ? { ...headers, referer: loggedUrl(referer) } : headers;
}

export const REDACT_PATHS: string[] = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `headers["${h}"]`]),
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`, `*.*.*.${f}`]),
];

/** The top-level keys a redact path names: a binding under one of them is censored. */
const REDACTED_KEYS: ReadonlySet<string> = new Set(
  REDACT_PATHS.map((path) => /^[^.[]+/.exec(path)?.[0] ?? path),
);

export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    // A line a service writes while serving a request names the request too.
    mixin: (_object, _level, logger) => requestIdForLogLine(logger),
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // Fastify's default request serializer plus the headers (secrets redacted above), so an
      // operator can see the language, content type and user agent of a failing call.
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: loggedUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        headers: loggedHeaders(req.headers),
      }),
    },
  };
}

const { chindingsSym } = pino.symbols;

/**
 * Fastify's per-request logger (`childLoggerFactory`): a child carrying the request id. pino runs
 * every binding of a child through the redaction, and ours has paths starting with `*`, so each
 * binding is walked: 5–8 % of a light request's CPU for one string. The id is a UUID or a short
 * safe token (http/request-id.ts), a string no redact path can reach (`reqId` names none), so
 * string bindings are appended as JSON, as pino would write them; anything else takes pino's way.
 */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  const entries = Object.entries(bindings);
  if (!entries.every(([key, value]) => typeof value === 'string' && !REDACTED_KEYS.has(key))) {
    return logger.child(bindings, options);
  }
  const child = Object.keys(options).length === 0 ? logger.child({}) : logger.child({}, options);
  const state = child as unknown as Record<typeof chindingsSym, string>;
  for (const [key, value] of entries) {
    state[chindingsSym] += `,${JSON.stringify(key)}:${JSON.stringify(value)}`;
  }
  return child;
}

/** pino-pretty is a development dependency: an install without them logs JSON instead. */
function prettyTransportInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * The server's pino logger. `destination` lets tests capture the stream; `prettyLogs` (a person
 * at a terminal, see config.ts) writes readable lines through pino-pretty, one line per entry
 * with the request id in it; JSON lines otherwise, for the log collector.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'prettyLogs'>,
  destination?: DestinationStream,
): Logger {
  const options = loggerOptions(config);
  if (destination) return pino(options, destination);
  if (config.prettyLogs && prettyTransportInstalled()) {
    return pino({
      ...options,
      transport: {
        target: 'pino-pretty',
        // One short line per entry: `GET /v2/signups incoming request {"reqId":"…"}`; the request
        // and response objects only lend their method, URL and status; an error keeps its stack.
        options: {
          colorize: true,
          translateTime: 'SYS:HH:MM:ss.l',
          ignore: 'pid,hostname,req,res,responseTime',
          singleLine: true,
          messageFormat:
            '{if req.method}{req.method} {req.url} {end}{msg}{if res.statusCode} {res.statusCode}{end}',
        },
      },
    });
  }
  return pino(options);
}

/**
 * The stricter of `level` and `floor`: for noisy routes (health checks) that should log only
 * warnings, without turning logs back on when the app is quieter than that (or silent).
 */
export function atLeast(level: LogLevel, floor: Exclude<LogLevel, 'silent'>): LogLevel {
  if (level === 'silent') return level;
  const { values } = pino.levels;
  return (values[level] ?? 0) >= (values[floor] ?? 0) ? level : floor;
}
