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
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import { isLoggedInHere } from '@/stores/auth-storage';
import { useFunnelStore } from '@/stores/funnel-store';
import { JOIN_BASENAME } from '../join-path';
import { LOGIN_URL } from '../layout/site-header';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

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
 * /credentials. The server writes it for the browser that paid (the payment's token in its
 * HttpOnly cookie, never in the page), with a script or without: its form posts itself to the
 * server until the app has the page, and then goes on as the tab's when this tab paid
 * (`WrittenCredentials`). Otherwise the app decides from the tab (`TabCredentials`).
 */
export function CredentialsRoute() {
  const serverSignup = useServerSignup();
  // Read once: the page stays the server's form after the app has taken it over.
  const [written] = useState(() => (serverSignup?.paid ? serverSignup : undefined));
  const isHydrated = useHydrated();
  if (written) return <WrittenCredentials signup={written} />;
  // The server writes this page only with the paid signup; the tab's page is the browser's.
  if (!isHydrated) return <Spinner />;
  return <TabCredentials />;
}

/**
 * The token this tab kept from paying for the signup the page was written with (the navigation
 * state, or the tab's store after a reload); none when the tab paid for another signup or for
 * none (a new tab, a payment posted as a form): the page's form then keeps posting itself.
 */
function tabTokenFor(signupId: string, locationState: unknown): string | undefined {
  if (useFunnelStore.getState().signupId !== signupId) return undefined;
  return (
    readState(locationState)?.credentialsToken ?? useCheckoutStore.getState().credentials?.token
  );
}

/**
 * The page the server wrote with the paid signup: the order's email, the form posting to the
 * server (which holds the token) and the problems of the post it answers. Once the app has the
 * page, a tab that paid for this signup uses its own token, as `TabCredentials` does (the
 * username checked on leaving the field, "You're all set!", then /receipt); the same elements
 * stay on the page, with what was typed in them.
 */
function WrittenCredentials({ signup }: { signup: SignupState }) {
  const location = useLocation();
  const isHydrated = useHydrated();
  const [tabToken, setTabToken] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (isHydrated) setTabToken(tabTokenFor(signup.signupId, location.state));
  }, [isHydrated, signup.signupId, location.state]);
  return (
    <CredentialsScreen
      token={tabToken}
      via="tab"
      email={signup.parent.email ?? ''}
      country={signup.billing?.address.country}
      postsTo={`${JOIN_BASENAME}${CREDENTIALS_PATH}`}
    />
  );
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
  postsTo,
}: {
  /** None on a written page whose tab did not pay: its form posts itself (`postsTo`). */
  token: string | undefined;
  via: Via;
  email: string;
  country: string | undefined;
  /** Where the form posts itself (a page the server wrote: the token is in the cookie). */
  postsTo?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isDone, setIsDone] = useState(false);
  const answered = useAnsweredPost(postsTo !== undefined);
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
    problem !== null || answered !== undefined,
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
      {(problem === 'tokenInvalid' && via === 'tab') || answered?.isTokenRefused ? (
        <TokenRefused />
      ) : null}
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
        action={postsTo}
        submission={answered?.submission}
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
 * The post a written page answers (a form sent without the app): its problems beside the fields
 * and in the summary, a refused token as the banner. Read once, as the page was written.
 */
function useAnsweredPost(isWritten: boolean) {
  const submission = useFormSubmission(CREDENTIALS_PATH);
  const [answered] = useState(() =>
    isWritten && submission
      ? {
          isTokenRefused: submission.errors.some((e) => e.field === CREDENTIALS_TOKEN_FIELD),
          submission: {
            ...submission,
            errors: submission.errors.filter((e) => e.field !== CREDENTIALS_TOKEN_FIELD),
          },
        }
      : undefined,
  );
  return answered;
}
