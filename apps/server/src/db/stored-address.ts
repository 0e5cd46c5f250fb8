import { normalisePostalCode } from '@coparent/domain';

/** A billing address as a request body carries it (checked, trimmed). */
type AddressInput = {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
};

/**
 * An address as the address columns store it: a blank line 2 is null, the postal code in its
 * country's form. The signup's billing save and the account's billing page store it alike.
 */
export function storedAddress(address: AddressInput) {
  return {
    line1: address.line1,
    line2: address.line2 === '' ? null : address.line2,
    city: address.city,
    region: address.region,
    postalCode: normalisePostalCode(address.postalCode, address.country),
    country: address.country,
  };
}

/** An address as the address columns hold it (db/schema/columns.ts). */
export type StoredAddress = {
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
};

/** The address columns of a row that has them (a signup's billing, a user's address). */
export function addressOf(row: StoredAddress): StoredAddress {
  return {
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    region: row.region,
    postalCode: row.postalCode,
    country: row.country,
  };
}
