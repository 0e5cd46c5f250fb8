import {
  ACCOUNT_HOME_PATH,
  CREDENTIALS_TOKEN_FIELD,
  type SignupState,
  supportPhoneFor,
} from '@coparent/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { CredentialsFailed } from '@/components/credentials/credentials-failed';
import { CredentialsForm } from '@/components/credentials/credentials-form';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { SupportPhoneSentence } from '@/components/support-phone-sentence';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import type { CredentialsLocationState } from '@/features/checkout/hooks/use-pay';
import { CredentialsSuccess } from '@/features/credentials/components/credentials-success';
import { EmailedLinkNotice } from '@/features/credentials/components/emailed-link-notice';
import {
  forgetEmailedLinkToken,
  useEmailedLinkToken,
} from '@/features/credentials/hooks/use-emailed-link-token';
import { useSubmitCredentials } from '@/features/credentials/hooks/use-submit-credentials';
import { useFormSubmission } from '@/lib/form-submission';
import { fullPage } from '@/lib/full-page';
import { useServerSignup } from '@/lib/server-signup';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { isLoggedInHere } from '@/stores/auth-storage';
import { JOIN_BASENAME } from '../join-path';
import { LOGIN_URL } from '../layout/site-header';
import styles from './routes.module.css';

function readState(state: unknown): CredentialsLocationState | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { credentialsToken, userId } = state as Record<string, unknown>;
  return typeof credentialsToken === 'string' && credentialsToken && typeof userId === 'string'
    ? { credentialsToken, userId }
    : undefined;
}

/** Whose token the form uses: the tab that paid, or the receipt email's link (any browser). */
type Via = 'tab' | 'emailedLink';

/** The page, and where its form posts when the server wrote it. */
const CREDENTIALS_PATH = '/credentials';

/**
 * /credentials. The server writes it for a payment posted as a form (its token in the browser's
 * HttpOnly cookie, never in the page): the form posts itself to the server, with the app or
 * without. Otherwise the app decides from the tab (`TabCredentials`).
 */
export function CredentialsRoute() {
  const serverSignup = useServerSignup();
  // Read once: the page stays the server's form after the app has taken it over.
  const [written] = useState(() => (serverSignup?.paid ? serverSignup : undefined));
  const isHydrated = useHydrated();
  if (written) return <PostedCredentialsScreen signup={written} />;
  // The server writes this page only with the paid signup; the tab's page is the browser's.
  if (!isHydrated) return <Spinner />;
  return <TabCredentials />;
}

/**
 * The credentials token from the payment (navigation state, or the
 * tab's session store after a reload), or the receipt email's link (`?token=`, in any browser).
 * Without either: a person already logged in goes to the account home; anyone else is told where
 * the emailed link is. Once set: "You're all set!", then /receipt (the tab that paid) or the
 * account home (the emailed link) after five seconds.
 */
function TabCredentials() {
  const location = useLocation();
  const linkToken = useEmailedLinkToken();
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

  const [isLoggedIn] = useState(isLoggedInHere);

  const goesHome = !linkToken && !access.token && !access.hasSetCredentials && isLoggedIn;
  useEffect(() => {
    if (goesHome) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [goesHome]);

  if (linkToken) {
    return (
      <CredentialsScreen token={linkToken} via="emailedLink" email="" country={access.country} />
    );
  }
  if (access.hasSetCredentials && !access.token) return <Navigate to="/receipt" replace />;
  if (access.token) {
    return (
      <CredentialsScreen
        token={access.token}
        via="tab"
        email={access.email}
        country={access.country}
      />
    );
  }
  if (goesHome) return <Spinner />;
  return <EmailedLinkNotice country={access.country} />;
}

function CredentialsScreen({
  token,
  via,
  email,
  country,
}: {
  token: string;
  via: Via;
  email: string;
  country: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isDone, setIsDone] = useState(false);
  const { submit, isSubmitting, problem } = useSubmitCredentials({
    token,
    onDone: () => {
      if (via === 'emailedLink') forgetEmailedLinkToken();
      else useCheckoutStore.getState().markCredentialsSet();
      setIsDone(true);
    },
  });
  useDocumentTitle(
    isDone ? t('credentials.success.title') : t('credentials.title'),
    problem !== null,
  );
  const phone = supportPhoneFor(country);

  if (isDone && via === 'emailedLink') {
    return (
      <CredentialsSuccess
        to={ACCOUNT_HOME_PATH}
        destination="account"
        onRedirect={() => fullPage.assign(ACCOUNT_HOME_PATH)}
      />
    );
  }
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
      {problem === 'tokenInvalid' && via === 'emailedLink' ? (
        <AlertBanner tone="error" action={<a href={LOGIN_URL}>{t('common.login')}</a>}>
          <p>{t('credentials.linkInvalid')}</p>
          <p>
            <SupportPhoneSentence phone={phone} />
          </p>
        </AlertBanner>
      ) : null}
      {problem === 'tokenInvalid' && via === 'tab' ? <TokenRefused /> : null}
      {problem === 'failed' ? (
        <CredentialsFailed phone={phone}>
          {via === 'tab' ? <p>{t('credentials.emailedLink.also')}</p> : null}
        </CredentialsFailed>
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

/** The payment's token was used, has expired or is unknown: log in, or use the emailed link. */
function TokenRefused() {
  const { t } = useTranslation();
  return (
    <AlertBanner tone="error" action={<a href={LOGIN_URL}>{t('common.login')}</a>}>
      <p>{t('credentials_tokenInvalid_error', { ns: 'validation' })}</p>
      <p>{t('credentials.emailedLink.also')}</p>
    </AlertBanner>
  );
}

/**
 * The form of a payment posted as a form, as the server wrote it: the order's email from the paid
 * signup, the form posting to the server (which holds the token), and the problems of the post
 * it answers (beside the fields, in the summary, or the refused token's banner).
 */
function PostedCredentialsScreen({ signup }: { signup: SignupState }) {
  const { t } = useTranslation();
  const submission = useFormSubmission(CREDENTIALS_PATH);
  const [answered] = useState(() =>
    submission
      ? {
          isTokenRefused: submission.errors.some((e) => e.field === CREDENTIALS_TOKEN_FIELD),
          submission: {
            ...submission,
            errors: submission.errors.filter((e) => e.field !== CREDENTIALS_TOKEN_FIELD),
          },
        }
      : undefined,
  );
  const email = signup.parent.email ?? '';
  const phone = supportPhoneFor(signup.billing?.address.country);
  useDocumentTitle(t('credentials.title'), answered !== undefined);
  return (
    <div className={styles.content}>
      <PageHeading>{t('credentials.title')}</PageHeading>
      <p>
        {email
          ? t('credentials.orderConfirmed', { email })
          : t('credentials.orderConfirmedNoEmail')}
      </p>
      <p className={styles.intro}>{t('credentials.intro')}</p>
      {answered?.isTokenRefused ? <TokenRefused /> : null}
      <CredentialsForm
        token={undefined}
        email={email}
        supportPhone={phone.display}
        onSubmit={async () => undefined}
        isSubmitting={false}
        action={`${JOIN_BASENAME}${CREDENTIALS_PATH}`}
        submission={answered?.submission}
      />
    </div>
  );
}
