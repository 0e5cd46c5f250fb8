import { type Locale, translateMessage } from '@coparent/domain';
import { postalCodeRegionIssue } from '@coparent/domain/postal-region';
import { FieldValidationError } from '../errors.js';

/**
 * 422 at `field` when a billing address's postal code belongs to another state or province (a
 * New York address with 90210): taxes follow the state, so it must be the postal code's. The
 * checkout's billing, the invited parent's and the account's billing page check alike.
 */
export function assertPostalCodeOfRegion(
  address: { country: string; region: string; postalCode: string },
  locale: Locale,
  field = 'address.postalCode',
): void {
  const issue = postalCodeRegionIssue(address);
  if (!issue) return;
  throw new FieldValidationError([{ field, text: translateMessage(issue, locale), type: 'ERROR' }]);
}
