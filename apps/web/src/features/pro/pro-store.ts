import type { ProfessionalUser, ProStepOneInput, ProStepTwoInput } from '@coparent/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '@/lib/storage';
import {
  INITIAL_PRO_MACHINE,
  type ProEvent,
  type ProMachineState,
  type ProStepNumber,
  proTransition,
} from './pro-machine';

/** What the person has typed on each step so far (any field may still be missing). */
export type ProStepOneDraft = Partial<Record<keyof ProStepOneInput, string>>;
export type ProStepTwoDraft = Partial<Omit<Record<keyof ProStepTwoInput, string>, 'roles'>> & {
  roles?: string[];
};
export type ProStepThreeDraft = {
  securityQuestion?: string;
  securityAnswer?: string;
  securityCode?: string;
  securityCodeConfirm?: string;
};

type ProData = ProMachineState & {
  stepOne?: ProStepOneDraft;
  stepTwo?: ProStepTwoDraft;
  stepThree?: ProStepThreeDraft;
  /** When the person started the form (ISO 8601): the validator's `x-activity-start` header. */
  startedAt?: string;
  /** The created professional, for the success page. */
  user?: ProfessionalUser;
  /**
   * A reload dropped a security answer or code the person had typed (they are never stored):
   * step 3 asks for them again and says why.
   */
  hasForgottenSecrets: boolean;
};

type ProActions = {
  send: (event: ProEvent) => void;
  /** Starts the activity clock once (at `at`, when the page says so); later calls keep the first time. */
  start: (at?: string) => void;
  setStepOne: (values: ProStepOneDraft) => void;
  setStepTwo: (values: ProStepTwoDraft) => void;
  setStepThree: (values: ProStepThreeDraft) => void;
  /** The registration is done: keep the created user, forget what was typed. */
  succeed: (user: ProfessionalUser) => void;
  reset: () => void;
};

export type ProState = ProData & ProActions;

/** What sessionStorage holds: never the security answer or code (see `partialize`). */
type PersistedProData = Omit<ProData, 'stepThree' | 'hasForgottenSecrets'> & {
  stepThree?: Pick<ProStepThreeDraft, 'securityQuestion'>;
  hadSecrets?: boolean;
};

const initialData: ProData = { ...INITIAL_PRO_MACHINE, hasForgottenSecrets: false };

function machine({ phase, accepted }: ProMachineState): ProMachineState {
  return { phase, accepted };
}

/** Editing a step's values withdraws the server's acceptance of that step. */
function edited(state: ProState, step: ProStepNumber): ProMachineState {
  return proTransition(machine(state), { type: 'EDITED', step });
}

function hasSecrets(values: ProStepThreeDraft | undefined): boolean {
  return Boolean(values?.securityAnswer || values?.securityCode || values?.securityCodeConfirm);
}

/** The /pro registration's state, kept in sessionStorage so a reload keeps what was typed. */
export const useProStore = create<ProState>()(
  persist(
    (set) => ({
      ...initialData,
      send: (event) => set((state) => proTransition(machine(state), event)),
      start: (at) =>
        set((state) => (state.startedAt ? {} : { startedAt: at ?? new Date().toISOString() })),
      setStepOne: (stepOne) => set((state) => ({ stepOne, ...edited(state, 1) })),
      setStepTwo: (stepTwo) => set((state) => ({ stepTwo, ...edited(state, 2) })),
      setStepThree: (stepThree) => set((state) => ({ stepThree, ...edited(state, 3) })),
      succeed: (user) =>
        set((state) => ({
          ...proTransition(machine(state), { type: 'SUCCEEDED' }),
          user,
          stepOne: undefined,
          stepTwo: undefined,
          stepThree: undefined,
          hasForgottenSecrets: false,
        })),
      reset: () =>
        set({
          ...initialData,
          stepOne: undefined,
          stepTwo: undefined,
          stepThree: undefined,
          startedAt: undefined,
          user: undefined,
        }),
    }),
    {
      name: STORAGE_KEYS.proRegistration,
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      // The security answer and code are secrets: they are never written to storage, so after a
      // reload step 3 asks for them again (and says so). Only the question is kept.
      partialize: ({
        phase,
        accepted,
        stepOne,
        stepTwo,
        stepThree,
        startedAt,
        user,
        hasForgottenSecrets,
      }): PersistedProData => ({
        phase,
        accepted,
        stepOne,
        stepTwo,
        stepThree:
          stepThree?.securityQuestion !== undefined
            ? { securityQuestion: stepThree.securityQuestion }
            : undefined,
        hadSecrets: hasForgottenSecrets || hasSecrets(stepThree),
        startedAt,
        user,
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<PersistedProData>;
        const { hadSecrets, ...data } = saved;
        return {
          ...current,
          ...data,
          // A reload during the submit cannot know its outcome, and the code is gone anyway:
          // back to step 3, where Complete sends it again.
          phase: saved.phase === 'SUBMIT' ? 'THREE' : (saved.phase ?? current.phase),
          hasForgottenSecrets: Boolean(hadSecrets),
        };
      },
    },
  ),
);
