import type { Locale } from '@coparent/domain';

const DATE_LOCALES: Record<Locale, string> = { en: 'en-US', 'es-MX': 'es-MX' };

/** A date in the language's long format (May 1, 2026 / 1 de mayo de 2026), read in UTC. */
export function formatAccountDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/**
 * A moment in the language's medium date and short time, in the browser's time zone. Spanish
 * reads the 24-hour clock ("29 nov 2026, 10:00"): "10:00 a.m." would end a sentence in "a.m..".
 */
export function formatAccountMoment(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(locale === 'es-MX' ? { hourCycle: 'h23' as const } : {}),
  }).format(new Date(iso));
}
