import type { ValidationError } from '@coparent/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageLocale } from '../http/locale.js';

/**
 * An answer of this server's API to a call a form handler made for the browser, with the cookies
 * it sets (the browser's to keep when the handler passes them on, as a login's).
 */
export type ApiAnswer = { status: number; body: Record<string, unknown>; setCookies: string[] };

export type OwnApiCall = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  body: unknown,
  headers?: Record<string, string>,
) => Promise<ApiAnswer>;

/**
 * Calls this server's API as the browser's script would (its cookie, language and address), so a
 * form posted without a script goes through the same validation, rate limits and services.
 */
export function ownApiCaller(app: FastifyInstance, request: FastifyRequest): OwnApiCall {
  return async (method, url, body, headers = {}) => {
    // A call without a body (a GET, a POST such as the terms') says no content type either.
    const hasBody = method !== 'GET' && body !== undefined;
    const answer = await app.inject({
      method,
      url,
      headers: {
        accept: 'application/json',
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        'accept-language': pageLocale(request),
        cookie: request.headers.cookie ?? '',
        ...headers,
      },
      remoteAddress: request.ip,
      ...(hasBody ? { payload: JSON.stringify(body) } : {}),
    });
    let parsed: unknown;
    try {
      parsed = answer.json();
    } catch {
      parsed = {};
    }
    const isObject = typeof parsed === 'object' && parsed !== null;
    const setCookies = [answer.headers['set-cookie'] ?? []].flat().map(String);
    return {
      status: answer.statusCode,
      body: isObject ? (parsed as Record<string, unknown>) : {},
      setCookies,
    };
  };
}

/** The field errors of an answer (`validationErrors`), or none. */
export function validationErrorsOf(answer: ApiAnswer): ValidationError[] {
  const errors = answer.body.validationErrors;
  return Array.isArray(errors) ? (errors as ValidationError[]) : [];
}
