export type SupportPhone = { display: string; tel: string };

/**
 * Support phones by the visitor's country. GB and IE share one number, dialled with +44 from
 * Ireland. Each display is libphonenumber's (checked by phone-display.test.ts) but written out
 * here, so the footer of every page does not load the phone metadata.
 */
export const SUPPORT_PHONES = {
  NZ: { display: '0800 453 751', tel: '+64800453751' },
  AU: { display: '1800 823 469', tel: '+611800823469' },
  GB: { display: '020 3514 0008', tel: '+442035140008' },
  IE: { display: '+44 20 3514 0008', tel: '+442035140008' },
  DEFAULT: { display: '(866) 755-9991', tel: '+18667559991' },
} as const satisfies Record<string, SupportPhone>;

/** The support phone for a visitor's country (ISO alpha-2, any case); US, CA, MX and unknown get the default. */
export function supportPhoneFor(country?: string | null): SupportPhone {
  const id = (country ?? '').trim().toUpperCase();
  if (id === 'UK') return SUPPORT_PHONES.GB;
  if (id === 'NZ' || id === 'AU' || id === 'GB' || id === 'IE') return SUPPORT_PHONES[id];
  return SUPPORT_PHONES.DEFAULT;
}

export type SupportPhoneLine = {
  country: 'NZ' | 'AU' | 'GB' | 'IE' | 'DEFAULT';
  phone: SupportPhone;
};

/**
 * Every line, as the Contact page lists it for the callers of each country. Ireland has its own
 * entry because it dials the UK line with +44, which one "UK and Ireland: 020…" entry hid.
 */
export const SUPPORT_PHONE_LINES: readonly SupportPhoneLine[] = [
  { country: 'NZ', phone: SUPPORT_PHONES.NZ },
  { country: 'AU', phone: SUPPORT_PHONES.AU },
  { country: 'GB', phone: SUPPORT_PHONES.GB },
  { country: 'IE', phone: SUPPORT_PHONES.IE },
  { country: 'DEFAULT', phone: SUPPORT_PHONES.DEFAULT },
];
