import {
  type FamilyForm,
  familyFormToRequest,
  hasBlockingErrors,
  isDuplicateCoParentWarning,
} from '@coparent/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';
import { readSignupKey, useFunnelStore } from '@/stores/funnel-store';
import { useUpdateSignup } from '../api/update-signup';
import type { StepTwoSubmitResult } from '../components/step-two-form';
import { endsSignup, useStartAgain } from './use-start-again';

/** A co-parent duplicate warning, and the family it was given for ("Continue" saves it). */
export type FamilyWarning = { text: string; values: FamilyForm };

/**
 * Step 2's submit: save the FAMILY section, then go on to /step3. A co-parent duplicate warning
 * (which does not block) is shown first; "Continue" confirms it and goes on. 422 errors go back to
 * the form; an out-of-order, expired or unknown signup starts again at /step1.
 */
export function useSubmitFamily(
  /** A warning the server already gave (the page answers a post made without a script). */
  firstWarning?: FamilyWarning,
) {
  const navigate = useNavigate();
  const updateSignup = useUpdateSignup();
  const [warning, setWarning] = useState<FamilyWarning | null>(firstWarning ?? null);
  const [hasProblem, setHasProblem] = useState(false);

  const startAgain = useStartAgain();

  const save = async (values: FamilyForm, isConfirmed: boolean): Promise<StepTwoSubmitResult> => {
    setHasProblem(false);
    const signupKey = readSignupKey();
    if (!signupKey) {
      startAgain();
      return undefined;
    }
    try {
      const { validationErrors } = await updateSignup.mutateAsync({
        ...signupKey,
        body: familyFormToRequest(values, { coParentDuplicateConfirmed: isConfirmed }),
      });
      if (hasBlockingErrors(validationErrors)) return { fieldErrors: validationErrors };
      const duplicate = validationErrors.find(isDuplicateCoParentWarning);
      if (duplicate && !isConfirmed) {
        setWarning({ text: duplicate.text, values });
        return undefined;
      }
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.fieldErrors.length > 0) {
        return { fieldErrors: error.fieldErrors };
      }
      if (endsSignup(error)) {
        startAgain();
        return undefined;
      }
      setHasProblem(true);
      return undefined;
    }
    const store = useFunnelStore.getState();
    store.setCoParentDuplicateConfirmed(isConfirmed);
    store.setParentBEmail(values.coParent.email || undefined);
    store.completeStep(2);
    track('Join Step Completed', { step: 2 });
    navigate('/step3');
    return undefined;
  };

  return {
    submit: (values: FamilyForm) => {
      setWarning(null);
      return save(values, false);
    },
    /** "Continue" on the duplicate warning: record the confirmation and go on. */
    confirmDuplicate: async () => {
      if (warning) await save(warning.values, true);
    },
    warning: warning?.text ?? null,
    isSubmitting: updateSignup.isPending,
    hasProblem,
  };
}
