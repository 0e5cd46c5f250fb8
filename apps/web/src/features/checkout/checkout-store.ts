import type { PaymentResponse, PaymentType, PaymentView } from '@coparent/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS, storeData } from '@/lib/storage';
import type { BillingAddressValues, BillingDraft } from './billing-values';
import type { CheckoutPaymentBody } from './checkout-session';

export { inviteFlowId, signupFlowId } from './flow-id';

/** The billing address as saved by the Billing view (what Review shows and pricing reads). */
export type SavedBillingValues = BillingAddressValues;

/** The terms and marketing consent given on Review, and whether the terms must be agreed. */
export type Consent = { isRequired: boolean; termsAndConditions: boolean; marketingOptIn: boolean };

/** The card behind a card nonce, for Review (never the number itself). */
export type CardSummary = { cardType: string; lastFour: string };

/** A payment attempt not yet resolved: a reload or a second click replays it with its key. */
export type PendingAttempt = { flowId: string; key: string; body: CheckoutPaymentBody };

/** The payment answer without its single-use credentials token (kept apart, below). */
type StoredPaymentResult = Omit<PaymentResponse, 'clickToJoinToken'>;

type CheckoutData = {
  /** The flow this state belongs to (`signupFlowId`, `inviteFlowId`): another starts afresh. */
  flowId?: string;
  view: PaymentView;
  /** 1 after Billing, 2 after Payment. */
  lastCompletedPaymentStep: number;
  billingDraft?: BillingDraft;
  billing?: SavedBillingValues;
  consent: Consent;
  method: PaymentType;
  /** One nonce per method; choosing a method clears the others'. */
  nonces: Partial<Record<PaymentType, string>>;
  card?: CardSummary;
  /** Braintree's device data for a GB card payment (the payment request's `deviceData`). */
  deviceData?: string;
  /** The Venmo account behind a Venmo nonce, shown on Review. */
  venmoUsername?: string;
  isPayingForCoparent: boolean;
  /** Promo codes applied on the payment page (cleared on entry). */
  promoCodesEntered: string[];
  /** Subscription codes applied here by a flow that keeps none of its own (the invited flow). */
  paymentCodes: string[];
  pendingAttempt?: PendingAttempt;
  result?: StoredPaymentResult;
  /** The credentials token and the new user's id, for /credentials (reload-safe in the tab). */
  credentials?: { token: string; userId: string };
  /** The username and password were set: /credentials now leads to /receipt. */
  hasSetCredentials: boolean;
};

type CheckoutActions = {
  /**
   * Entering the payment page of a flow: another flow's state is dropped. Unless the page was only
   * reloaded, the view starts at Billing with promo codes cleared.
   */
  enter: (flowId: string, { isReload }: { isReload: boolean }) => void;
  setView: (view: PaymentView) => void;
  completePaymentStep: (step: number) => void;
  setBillingDraft: (draft: BillingDraft) => void;
  /** A saved billing: the consent requirement follows (marketing defaults to true when not). */
  setBilling: (billing: SavedBillingValues, consentRequired: boolean) => void;
  setConsent: (consent: Partial<Omit<Consent, 'isRequired'>>) => void;
  /**
   * Card: clears every nonce. A wallet: stores its nonce (if any, with Venmo's username) and
   * clears the others.
   */
  chooseMethod: (method: PaymentType, nonce?: string, venmoUsername?: string) => void;
  setCardNonce: (nonce: string, card: CardSummary, deviceData?: string) => void;
  clearNonce: (method: PaymentType) => void;
  setPayingForCoparent: (value: boolean) => void;
  setPromoCodes: (codes: string[]) => void;
  setPaymentCodes: (codes: string[]) => void;
  setPendingAttempt: (attempt: PendingAttempt | undefined) => void;
  setResult: (
    result: StoredPaymentResult,
    credentials: { token: string; userId: string } | undefined,
  ) => void;
  markCredentialsSet: () => void;
  reset: () => void;
};

type CheckoutState = CheckoutData & CheckoutActions;

