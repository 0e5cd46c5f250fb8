import { type Credentials, supportPhoneFor } from '@coparent/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSetCredentials } from '@/api/set-credentials';
import { AlertBanner } from '@/components/alert-banner';
import type { CredentialsSubmitResult } from '@/components/credentials/credentials-form';
import { CredentialsForm } from '@/components/credentials/credentials-form';
import { TitledPage } from '@/components/titled-page';
import page from '@/features/account/components/account-page.module.css';
import { isApiError } from '@/lib/api-client';
import { useActivationToken } from './activation-token';

type Problem = 'tokenInvalid' | 'failed';

/**
 * /app/account/activate?token=…: the professional's welcome-email link. They choose a username
 * and password with the single-use credentials token (the existing credentials calls), then log
 * in from the login page.
 */
export function ActivatePage() {
  const { t } = useTranslation();
  const token = useActivationToken();
  const setCredentials = useSetCredentials();
  const [isDone, setIsDone] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const supportPhone = supportPhoneFor(undefined).display;
  const title = isDone ? t('activate.doneTitle') : t('activate.title');

  const submit = async (values: Credentials): Promise<CredentialsSubmitResult> => {
    if (!token) return undefined;
    setProblem(null);
    try {
      await setCredentials.mutateAsync({ token, body: values });
      setIsDone(true);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        return { fieldErrors: error.fieldErrors };
      }
      setProblem(
        isApiError(error) && error.code === 'CREDENTIALS_TOKEN_INVALID' ? 'tokenInvalid' : 'failed',
      );
    }
    return undefined;
  };

  const loginLink = (
    <p>
      <Link to="/login">{t('activate.login')}</Link>
    </p>
  );

  if (isDone) {
    return (
      <TitledPage title={title} className={page.content}>
        <p role="status">{t('activate.doneText')}</p>
        {loginLink}
      </TitledPage>
    );
  }
  return (
    <TitledPage title={title} className={page.content}>
      {!token || problem === 'tokenInvalid' ? (
        <>
          <p role="alert">{token ? t('activate.tokenInvalid') : t('activate.noToken')}</p>
          {loginLink}
        </>
      ) : (
        <>
          <p className={page.intro}>{t('activate.intro')}</p>
          {problem === 'failed' ? (
            <AlertBanner tone="error" onClose={() => setProblem(null)}>
              <p>{t('activate.failed')}</p>
            </AlertBanner>
          ) : null}
          <CredentialsForm
            token={token}
            email=""
            supportPhone={supportPhone}
            onSubmit={submit}
            isSubmitting={setCredentials.isPending}
          />
        </>
      )}
    </TitledPage>
  );
}
