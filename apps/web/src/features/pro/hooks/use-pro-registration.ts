import { type ProValidatorStep, proStepOfField, type ValidationError } from '@coparent/domain';
import { useCallback, useState } from 'react';
import { identify, track } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';
import { useCreateProfessional } from '../api/create-professional';
import { useValidateProStep } from '../api/validate-pro-step';
import { type ProStepNumber, stepOfPhase } from '../pro-machine';
import { useProStore } from '../pro-store';
import { buildCreateRequest, type ProStepThreeInput } from '../pro-values';

/** What a step form gets back from its submit: the server's field errors, if any. */
export type ProSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

/** Server field errors waiting for a step form to show them (a create answer about step 1 or 2). */
type PendingErrors = { step: ProStepNumber; errors: ValidationError[] };

function fieldNames(errors: readonly ValidationError[]): string[] {
  return errors.map((error) => error.field);
}

/**
 * The /pro flow: each Continue asks the server to check the step (409 → the texts go back to the
 * form; another failure → the generic banner; 200 → the next step); Complete (or Try again) checks
 * step 3 and creates the professional (201 → SUCCESS; field errors → the step they belong to;
 * anything else → ERROR).
 */
export function useProRegistration() {
  const send = useProStore((s) => s.send);
  const isSubmitting = useProStore((s) => s.phase === 'SUBMIT');
  const validate = useValidateProStep();
  const create = useCreateProfessional();
  const [hasProblem, setHasProblem] = useState(false);
  const [pendingErrors, setPendingErrors] = useState<PendingErrors | null>(null);

  const activityStart = () => {
    const { startedAt, start } = useProStore.getState();
    if (startedAt) return startedAt;
    start();
    return useProStore.getState().startedAt ?? new Date().toISOString();
  };

  const check = (step: ProValidatorStep, values: Record<string, unknown>) =>
    validate.mutateAsync({ step, values, activityStart: activityStart() });

  /** Continue on step 1 or 2, with the values the domain schema accepted in the browser. */
  const continueStep = async (
    step: 1 | 2,
    values: Record<string, unknown>,
  ): Promise<ProSubmitResult> => {
    setHasProblem(false);
    setPendingErrors(null);
    try {
      await check(step, values);
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.fieldErrors.length > 0) {
        track('Pro Step Rejected', { step, fields: fieldNames(error.fieldErrors) });
        return { fieldErrors: error.fieldErrors };
      }
      setHasProblem(true);
      return undefined;
    }
    track('Pro Step Completed', { step });
    send({ type: 'ACCEPTED', step });
    return undefined;
  };

  const reject = (errors: ValidationError[]): ProSubmitResult => {
    const step = errors.map((e) => proStepOfField(e.field)).find((s) => s !== undefined) ?? 3;
    send({ type: 'REJECTED', step });
    if (step === 3) return { fieldErrors: errors };
    setPendingErrors({ step, errors: errors.filter((e) => proStepOfField(e.field) === step) });
    return undefined;
  };

  /** Complete on step 3, or Try again on the error banner. */
  const complete = async (values: ProStepThreeInput): Promise<ProSubmitResult> => {
    setHasProblem(false);
    setPendingErrors(null);
    const isRetry = useProStore.getState().phase === 'ERROR';
    send({ type: 'SUBMIT' });
    if (isRetry) track('Pro Registration Retried');

    try {
      await check(3, values);
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.fieldErrors.length > 0) {
        track('Pro Step Rejected', { step: 3, fields: fieldNames(error.fieldErrors) });
        return reject(error.fieldErrors);
      }
      track('Pro Registration Failed', {
        stage: 'validate',
        status: isApiError(error) ? error.status : 0,
      });
      send({ type: 'FAILED' });
      return undefined;
    }
    send({ type: 'ACCEPTED', step: 3 });
    track('Pro Step Completed', { step: 3 });

    const { stepOne, stepTwo } = useProStore.getState();
    const built = buildCreateRequest(stepOne, stepTwo, values);
    if (!built.ok) {
      send({ type: 'REJECTED', step: built.step });
      return undefined;
    }
    try {
      const { user } = await create.mutateAsync(built.request);
      useProStore.getState().succeed(user);
      identify(user.userId, { kind: 'PROFESSIONAL' });
      track('Pro Registration Completed', {
        country: user.country.id,
        roles: user.roles.map((role) => role.id),
      });
      return undefined;
    } catch (error) {
      if (
        isApiError(error) &&
        (error.status === 409 || error.status === 422) &&
        error.fieldErrors.length > 0
      ) {
        track('Pro Registration Failed', {
          stage: 'create',
          status: error.status,
          fields: fieldNames(error.fieldErrors),
        });
        return reject(error.fieldErrors);
      }
      track('Pro Registration Failed', {
        stage: 'create',
        status: isApiError(error) ? error.status : 0,
        code: isApiError(error) ? error.code : 'UNKNOWN',
      });
      send({ type: 'FAILED' });
      return undefined;
    }
  };

  const back = useCallback(() => {
    const { phase } = useProStore.getState();
    const from = stepOfPhase(phase);
    setHasProblem(false);
    setPendingErrors(null);
    send({ type: 'BACK' });
    const to = stepOfPhase(useProStore.getState().phase);
    if (to !== from)
      track('Back Clicked', { from: '/pro', to: '/pro', fromStep: from, toStep: to });
  }, [send]);

  const goTo = useCallback(
    (step: ProStepNumber) => {
      setHasProblem(false);
      setPendingErrors(null);
      send({ type: 'GO_TO', step });
    },
    [send],
  );

  return {
    continueStep,
    complete,
    back,
    goTo,
    hasProblem,
    dismissProblem: () => setHasProblem(false),
    pendingErrors,
    isChecking: validate.isPending,
    isSubmitting,
  };
}
