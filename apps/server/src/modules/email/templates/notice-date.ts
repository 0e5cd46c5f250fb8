/** A notice's date in the owner's language and time zone (UTC when unknown or invalid). */
export function noticeDate(at: Date, locale: string, timeZone: string | null): string {
  try {
    return new Intl.DateTimeFormat(locale, {
      dateStyle: 'long',
      timeZone: timeZone ?? 'UTC',
    }).format(at);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  }
}
