import type { ValidationError } from '@coparent/domain';
import type { z } from 'zod';
import { currentLocale } from './i18n';

/** Every failed call ends up as one of these; status 0 means the network failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: ValidationError[];
  /** The answer's body as it came (a problem's extra members, e.g. PRICE_CHANGED's `pricing`). */
  readonly body: Readonly<Record<string, unknown>>;
  /** How long the server asked to wait before trying again (its `Retry-After`), in seconds. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: ValidationError[];
    body?: Record<string, unknown>;
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.body = init.body ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

type RequestOptions = {
  method?: Method;
  body?: unknown;
  registrationKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

type ErrorBody = {
  code?: unknown;
  title?: unknown;
  detail?: unknown;
  validationErrors?: unknown;
};

function isValidationError(value: unknown): value is ValidationError {
  if (typeof value !== 'object' || value === null) return false;
  const { field, text } = value as Record<string, unknown>;
  return typeof field === 'string' && typeof text === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `Retry-After` as seconds from now: a number of seconds, or an HTTP date; undefined otherwise. */
export function retryAfterSecondsOf(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

function toApiError(status: number, body: unknown, retryAfterSeconds?: number): ApiError {
  const data = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody;
  const fieldErrors = Array.isArray(data.validationErrors)
    ? data.validationErrors.filter(isValidationError)
    : [];
  const code =
    typeof data.code === 'string'
      ? data.code
      : fieldErrors.length > 0
        ? 'VALIDATION'
        : `HTTP_${status}`;
  const message =
    typeof data.detail === 'string'
      ? data.detail
      : typeof data.title === 'string'
        ? data.title
        : `Request failed with status ${status}`;
  return new ApiError({
    status,
    code,
    message,
    fieldErrors,
    body: data as Record<string, unknown>,
    retryAfterSeconds,
  });
}

/** The one fetch wrapper: JSON in and out, language headers, the registration key when given. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const locale = currentLocale();
  const headers: Record<string, string> = {
    Accept: 'application/json, application/problem+json',
    'Accept-Language': locale,
    language: locale,
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.registrationKey) headers['X-Registration-Key'] = options.registrationKey;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The network request failed' });
  }

  const body = await readJson(response);
  if (!response.ok) {
    throw toApiError(
      response.status,
      body,
      retryAfterSecondsOf(response.headers.get('retry-after')),
    );
  }
  return body as T;
}

/**
 * A successful call's answer read with its schema. An answer the schema refuses is an
 * INVALID_RESPONSE error ("Unexpected <what>"), with the status the call answered.
 */
export function parseAnswer<T>(
  schema: z.ZodType<T>,
  answer: unknown,
  what = 'answer',
  status = 200,
): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({ status, code: 'INVALID_RESPONSE', message: `Unexpected ${what}` });
  }
  return parsed.data;
}
