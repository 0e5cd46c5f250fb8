import type {
  BillingFormValues,
  CountryCheckRequest,
  PaymentRequestInput,
  PaymentResponse,
  PhoneCodeId,
  PricingRequestInput,
  PricingResponse,
  ValidationError,
} from '@coparent/domain';
import { createContext, type ReactNode, useContext } from 'react';

/** The billing save's answer, or null when the server answered nothing. */
export type SaveBillingAnswer = {
  validationErrors: ValidationError[];
  consentRequired?: boolean;
} | null;

/** The payment body every flow sends; each flow's `pay` adds its own fields. */
export type CheckoutPaymentBody = Omit<
  PaymentRequestInput,
  'parentDuplicateConfirmed' | 'coParentDuplicateConfirmed'
>;

/**
 * The server calls of one flow: Parent A's are bound
 * to the signup and its registration key, the invited co-parent's to the invite token and user id.
 * The views and hooks only ever call these.
 */
export type CheckoutCalls = {
  saveBilling: (values: BillingFormValues) => Promise<SaveBillingAnswer>;
  /** 200 when the package fits the country; 409 COUNTRY_MISMATCH when it does not. */
  checkCountry: (body: CountryCheckRequest) => Promise<unknown>;
  price: (body: PricingRequestInput) => Promise<PricingResponse>;
  /** One Idempotency-Key per attempt: the same key replays it and never charges twice. */
  pay: (attempt: { idempotencyKey: string; body: CheckoutPaymentBody }) => Promise<PaymentResponse>;
  /** Does this status mean the flow is over (the signup forgotten, the invite expired)? */
  isGone: (status: number) => boolean;
};

/**
 * What the payment page needs from the flow it serves, handed in by the route (features never
 * import each other): the flow's calls and options, the parent's saved details, the codes
 * accepted so far, and the ways out of the page.
 */
export type CheckoutSession = {
  /** Keys this flow's checkout state (`signup:<id>`, `invite:<userId>`): no leaks between flows. */
  flowId: string;
  calls: CheckoutCalls;
  /** The invited co-parent (Parent B): analytics and the spec's invited variants. */
  isInvited: boolean;
  /** Only non-invited users see the referral select. */
  showReferral: boolean;
  /** The pay-for-co-parent option is hidden for invited users. */
  canPayForCoParent: boolean;
  parent: {
    firstName: string;
    lastName: string;
    email: string;
    phoneCountryCode?: PhoneCodeId;
    phoneNumber?: string;
  };
  /** The country the visitor's pricing group was decided by (the default billing country). */
  defaultCountry?: string;
  /** Subscription (activation) codes accepted so far. */
  paymentCodes: readonly string[];
  onPaymentCodesChange: (codes: string[]) => void;
  /** The flow is over on the server (`calls.isGone`): start again where the flow says. */
  onSessionGone: () => void;
  /** The parent has an account (Parent A only): /duplicate with their name and email. */
  onDuplicateParent?: () => void;
  /** The country mismatch was confirmed (the billing is saved): choose the package again. */
  onChoosePackageAgain: () => void;
  /** The price could not be calculated: back to the packages. */
  onPricingFailed: () => void;
  /** The billing was saved with this country. */
  onBillingCountrySaved?: (country: string) => void;
  /** A subscription already current skips the payment. */
  isSubscriptionCurrent?: boolean;
  /** Paid already (ALREADY_PAID, or a current subscription): on to what is left. */
  onAlreadyPaid?: () => void;
  /** The payment succeeded: keep the result and go on (credentials). */
  onPaid: (answer: PaymentResponse) => void;
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
