import type { Locale } from '@coparent/domain';

const DATE_LOCALES: Record<Locale, string> = { en: 'en-US', 'es-MX': 'es-MX' };

/** A date in the language's long format (May 1, 2026 / 1 de mayo de 2026), read in UTC. */
export function formatAccountDate(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(iso));
}

/** A moment in the language's medium date and short time, in the browser's time zone. */
export function formatAccountMoment(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}
