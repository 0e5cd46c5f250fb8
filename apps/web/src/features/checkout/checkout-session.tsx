import type { PhoneCodeId } from '@coparent/domain';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * What the payment page needs from the join funnel, handed in by the route (features never import
 * each other): the signup, Parent A's saved details, the codes accepted so far, and the ways out
 * of the page that change the funnel.
 */
export type CheckoutSession = {
  signupId: string;
  registrationKey: string;
  parent: {
    firstName: string;
    lastName: string;
    email: string;
    phoneCountryCode?: PhoneCodeId;
    phoneNumber?: string;
  };
  /** The country the visitor's pricing group was decided by (the default billing country). */
  defaultCountry?: string;
  /** Subscription (activation) codes accepted on /step3 or here. */
  paymentCodes: readonly string[];
  parentDuplicateConfirmed: boolean;
  coParentDuplicateConfirmed: boolean;
  onPaymentCodesChange: (codes: string[]) => void;
  /** The server no longer knows the signup (expired, 403, 404): start again at /step1. */
  onSignupGone: () => void;
  /** The parent has an account: /duplicate with their name and email. */
  onDuplicateParent: () => void;
  /** The country mismatch was confirmed: forget the package and choose again on /step3. */
  onChoosePackageAgain: () => void;
  /** The price could not be calculated: back to /step3 (spec 001 §4). */
  onPricingFailed: () => void;
  /** The billing was saved with this country (step 3 prices for it from now on). */
  onBillingCountrySaved: (country: string) => void;
};

const CheckoutSessionContext = createContext<CheckoutSession | null>(null);

export function CheckoutSessionProvider({
  value,
  children,
}: {
  value: CheckoutSession;
  children: ReactNode;
}) {
  return (
    <CheckoutSessionContext.Provider value={value}>{children}</CheckoutSessionContext.Provider>
  );
}

export function useCheckoutSession(): CheckoutSession {
  const session = useContext(CheckoutSessionContext);
  if (!session) throw new Error('useCheckoutSession needs a CheckoutSessionProvider');
  return session;
}
