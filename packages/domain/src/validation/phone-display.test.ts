import { describe, expect, it } from 'vitest';
import { SUPPORT_PHONE_LINES, SUPPORT_PHONES } from '../constants/support-phones.js';
import { formatPhoneNumber, phoneNumberE164 } from './phone-display.js';

describe('phone numbers as their country writes them', () => {
  it('formats with libphonenumber, nationally or with the dial code', () => {
    expect(formatPhoneNumber('+442035140008')).toBe('020 3514 0008');
    expect(formatPhoneNumber('2035140008', { dialCode: '+44', international: true })).toBe(
      '+44 20 3514 0008',
    );
    expect(formatPhoneNumber('5512345678', { dialCode: '+52', international: true })).toBe(
      '+52 55 1234 5678',
    );
    expect(formatPhoneNumber('+18667559991')).toBe('(866) 755-9991');
    expect(formatPhoneNumber('not a number')).toBe('not a number');
  });

  it('shows each support phone as callers of its countries dial it', () => {
    expect(SUPPORT_PHONES.GB.display).toBe(formatPhoneNumber(SUPPORT_PHONES.GB.tel));
    expect(SUPPORT_PHONES.GB.display).toBe('020 3514 0008');
    // Ireland shares the UK line: from there it is dialled with +44.
    expect(SUPPORT_PHONES.IE.display).toBe(
      formatPhoneNumber(SUPPORT_PHONES.IE.tel, { international: true }),
    );
    for (const id of ['NZ', 'AU', 'DEFAULT'] as const) {
      expect(SUPPORT_PHONES[id].display, id).toBe(formatPhoneNumber(SUPPORT_PHONES[id].tel));
    }
  });

  it('lists every line as libphonenumber writes it for the callers of its country', () => {
    const lines = Object.fromEntries(
      SUPPORT_PHONE_LINES.map(({ country, phone }) => [country, phone.display]),
    );
    expect(lines).toEqual({
      NZ: formatPhoneNumber('+64800453751'),
      AU: formatPhoneNumber('+611800823469'),
      GB: formatPhoneNumber('+442035140008'),
      // Ireland calls the UK line from abroad: with its dial code.
      IE: formatPhoneNumber('+442035140008', { international: true }),
      DEFAULT: formatPhoneNumber('+18667559991'),
    });
    expect(lines.IE).toBe('+44 20 3514 0008');
    expect(lines.GB).toBe('020 3514 0008');
  });
});

describe('phone numbers in E.164', () => {
  it('joins the code and the national number as libphonenumber reads them', () => {
    expect(phoneNumberE164('US_CANADA', '5551234567')).toBe('+15551234567');
    expect(phoneNumberE164('MEXICO', '5512345678')).toBe('+525512345678');
    // The UK trunk 0 is not dialled from abroad.
    expect(phoneNumberE164('UNITED_KINGDOM', '07700900123')).toBe('+447700900123');
    expect(phoneNumberE164('UNITED_KINGDOM', '7700900123')).toBe('+447700900123');
  });

  it('has no number without a number or a known code', () => {
    expect(phoneNumberE164('US_CANADA', '')).toBeNull();
    expect(phoneNumberE164('US_CANADA', null)).toBeNull();
    expect(phoneNumberE164('NARNIA', '5551234567')).toBeNull();
    expect(phoneNumberE164(null, '5551234567')).toBeNull();
  });
});
