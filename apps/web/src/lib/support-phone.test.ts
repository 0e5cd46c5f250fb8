import { describe, expect, it } from 'vitest';
import { visitorCountry } from './support-phone';

describe('visitorCountry', () => {
  it('uses the step-1 phone code once a number is typed with it', () => {
    expect(visitorCountry('UNITED_KINGDOM', '7700900123', 'NZ')).toBe('GB');
    expect(visitorCountry('MEXICO', '5512345678', undefined)).toBe('MX');
  });

  it('falls back to the browser region, then to unknown', () => {
    expect(visitorCountry('US_CANADA', '', 'AU')).toBe('AU');
    expect(visitorCountry(undefined, undefined, undefined)).toBeUndefined();
  });
});
