import {
  ACCOUNT_HOME_PATH,
  INVITE_PATHS,
  type InviteCredentialsValues,
  inviteCredentialsUpdateRequest,
  isInviteAuthFailure,
  type ValidationError,
} from '@coparent/domain';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { setCredentials } from '@/api/set-credentials';
import { track } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';
import { fullPage } from '@/lib/full-page';
import { clearInviteCredentialsToken } from '@/stores/invite-payment-result';
import {
  agreeToTerms,
  requestCredentialsToken,
  setMarketingOptIn,
  updateInvitedUser,
} from '../api/invited-credentials-calls';

type InviteCredentialsProblem = 'terms' | 'failed';
export type InviteCredentialsSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

type Options = {
  token: string;
  userId: string;
  /** The tab's credentials token; without one, a new one is asked first. */
  credentialsToken: string | undefined;
  /** The person has not agreed to the terms yet: the terms call comes first. */
  needsTerms: boolean;
  onDone: () => void;
};

/**
 * Complete Signup of the invited co-parent, in order: the
 * terms (when not yet agreed; a failure is 'cannot set agreed to terms'), the marketing opt-in
 * (when ticked), the referral and security sections, then the username and password with the
 * credentials token. An expired or replaced invite (403, 112) goes to /invite/request. Steps that
 * succeeded are not repeated when the person tries again after a failure.
 */
export function useSubmitInviteCredentials({
  token,
  userId,
  credentialsToken,
  needsTerms,
  onDone,
}: Options) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<InviteCredentialsProblem | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const done = useRef({ terms: false, marketing: false });
  const replacedToken = useRef<string | undefined>(undefined);
  const call = { token, userId };

  const fail = (error: unknown, kind: InviteCredentialsProblem): InviteCredentialsSubmitResult => {
    track('Credentials Errored', {
      status: isApiError(error) ? error.status : 0,
      code: isApiError(error) ? error.code : 'UNKNOWN',
      accountType: 'Parent B',
    });
    if (isApiError(error) && isInviteAuthFailure(error.status)) {
      navigate(INVITE_PATHS.request, { replace: true });
      return undefined;
    }
    if (isApiError(error) && error.code === 'CREDENTIALS_ALREADY_SET') {
      fullPage.assign(ACCOUNT_HOME_PATH);
      return undefined;
    }
    if (isApiError(error) && error.fieldErrors.length > 0)
      return { fieldErrors: error.fieldErrors };
    setProblem(kind);
    return undefined;
  };

  /**
   * POST /v2/credentials with the tab's credentials token (a new one when it has none); a used or
   * expired one is replaced once.
   */
  const saveCredentials = async (values: InviteCredentialsValues) => {
    const body = values.credentials;
    const mint = async () => {
      replacedToken.current = (await requestCredentialsToken(call)).clickToJoinToken;
      return replacedToken.current;
    };
    try {
      const first = replacedToken.current ?? credentialsToken ?? (await mint());
      await setCredentials({ token: first, body });
    } catch (error) {
      if (!isApiError(error) || error.code !== 'CREDENTIALS_TOKEN_INVALID') throw error;
      await setCredentials({ token: await mint(), body });
    }
  };

  const submit = async (
    values: InviteCredentialsValues,
  ): Promise<InviteCredentialsSubmitResult> => {
    setProblem(null);
    setIsSubmitting(true);
    try {
      if (needsTerms && !done.current.terms) {
        try {
          await agreeToTerms(call);
          done.current.terms = true;
        } catch (error) {
          return fail(error, 'terms');
        }
      }
      try {
        if (values.consent.marketingOptIn && !done.current.marketing) {
          await setMarketingOptIn({ ...call, optIn: true });
          done.current.marketing = true;
        }
        const saved = await updateInvitedUser({
          ...call,
          body: inviteCredentialsUpdateRequest(values),
        });
        if (saved.validationErrors.length > 0) return { fieldErrors: saved.validationErrors };
        await saveCredentials(values);
      } catch (error) {
        return fail(error, 'failed');
      }
      clearInviteCredentialsToken();
      track('Credentials Created', { userId, accountType: 'Parent B' });
      onDone();
      return undefined;
    } finally {
      setIsSubmitting(false);
    }
  };

  return { submit, isSubmitting, problem };
}
