import {
  cleanName,
  isConsentRequired,
  type Locale,
  sameEmail,
  translateMessage,
  type UpdateBillingSectionRequest,
  type ValidationError,
} from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import { storedAddress } from '../../db/stored-address.js';
import { FieldValidationError } from '../../errors.js';
import { assertPostalCodeOfRegion } from '../../http/postal-region.js';
import { saveSignupBilling, updateSignup } from './repo.js';
import type { SaveClock } from './save-context.js';

/** The billing save of the payment page: the address, the time zone and the referral. */
export function createBillingSave({ now, expiresFrom }: SaveClock) {
  /**
   * The payment page's billing save (sections PARENT + ADDRESS [+ REFERRAL]). Names and email
   * are read-only: when sent they must be the saved ones. The phone may be corrected. Answers
   * whether consent is required (not US).
   */
  async function saveBilling(
    tx: Executor,
    row: SignupRow,
    input: UpdateBillingSectionRequest,
    locale: Locale,
  ): Promise<{ validationErrors: ValidationError[]; consentRequired: boolean }> {
    const { parent, address } = input;
    const readOnly: ValidationError[] = [];
    const text = translateMessage('billing_readOnly_error', locale);
    if (parent.firstName !== undefined && cleanName(parent.firstName) !== row.parentFirstName) {
      readOnly.push({ field: 'parent.firstName', text, type: 'ERROR' });
    }
    if (parent.lastName !== undefined && cleanName(parent.lastName) !== row.parentLastName) {
      readOnly.push({ field: 'parent.lastName', text, type: 'ERROR' });
    }
    if (parent.email !== undefined && !sameEmail(parent.email, row.parentEmail)) {
      readOnly.push({ field: 'parent.email', text, type: 'ERROR' });
    }
    if (readOnly.length > 0) throw new FieldValidationError(readOnly);
    assertPostalCodeOfRegion(address, locale);

    const instant = now();
    await saveSignupBilling(
      tx,
      row.id,
      {
        ...storedAddress(address),
        timeZone: parent.timeZone,
        referral: input.referral
          ? {
              selection: input.referral.selection,
              other: input.referral.other === '' ? null : (input.referral.other ?? null),
            }
          : undefined,
      },
      instant,
    );
    const phone =
      parent.phoneCountryCode !== undefined && parent.phoneNumber !== undefined
        ? { parentPhoneCountryCode: parent.phoneCountryCode, parentPhoneNumber: parent.phoneNumber }
        : {};
    await updateSignup(tx, row.id, {
      ...phone,
      ...(input.parentDuplicateConfirmed === true ? { parentDuplicateConfirmed: true } : {}),
      ...(input.segmentAnonymousId ? { segmentAnonymousId: input.segmentAnonymousId } : {}),
      locale,
      updatedAt: instant,
      expiresAt: expiresFrom(instant),
    });
    return { validationErrors: [], consentRequired: isConsentRequired(address.country) };
  }

  return { saveBilling };
}
