import { describe, expect, it } from 'vitest';
import { postalCodeRegionIssue } from './postal-region.js';

const issue = (country: string, region: string, postalCode: string) =>
  postalCodeRegionIssue({ country, region, postalCode });

describe('postalCodeRegionIssue', () => {
  it('refuses a US ZIP of another state, and accepts it with its own', () => {
    expect(issue('US', 'NY', '90210')).toBe('payment_postalCodeState_error');
    expect(issue('US', 'CA', '90210')).toBeUndefined();
    expect(issue('US', 'NY', '10001')).toBeUndefined();
  });

  it('reads ZIP+4 by its first five digits', () => {
    expect(issue('US', 'CA', '90210-1234')).toBeUndefined();
    expect(issue('US', 'TX', '90210-1234')).toBe('payment_postalCodeState_error');
  });

  it('knows the APO/FPO codes', () => {
    expect(issue('US', 'AE', '09001')).toBeUndefined();
    expect(issue('US', 'AP', '09001')).toBe('payment_postalCodeState_error');
  });

  it('lets through a ZIP the database does not know, and a blank state', () => {
    expect(issue('US', 'NY', '00000')).toBeUndefined();
    expect(issue('US', '', '90210')).toBeUndefined();
  });

  it("refuses a Canadian postal code of another province, by Canada Post's first letter", () => {
    expect(issue('CA', 'AB', 'M5V 2T6')).toBe('payment_postalCodeProvince_error');
    expect(issue('CA', 'ON', 'm5v 2t6')).toBeUndefined();
    expect(issue('CA', 'NU', 'X0A 0H0')).toBeUndefined();
    expect(issue('CA', 'NT', 'X1A 1A1')).toBeUndefined();
    expect(issue('CA', 'QC', 'H2X 1Y4')).toBeUndefined();
  });

  it('says nothing of other countries', () => {
    expect(issue('MX', 'JAL', '44100')).toBeUndefined();
    expect(issue('GB', 'ENG', 'SW1A 2AA')).toBeUndefined();
  });
});
