import {
  type BuildYourOwnValues,
  type FamilyFormInput,
  type PhoneCodeId,
  type SignupState,
  stepOneFieldsOfSignup,
} from '@coparent/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS, storeData } from '@/lib/storage';

/**
 * The signup this tab fills in. Its registration key is known to the page only from the create's
 * answer until the page is left: it is never stored, and the server's HttpOnly cookie carries it
 * on every call after a reload (without the header, the cookie's key is used).
 */
export type SignupKey = { signupId: string; registrationKey?: string };

/** What the person has typed on step 1 so far (any field may still be missing). */
export type StepOneDraft = {
  firstName?: string;
  lastName?: string;
  email?: string;
  countryCode?: PhoneCodeId;
  phoneNumber?: string;
  knowsCoParentEmail?: boolean;
};

/** What the person has typed on step 2 so far. */
export type StepTwoDraft = {
  coParent?: Partial<FamilyFormInput['coParent']>;
  children?: (Partial<FamilyFormInput['children'][number]> | undefined)[];
};

type FunnelData = {
  signupId?: string;
  registrationKey?: string;
  expiresAt?: string;
  lastCompletedStep: number;
  stepOneValues?: StepOneDraft;
  stepTwoValues?: StepTwoDraft;
  parentBEmail?: string;
  coParentDuplicateConfirmed: boolean;
  /** Parent A confirmed being a duplicate: only P0 packages may be chosen. */
  parentDuplicateConfirmed: boolean;
  /** The package chosen on /step3 (for build-your-own, the one whose values are pending). */
  packageId?: number;
  /** What the person has picked on /alacarte so far. */
  buildYourOwnValues?: BuildYourOwnValues;
  /** Subscription (activation) codes accepted on /step3 or on /payment. */
  paymentCodes: string[];
  /** The billing country saved on /payment: /step3 offers that country's packages from then on. */
  billingCountry?: string;
  /** Set when the server forgot the signup; /step1 says so until a new signup is made. */
  hasSessionEnded: boolean;
};

type FunnelActions = {
  setSignup: (signup: SignupKey) => void;
  /** Takes on a signup the tab had no copy of (saved by a form post before the app ran). */
  adoptSignup: (signup: SignupState) => void;
  /** Applies what the server says about the signup (progress never goes backwards here). */
  syncFromServer: (state: {
    signupId: string;
    lastCompletedStep: number;
    expiresAt: string;
  }) => void;
  completeStep: (step: number) => void;
  setStepOneValues: (values: StepOneDraft) => void;
  setStepTwoValues: (values: StepTwoDraft) => void;
  setParentBEmail: (email: string | undefined) => void;
  setCoParentDuplicateConfirmed: (confirmed: boolean) => void;
  /**
   * Records a saved package choice with the progress the server gave it: 3 after a package or
   * build-your-own values, 2 while build-your-own values are pending (so this may go back).
   */
  setPackageChoice: (choice: { packageId: number; lastCompletedStep: number }) => void;
  setBuildYourOwnValues: (values: BuildYourOwnValues | undefined) => void;
  setPaymentCodes: (codes: string[]) => void;
  setBillingCountry: (country: string | undefined) => void;
  /** The package does not fit the billing country: choose again on /step3. */
  clearPackageChoice: () => void;
  /** The server no longer knows this signup (expired, 403, 404): forget it, keep what was typed. */
  endSignup: () => void;
  dismissSessionEnded: () => void;
  /** Forget everything, typed values included. */
  reset: () => void;
};

type FunnelState = FunnelData & FunnelActions;

const initialData: FunnelData = {
  lastCompletedStep: 0,
  coParentDuplicateConfirmed: false,
  parentDuplicateConfirmed: false,
  paymentCodes: [],
  hasSessionEnded: false,
};

