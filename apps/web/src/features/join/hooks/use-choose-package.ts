import {
  type BuildYourOwnValues,
  lastCompletedStepAfterPackage,
  type Package,
  type PricingResponse,
  type SignupState,
} from '@coparent/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';
import { readSignupKey, useFunnelStore } from '@/stores/funnel-store';
import { seedSignupRead } from '../api/get-signup';
import { type UpdateSignupInput, useUpdateSignup } from '../api/update-signup';
import { endsSignup, useStartAgain } from './use-start-again';
import type { DuplicateLocationState } from './use-submit-step-one';

/** How a choice ended: saved (and navigated), failed (a generic problem), or handled elsewhere. */
type ChoosePackageOutcome = 'saved' | 'failed' | 'handled';

/** Where the package choice was made, for analytics. */
type ChoiceSource = 'card' | 'pricingPage';

function emptyBuildYourOwn(subscription: BuildYourOwnValues['subscription']): BuildYourOwnValues {
  return { subscription, myfiles: false, tonemeter: false, unlimitedPayments: false, calls: false };
}

/** What a PACKAGE save answered for the payment page: the signup after the save, and its price. */
export type PackageSaveAnswer = { signup: SignupState; pricing: PricingResponse };

/**
 * Shared by /step3 and /alacarte: saves the PACKAGE section and keeps its answer as the signup's
 * read, so /payment opens without reading it again (one round trip fewer); `onPriced` gets the
 * answer's price (the route hands it to the checkout's cache).
 */
export function useSavePackage({ onPriced }: { onPriced?: (answer: PackageSaveAnswer) => void }) {
  const queryClient = useQueryClient();
  const updateSignup = useUpdateSignup();
  const save = async (input: UpdateSignupInput) => {
    const { answer } = await updateSignup.mutateAsync(input);
    // The save's extras only spare the next screen a call: an answer without them (or one not
    // understood) still saved, and the next screen asks for what it needs.
    const { UpdateSignupResponseSchema } = await import('@/lib/signup-schemas');
    const parsed = UpdateSignupResponseSchema.safeParse(answer);
    const { signup, pricing } = parsed.success ? parsed.data : {};
    if (!signup) return;
    seedSignupRead(queryClient, signup);
    if (pricing) onPriced?.({ signup, pricing });
  };
  return { save, isSaving: updateSignup.isPending };
}

/**
 * Shared by /step3 and /alacarte: the answers that end the visit to the package step. A confirmed
 * duplicate Parent A choosing outside P0 goes to /duplicate; a signup the server no longer knows
 * (or saved out of order) starts again at /step1, keeping what was typed.
 */
export function usePackageSaveErrors() {
  const navigate = useNavigate();
  const restart = useStartAgain();
  /** True when the error was handled by navigating away. */
  const handle = (error: unknown): boolean => {
    if (isApiError(error) && error.code === 'DUPLICATE_PARENT') {
      const { stepOneValues } = useFunnelStore.getState();
      const state: DuplicateLocationState = {
        ...(stepOneValues?.firstName ? { name: stepOneValues.firstName } : {}),
        ...(stepOneValues?.email ? { email: stepOneValues.email } : {}),
      };
      navigate('/duplicate', { state });
      return true;
    }
    if (endsSignup(error)) {
      restart();
      return true;
    }
    return false;
  };
  return { handle, restart };
}

/**
 * /step3's choice: save the PACKAGE section, then go to /payment, or to /alacarte for a
 * build-your-own package (lastCompletedStep 3, or 2 while the build-your-own values are pending).
 */
export function useChoosePackage(options: { onPriced?: (answer: PackageSaveAnswer) => void } = {}) {
  const navigate = useNavigate();
  const { save } = useSavePackage(options);
  const errors = usePackageSaveErrors();
  const [choosingId, setChoosingId] = useState<number>();
  const [hasProblem, setHasProblem] = useState(false);

  const choose = async (pkg: Package, source: ChoiceSource): Promise<ChoosePackageOutcome> => {
    setHasProblem(false);
    const signupKey = readSignupKey();
    if (!signupKey) {
      errors.restart();
      return 'handled';
    }
    setChoosingId(pkg.id);
    try {
      await save({
        ...signupKey,
        body: { sections: ['PACKAGE'], order: { packageId: pkg.id } },
      });
    } catch (error) {
      setChoosingId(undefined);
      if (errors.handle(error)) return 'handled';
      setHasProblem(true);
      return 'failed';
    }
    const store = useFunnelStore.getState();
    store.setPackageChoice({
      packageId: pkg.id,
      lastCompletedStep: lastCompletedStepAfterPackage(store.lastCompletedStep, {
        complete: !pkg.buildYourOwn,
      }),
    });
    if (pkg.buildYourOwn) {
      store.setBuildYourOwnValues({
        ...(store.buildYourOwnValues ?? emptyBuildYourOwn(pkg.subscription)),
        subscription: pkg.subscription,
      });
    }
    track('Package Selected', {
      packageId: pkg.id,
      analyticsPackage: pkg.analyticsPackage,
      source,
    });
    navigate(pkg.buildYourOwn ? '/alacarte' : '/payment');
    return 'saved';
  };

  return { choose, choosingId, hasProblem, restart: errors.restart };
}