const initialData: CheckoutData = {
  view: 'BILLING',
  lastCompletedPaymentStep: 0,
  consent: { isRequired: false, termsAndConditions: false, marketingOptIn: true },
  method: 'CREDIT_CARD',
  nonces: {},
  isPayingForCoparent: false,
  promoCodesEntered: [],
  paymentCodes: [],
  hasSetCredentials: false,
};

const clearedFlowData = {
  ...initialData,
  billingDraft: undefined,
  billing: undefined,
  card: undefined,
  deviceData: undefined,
  venmoUsername: undefined,
  pendingAttempt: undefined,
  result: undefined,
  credentials: undefined,
};

/** The payment page's state, kept in sessionStorage so a reload keeps it (this tab only). */
export const useCheckoutStore = create<CheckoutState>()(
  persist(
    (set) => ({
      ...initialData,
      enter: (flowId, { isReload }) =>
        set((state) => {
          if (state.flowId !== flowId) return { ...clearedFlowData, flowId };
          return isReload ? {} : { view: 'BILLING', promoCodesEntered: [] };
        }),
      setView: (view) => set({ view }),
      completePaymentStep: (step) =>
        set((state) => ({
          lastCompletedPaymentStep: Math.max(state.lastCompletedPaymentStep, step),
        })),
      setBillingDraft: (billingDraft) => set({ billingDraft }),
      setBilling: (billing, consentRequired) =>
        set((state) => ({
          billing,
          consent:
            state.consent.isRequired === consentRequired
              ? state.consent
              : {
                  isRequired: consentRequired,
                  termsAndConditions: false,
                  // Marketing opt-in defaults to true when consent is not required.
                  marketingOptIn: !consentRequired,
                },
        })),
      setConsent: (consent) => set((state) => ({ consent: { ...state.consent, ...consent } })),
      chooseMethod: (method, nonce, venmoUsername) =>
        set((state) => {
          const cleared = { card: undefined, deviceData: undefined, venmoUsername: undefined };
          if (method === 'CREDIT_CARD') return { method, nonces: {}, ...cleared };
          const isSame = state.method === method && !nonce;
          const kept = nonce ?? (isSame ? state.nonces[method] : undefined);
          return {
            method,
            nonces: kept ? { [method]: kept } : {},
            ...cleared,
            venmoUsername: isSame ? state.venmoUsername : venmoUsername,
          };
        }),
      setCardNonce: (nonce, card, deviceData) =>
        set({
          method: 'CREDIT_CARD',
          nonces: { CREDIT_CARD: nonce },
          card,
          deviceData,
          venmoUsername: undefined,
        }),
      clearNonce: (method) =>
        set((state) => {
          const { [method]: _removed, ...rest } = state.nonces;
          return {
            nonces: rest,
            ...(method === 'CREDIT_CARD' ? { card: undefined, deviceData: undefined } : {}),
            ...(method === 'VENMO' ? { venmoUsername: undefined } : {}),
          };
        }),
      setPayingForCoparent: (isPayingForCoparent) => set({ isPayingForCoparent }),
      setPromoCodes: (promoCodesEntered) => set({ promoCodesEntered }),
      setPaymentCodes: (paymentCodes) => set({ paymentCodes }),
      setPendingAttempt: (pendingAttempt) => set({ pendingAttempt }),
      setResult: (result, credentials) =>
        set({ result, credentials, pendingAttempt: undefined, hasSetCredentials: false }),
      markCredentialsSet: () => set({ hasSetCredentials: true, credentials: undefined }),
      reset: () => set({ ...clearedFlowData, flowId: undefined }),
    }),
    {
      name: STORAGE_KEYS.checkout,
      // State saved before `flowId` has none, so entering any flow starts it afresh.
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state): CheckoutData => storeData(state),
    },
  ),
);

/** Is the method's credential there (a nonce from the card form, PayPal, Venmo or Apple Pay)? */
export function hasNonce(state: Pick<CheckoutData, 'method' | 'nonces'>): boolean {
  return Boolean(state.nonces[state.method]);
}
