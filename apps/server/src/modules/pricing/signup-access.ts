import type { SignupRow } from '../../db/schema.js';

/**
 * A signup as pricing reads it: the phone decides the market, the rest the experiment arm of a
 * build-your-own order.
 */
export type PricedSignup = Pick<
  SignupRow,
  'id' | 'parentPhoneCountryCode' | 'parentPhoneNumber' | 'segmentAnonymousId' | 'parentEmail'
> & {
  /** The saved billing address's country: the arm's country before the phone's. */
  billingCountry?: string | undefined;
};

/** What pricing reads of a signup's saved order. */
export type SavedOrder = {
  packageId: number | null;
  complete: boolean;
  /** The build-your-own arm the order's values were chosen in. */
  freeOptionsTreatment: boolean;
  referrerKey: string | null;
};

/**
 * The access check of the calls on a signup (its registration key), answered by the signup
 * module: pricing declares what it needs and never imports the signup module, which uses pricing.
 */
export type SignupAccess = {
  authorize(
    signupId: string,
    registrationKey: string | undefined,
  ): Promise<{ row: PricedSignup; order: SavedOrder | undefined }>;
};
