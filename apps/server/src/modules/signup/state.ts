import {
  BUILD_YOUR_OWN_OPTION_CODES,
  buildYourOwnValuesFrom,
  isConsentRequired,
  isPhoneCodeId,
  type SignupState,
  SubscriptionTermSchema,
} from '@coparent/domain';
import type { SignupRow } from '../../db/schema.js';
import { addressOf } from '../../db/stored-address.js';
import type { SignupBilling, SignupChild, SignupOrder } from './repo.js';

/** The order part of the signup state: the complete order, its BYO values, or the pending BYO. */
function orderState(
  order: SignupOrder | undefined,
): Pick<SignupState, 'order' | 'buildYourOwn' | 'pendingBuildYourOwnPackageId'> {
  if (!order || order.packageId === null) {
    return { order: null, buildYourOwn: null, pendingBuildYourOwnPackageId: null };
  }
  if (!order.complete) {
    return { order: null, buildYourOwn: null, pendingBuildYourOwnPackageId: order.packageId };
  }
  const productId = SubscriptionTermSchema.safeParse(order.productId).data ?? null;
  const services = BUILD_YOUR_OWN_OPTION_CODES.filter((code) => order.services.includes(code));
  return {
    order: { packageId: order.packageId, productId, services },
    buildYourOwn:
      order.buildYourOwn && productId ? buildYourOwnValuesFrom(productId, services) : null,
    pendingBuildYourOwnPackageId: null,
  };
}

/** The billing part of the signup state. */
function billingState(billing: SignupBilling | undefined): SignupState['billing'] {
  if (!billing) return null;
  return {
    address: addressOf(billing),
    timeZone: billing.timeZone,
    referral: billing.referralSelection
      ? { selection: billing.referralSelection, other: billing.referralOther }
      : null,
    consentRequired: isConsentRequired(billing.country),
  };
}

export function toSignupState(
  row: SignupRow,
  children: SignupChild[],
  order?: SignupOrder | undefined,
  billing?: SignupBilling | undefined,
): SignupState {
  const phoneCode = (value: string | null) => (isPhoneCodeId(value) ? value : null);
  const hasCoParent = row.coParentFirstName !== null && row.coParentLastName !== null;
  return {
    signupId: row.id,
    lastCompletedStep: row.lastCompletedStep,
    parent: {
      firstName: row.parentFirstName,
      lastName: row.parentLastName,
      email: row.parentEmail,
      phoneCountryCode: phoneCode(row.parentPhoneCountryCode),
      phoneNumber: row.parentPhoneNumber,
    },
    knowsCoParentEmail: row.knowsCoParentEmail,
    coParent: hasCoParent
      ? {
          firstName: row.coParentFirstName ?? '',
          lastName: row.coParentLastName ?? '',
          email: row.coParentEmail,
          phoneCountryCode: phoneCode(row.coParentPhoneCountryCode),
          phoneNumber: row.coParentPhoneNumber,
          alsoText: row.coParentAlsoText,
        }
      : null,
    children: children.map((child) => ({ ...child })),
    expiresAt: row.expiresAt.toISOString(),
    ...orderState(order),
    billing: billingState(billing),
    paid: row.completedAt !== null,
  };
}
