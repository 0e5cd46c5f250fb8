import { isLocale, LANGUAGE_COOKIE, type Locale, resolveLocale } from '@coparent/domain';
import type { FastifyRequest } from 'fastify';
import { readCookie } from './cookies.js';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The visitor's locale: the app's `language` header first, then `Accept-Language`. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const language = headerValue(request.headers.language)?.trim();
  return resolveLocale(language || headerValue(request.headers['accept-language']));
}

/** A page's language: the visitor's choice (the cookie), else their browser's (Accept-Language). */
export function pageLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const chosen = readCookie(request.headers.cookie, LANGUAGE_COOKIE);
  return isLocale(chosen) ? chosen : resolveLocale(headerValue(request.headers['accept-language']));
}
