import {
  hasBlockingErrors,
  isDuplicateParentError,
  isSignupResetStatus,
  type StepOneForm,
  stepOneToCreateRequest,
  type ValidationError,
} from '@coparent/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '@/lib/analytics';
import { getAnonymousId } from '@/lib/anonymous-id';
import { isApiError } from '@/lib/api-client';
import { readSignupKey, useFunnelStore } from '@/stores/funnel-store';
import { useCreateSignup } from '../api/create-signup';
import { useUpdateSignup } from '../api/update-signup';
import type { StepOneSubmitResult } from '../components/step-one-form';

export type DuplicateLocationState = { name?: string; email?: string };

/**
 * Step 1's submit: create the signup (or update its PARENT section when one exists), then go on to
 * /step2. A duplicate-parent answer goes to /duplicate; other field errors go back to the form.
 */
export function useSubmitStepOne() {
  const navigate = useNavigate();
  const createSignup = useCreateSignup();
  const updateSignup = useUpdateSignup();
  const [hasProblem, setHasProblem] = useState(false);

  const goToDuplicate = (values: StepOneForm) => {
    const state: DuplicateLocationState = { name: values.firstName, email: values.email };
    navigate('/duplicate', { state });
  };

  const handleFieldErrors = (
    values: StepOneForm,
    errors: ValidationError[],
  ): StepOneSubmitResult => {
    if (errors.some(isDuplicateParentError)) {
      goToDuplicate(values);
      return undefined;
    }
    return { fieldErrors: errors };
  };

  const submit = async (values: StepOneForm): Promise<StepOneSubmitResult> => {
    setHasProblem(false);
    const signupKey = readSignupKey();
    const request = stepOneToCreateRequest(values, { parentDuplicateConfirmed: false });
    try {
      if (signupKey) {
        const { validationErrors } = await updateSignup.mutateAsync({
          ...signupKey,
          body: request,
        });
        if (hasBlockingErrors(validationErrors)) return handleFieldErrors(values, validationErrors);
      } else {
        const created = await createSignup.mutateAsync({
          ...request,
          segmentAnonymousId: getAnonymousId(),
        });
        useFunnelStore.getState().setSignup(created);
      }
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        return handleFieldErrors(values, error.fieldErrors);
      }
      if (isApiError(error) && isSignupResetStatus(error.status)) {
        useFunnelStore.getState().endSignup();
        return undefined;
      }
      setHasProblem(true);
      return undefined;
    }
    useFunnelStore.getState().completeStep(1);
    track('Join Step Completed', { step: 1 });
    navigate('/step2');
    return undefined;
  };

  return {
    submit,
    isSubmitting: createSignup.isPending || updateSignup.isPending,
    hasProblem,
  };
}
