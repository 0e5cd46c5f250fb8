import { type Locale, resolveLocale } from '@coparent/domain';
import type { FastifyRequest } from 'fastify';

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The visitor's locale: the app's `language` header first, then `Accept-Language`. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): Locale {
  const language = headerValue(request.headers.language)?.trim();
  return resolveLocale(language || headerValue(request.headers['accept-language']));
}
