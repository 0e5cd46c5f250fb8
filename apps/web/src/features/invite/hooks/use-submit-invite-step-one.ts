import { hasBlockingErrors, INVITE_PATHS, type InviteStepOneForm } from '@coparent/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '@/lib/analytics';
import { getAnonymousId } from '@/lib/anonymous-id';
import { isApiError } from '@/lib/api-client';
import { useUpdateInvitedUser } from '../api/update-invited-user';
import type { InviteStepOneSubmitResult } from '../components/invite-step-one-form';
import { clearInviteDrafts, clearStepOneDraft } from '../invite-drafts';
import { inviteNextPath, isInviteAuthError, isInviteUserMismatch } from '../invite-errors';
import { useRecordInviteProgress } from './use-record-invite-progress';

/** Navigation state of /invite/step1 after the spec's "403 resets state". */
export type InviteStepOneLocationState = { wasReset?: boolean };

/**
 * The invite step 1 save (PATCH section PARENT), then the answered `nextPath`: /invite/packages,
 * or /invite/billing-info for a paid subscription without a billing address. Field errors go back
 * to the form; an expired or invalid invite (403, 112, 'auth.fail.message') goes to
 * /invite/request; a stale user id (403 INVITE_USER_MISMATCH) resets the flow and reloads step 1.
 */
export function useSubmitInviteStepOne({ token, userId }: { token: string; userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const update = useUpdateInvitedUser();
  const recordProgress = useRecordInviteProgress();
  const [hasProblem, setHasProblem] = useState(false);

  const submit = async (values: InviteStepOneForm): Promise<InviteStepOneSubmitResult> => {
    setHasProblem(false);
    try {
      const answer = await update.mutateAsync({
        token,
        userId,
        body: {
          sections: ['PARENT'],
          parent: {
            userId,
            firstName: values.firstName,
            lastName: values.lastName,
            email: values.email,
            phoneCountryCode: values.countryCode,
            phoneNumber: values.phoneNumber,
          },
          segmentAnonymousId: getAnonymousId(),
        },
      });
      if (hasBlockingErrors(answer.validationErrors)) {
        return { fieldErrors: answer.validationErrors };
      }
      clearStepOneDraft();
      recordProgress(answer);
      track('Invite Step Completed', { step: 1 });
      navigate(inviteNextPath(answer.nextPath, INVITE_PATHS.packages));
      return undefined;
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        return { fieldErrors: error.fieldErrors };
      }
      if (isInviteUserMismatch(error)) {
        clearInviteDrafts();
        const state: InviteStepOneLocationState = { wasReset: true };
        navigate(INVITE_PATHS.step1, { replace: true, state });
        await queryClient.resetQueries({ queryKey: ['invite'] });
        return undefined;
      }
      if (isInviteAuthError(error)) {
        navigate(INVITE_PATHS.request, { replace: true });
        return undefined;
      }
      setHasProblem(true);
      return undefined;
    }
  };

  return { submit, isSubmitting: update.isPending, hasProblem };
}
