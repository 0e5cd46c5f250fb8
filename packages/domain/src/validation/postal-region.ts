import zipcodes from 'zipcodes';
import type { MessageKey } from '../messages/en.js';

/**
 * Canada Post's first letter of a postal code → the provinces it serves (X: both territories).
 * Fixed by Canada Post; the letter alone decides the province.
 */
const CANADIAN_PROVINCES_BY_LETTER: Readonly<Record<string, readonly string[]>> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

/** The state a US ZIP code (five digits, or ZIP+4) belongs to, when the ZIP database knows it. */
function stateOfZip(postalCode: string): string | undefined {
  const zip = /^(\d{5})(?:[-\s]?\d{4})?$/.exec(postalCode.trim())?.[1];
  if (!zip) return undefined;
  const found = zipcodes.lookup(zip);
  return found?.country === 'US' ? found.state : undefined;
}

/**
 * Why a billing postal code does not belong to the chosen state or province, or undefined when it
 * does or cannot be told: a US ZIP of another state (the `zipcodes` database, APO/FPO codes AA,
 * AE and AP included), a Canadian postal code of another province (its first letter). A ZIP the
 * database does not know is let through: a new ZIP must not stop a real address. Its own entry
 * point (`@coparent/domain/postal-region`): the ZIP database is megabytes, so only the server
 * loads it; the form shows the server's answer beside the postal code.
 */
export function postalCodeRegionIssue({
  country,
  region,
  postalCode,
}: {
  country: string;
  region: string;
  postalCode: string;
}): MessageKey | undefined {
  const countryId = country.toUpperCase();
  const regionId = region.trim().toUpperCase();
  if (regionId === '') return undefined;
  if (countryId === 'US') {
    const state = stateOfZip(postalCode);
    return state !== undefined && state !== regionId ? 'payment_postalCodeState_error' : undefined;
  }
  if (countryId === 'CA') {
    const provinces = CANADIAN_PROVINCES_BY_LETTER[postalCode.trim().charAt(0).toUpperCase()];
    return provinces !== undefined && !provinces.includes(regionId)
      ? 'payment_postalCodeProvince_error'
      : undefined;
  }
  return undefined;
}
