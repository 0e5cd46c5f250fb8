import type { SetCredentialsRequest } from '@coparent/domain';
import { useState } from 'react';
import { useLogin } from '@/api/login';
import { useSetCredentials } from '@/api/set-credentials';
import type { CredentialsSubmitResult } from '@/components/credentials/credentials-form';
import { identify, track } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';
import { storeAuth } from '@/stores/auth-storage';

type CredentialsProblem = 'tokenInvalid' | 'failed';

/**
 * Complete Signup: set the username and password with the credentials token, then the login post
 * (its session cookie; auth and user id kept for the tab). A login that fails after the
 * credentials were set does not undo anything: the person is told they are all set and can log
 * in from the account page.
 */
export function useSubmitCredentials({
  token,
  onDone,
}: {
  /** None on a page whose form posts itself to the server (which holds the token). */
  token: string | undefined;
  onDone: (userId: string) => void;
}) {
  const setCredentials = useSetCredentials();
  const login = useLogin();
  const [problem, setProblem] = useState<CredentialsProblem | null>(null);

  const submit = async (values: SetCredentialsRequest): Promise<CredentialsSubmitResult> => {
    if (!token) return undefined;
    setProblem(null);
    let userId: string;
    try {
      const answer = await setCredentials.mutateAsync({ token, body: values });
      userId = answer.userId;
    } catch (error) {
      track('Credentials Errored', {
        status: isApiError(error) ? error.status : 0,
        code: isApiError(error) ? error.code : 'UNKNOWN',
      });
      if (isApiError(error) && error.fieldErrors.length > 0)
        return { fieldErrors: error.fieldErrors };
      setProblem(
        isApiError(error) && error.code === 'CREDENTIALS_TOKEN_INVALID' ? 'tokenInvalid' : 'failed',
      );
      return undefined;
    }
    // From here on the visitor's events carry their user id (Parent A: the funnel report's type).
    identify(userId, { accountType: 'Parent A' });
    track('Credentials Created', { userId });
    try {
      const session = await login.mutateAsync({
        username: values.username,
        password: values.password,
      });
      storeAuth(session.userId);
      track('Signed In', { userId: session.userId, source: 'signup' });
    } catch (error) {
      track('Sign In Failed', { status: isApiError(error) ? error.status : 0, source: 'signup' });
    }
    onDone(userId);
    return undefined;
  };

  return {
    submit,
    isSubmitting: setCredentials.isPending || login.isPending,
    problem,
  };
}
