import { ACCOUNT_HOME_PATH, supportPhoneFor } from '@coparent/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AlertBanner } from '../../components/alert-banner';
import { PageHeading } from '../../components/page-heading';
import { Spinner } from '../../components/spinner';
import { SupportPhoneSentence } from '../../components/support-phone-sentence';
import { useCheckoutStore } from '../../features/checkout/checkout-store';
import type { CredentialsLocationState } from '../../features/checkout/hooks/use-pay';
import { CredentialsForm } from '../../features/credentials/components/credentials-form';
import { CredentialsSuccess } from '../../features/credentials/components/credentials-success';
import { useSubmitCredentials } from '../../features/credentials/hooks/use-submit-credentials';
import { fullPage } from '../../lib/full-page';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LOGIN_URL } from '../layout/site-header';
import styles from './routes.module.css';

function readState(state: unknown): CredentialsLocationState | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { credentialsToken, userId } = state as Record<string, unknown>;
  return typeof credentialsToken === 'string' && credentialsToken && typeof userId === 'string'
    ? { credentialsToken, userId }
    : undefined;
}

/**
 * /credentials (spec 001 §2): needs the credentials token from the payment (navigation state,
 * or the tab's session store after a reload); without one, the account home by a full page load.
 * Once set: "You're all set!" and /receipt after five seconds.
 */
export function CredentialsRoute() {
  const location = useLocation();
  // Read once: setting the credentials forgets the stored token, the success stays on screen.
  const [access] = useState(() => {
    const stored = useCheckoutStore.getState();
    const fromNavigation = readState(location.state);
    const token = fromNavigation?.credentialsToken ?? stored.credentials?.token;
    const userId = fromNavigation?.userId ?? stored.credentials?.userId;
    return {
      token,
      userId,
      email: stored.result?.registration.parent.email ?? stored.result?.receipt.email ?? '',
      country: stored.billing?.country,
      hasSetCredentials: stored.hasSetCredentials,
    };
  });

  const hasNoToken = !access.token && !access.hasSetCredentials;
  useEffect(() => {
    if (hasNoToken) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [hasNoToken]);

  if (access.hasSetCredentials && !access.token) return <Navigate to="/receipt" replace />;
  if (!access.token) return <Spinner />;
  return <CredentialsScreen token={access.token} email={access.email} country={access.country} />;
}

function CredentialsScreen({
  token,
  email,
  country,
}: {
  token: string;
  email: string;
  country: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isDone, setIsDone] = useState(false);
  const { submit, isSubmitting, problem } = useSubmitCredentials({
    token,
    onDone: () => {
      useCheckoutStore.getState().markCredentialsSet();
      setIsDone(true);
    },
  });
  useDocumentTitle(
    isDone ? t('credentials.success.title') : t('credentials.title'),
    problem !== null,
  );
  const phone = supportPhoneFor(country);

  if (isDone) return <CredentialsSuccess to="/receipt" onRedirect={() => navigate('/receipt')} />;
  return (
    <div className={styles.content}>
      <PageHeading>{t('credentials.title')}</PageHeading>
      <p>
        {email
          ? t('credentials.orderConfirmed', { email })
          : t('credentials.orderConfirmedNoEmail')}
      </p>
      <p className={styles.intro}>{t('credentials.intro')}</p>
      {problem === 'tokenInvalid' ? (
        <AlertBanner tone="error" autoHideMs={null}>
          <p>{t('credentials_tokenInvalid_error', { ns: 'validation' })}</p>
          <p>
            <a href={LOGIN_URL}>{t('common.login')}</a>
          </p>
        </AlertBanner>
      ) : null}
      {problem === 'failed' ? (
        <AlertBanner tone="error" autoHideMs={null}>
          <p>{t('credentials_error', { ns: 'validation' })}</p>
          <p>
            <SupportPhoneSentence phone={phone} />
          </p>
        </AlertBanner>
      ) : null}
      <CredentialsForm
        token={token}
        email={email}
        supportPhone={phone.display}
        onSubmit={submit}
        isSubmitting={isSubmitting}
      />
    </div>
  );
}