/** The join funnel's state, kept in sessionStorage so a reload or a back click keeps it. */
export const useFunnelStore = create<FunnelState>()(
  persist(
    (set) => ({
      ...initialData,
      setSignup: ({ signupId, registrationKey }) =>
        set({ signupId, registrationKey, hasSessionEnded: false }),
      adoptSignup: (signup) =>
        set((state) => ({
          signupId: signup.signupId,
          registrationKey: undefined,
          lastCompletedStep: signup.lastCompletedStep,
          expiresAt: signup.expiresAt,
          hasSessionEnded: false,
          // Back on step 1, the form shows what was sent.
          stepOneValues: state.stepOneValues ?? (stepOneFieldsOfSignup(signup) as StepOneDraft),
        })),
      syncFromServer: ({ signupId, lastCompletedStep, expiresAt }) =>
        set((state) =>
          state.signupId === signupId
            ? { expiresAt, lastCompletedStep: Math.max(state.lastCompletedStep, lastCompletedStep) }
            : {},
        ),
      completeStep: (step) =>
        set((state) => ({ lastCompletedStep: Math.max(state.lastCompletedStep, step) })),
      setStepOneValues: (stepOneValues) => set({ stepOneValues }),
      setStepTwoValues: (stepTwoValues) => set({ stepTwoValues }),
      setParentBEmail: (parentBEmail) => set({ parentBEmail }),
      setCoParentDuplicateConfirmed: (coParentDuplicateConfirmed) =>
        set({ coParentDuplicateConfirmed }),
      setPackageChoice: ({ packageId, lastCompletedStep }) => set({ packageId, lastCompletedStep }),
      setBuildYourOwnValues: (buildYourOwnValues) => set({ buildYourOwnValues }),
      setPaymentCodes: (paymentCodes) => set({ paymentCodes }),
      setBillingCountry: (billingCountry) => set({ billingCountry }),
      clearPackageChoice: () =>
        set((state) => ({
          packageId: undefined,
          lastCompletedStep: Math.min(state.lastCompletedStep, 2),
        })),
      endSignup: () =>
        set({
          signupId: undefined,
          registrationKey: undefined,
          expiresAt: undefined,
          lastCompletedStep: 0,
          coParentDuplicateConfirmed: false,
          parentDuplicateConfirmed: false,
          packageId: undefined,
          paymentCodes: [],
          billingCountry: undefined,
          hasSessionEnded: true,
        }),
      dismissSessionEnded: () => set({ hasSessionEnded: false }),
      reset: () =>
        set({
          ...initialData,
          signupId: undefined,
          registrationKey: undefined,
          expiresAt: undefined,
          stepOneValues: undefined,
          stepTwoValues: undefined,
          parentBEmail: undefined,
          packageId: undefined,
          buildYourOwnValues: undefined,
          billingCountry: undefined,
        }),
    }),
    {
      name: STORAGE_KEYS.joinFunnel,
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      // The registration key stays out of storage, where any script on the page could read it.
      partialize: (state): FunnelData => {
        const { registrationKey: _inTheCookie, ...data } = storeData(state);
        return data;
      },
    },
  ),
);

export function isSignupExpired(expiresAt: string | undefined, now: number = Date.now()): boolean {
  if (!expiresAt) return false;
  const time = Date.parse(expiresAt);
  return Number.isFinite(time) && time <= now;
}

let lastSignupKey: SignupKey | null = null;

/** The signup key of a state: the same object while the key is the same (a stable hook value). */
function signupKeyOf({ signupId, registrationKey }: FunnelData): SignupKey | null {
  if (!signupId) return null;
  if (lastSignupKey?.signupId !== signupId || lastSignupKey.registrationKey !== registrationKey) {
    lastSignupKey = { signupId, registrationKey };
  }
  return lastSignupKey;
}

/** This tab's signup key, or null before step 1 is saved and once the signup has ended. */
export const readSignupKey = (): SignupKey | null => signupKeyOf(useFunnelStore.getState());

/** This tab's signup key for a screen (renders again when it changes). */
export const useSignupKey = (): SignupKey | null => useFunnelStore(signupKeyOf);
