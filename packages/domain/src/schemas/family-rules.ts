import { DEFAULT_PHONE_CODE } from '../constants/limits.js';
import type { PhoneCodeId } from '../constants/phone-codes.js';
import type { MessageKey } from '../messages/en.js';
import type { ChildForm, FamilyForm } from './family.js';

export type FamilyFormContext = {
  /** Parent A's email (from step 1). */
  parentEmail: string;
  /** Parent A's phone (from step 1), to refuse the same number for the co-parent. */
  parentPhone?: { countryCode: PhoneCodeId; phoneNumber: string } | undefined;
  /** Step 1's answer: does Parent A know the co-parent's email? */
  knowsCoParentEmail: boolean;
  /**
   * Why a number to be texted cannot be (`textablePhoneIssue`), on the server only: the check
   * needs libphonenumber's full metadata, too large for the web's bundle. The page shows the
   * server's message by the field.
   */
  textablePhone?: (phone: {
    countryCode: PhoneCodeId;
    phoneNumber: string;
  }) => MessageKey | undefined;
};

/**
 * Whether the co-parent is sent the invitation by text: they have a phone, and either no email
 * (the phone is the only way to reach them) or Parent A ticked "also text them".
 */
export function isTextedCoParent(coParent: {
  email?: string | null;
  phoneNumber?: string | null;
  alsoText?: boolean | null;
}): boolean {
  if (!coParent.phoneNumber) return false;
  return !coParent.email || coParent.alsoText === true;
}

/** An empty child entry (what Add Child appends). */
export function emptyChild(): ChildForm {
  return { firstName: '', lastName: '', email: '' };
}

/** Initial family form values. */
export function emptyFamilyForm(countryCode: PhoneCodeId = DEFAULT_PHONE_CODE): FamilyForm {
  return {
    coParent: { firstName: '', lastName: '', email: '', countryCode, phoneNumber: '' },
    children: [emptyChild()],
  };
}
