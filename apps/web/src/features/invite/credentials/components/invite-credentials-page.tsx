import {
  ACCOUNT_HOME_PATH,
  INVITE_PATHS,
  type InvitedContext,
  inviteCredentialsRedirect,
  isInviteAuthFailure,
  mayGetInviteCredentials,
  supportPhoneFor,
} from '@coparent/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import credentialsStyles from '@/components/credentials/credentials.module.css';
import { CredentialsFailed } from '@/components/credentials/credentials-failed';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { TryAgainButton } from '@/components/try-again-button';
import { isApiError } from '@/lib/api-client';
import { fullPage } from '@/lib/full-page';
import { type InvitePaymentResult, readInvitePaymentResult } from '@/stores/invite-payment-result';
import { useInvitedUser } from '../api/invited-credentials-calls';
import { useCredentialsToken } from '../hooks/use-credentials-token';
import { useSubmitInviteCredentials } from '../hooks/use-submit-invite-credentials';
import { clearDraft, readDraft } from '../invite-credentials-draft';
import { inviteCredentialsDefaults } from '../invite-credentials-values';
import { resetInviteState } from '../reset-invite-state';
import styles from './invite-credentials.module.css';
import { INVITE_CREDENTIALS_FORM_ID, InviteCredentialsForm } from './invite-credentials-form';
import { InviteCredentialsSuccess } from './invite-credentials-success';

type Entry = {
  paymentResult: InvitePaymentResult | null;
  /** A professional's family: the professional whose practice covers the subscription. */
  coveredBy: string | null;
  needsTerms: boolean;
  requireCredentials: boolean;
  mayEnter: boolean;
};

/**
 * /invite/credentials, given the invite token and the
 * invited context by the InviteGate. Who may be here is decided once, on arrival (setting the
 * credentials changes the context): someone who already has credentials goes to the account home;
 * someone the domain's `mayGetInviteCredentials` does not let in yet (the server's rule too) goes
 * to the step they still owe.
 */
export function InviteCredentialsPage({
  token,
  context,
}: {
  token: string;
  context: InvitedContext;
}) {
  const [entry] = useState<Entry>(() => {
    const paymentResult = readInvitePaymentResult();
    return {
      paymentResult,
      coveredBy:
        context.userCreatedByPro && context.pro
          ? `${context.pro.firstName} ${context.pro.lastName}`
          : null,
      needsTerms: !context.agreedToTerms,
      requireCredentials: context.requireCredentials,
      // Just paid in this tab: the context read on arrival may predate the payment.
      mayEnter: paymentResult !== null || mayGetInviteCredentials(context),
    };
  });

  useEffect(() => {
    if (!entry.requireCredentials) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [entry.requireCredentials]);

  if (!entry.requireCredentials) return <Spinner />;
  if (!entry.mayEnter) {
    return <Navigate to={inviteCredentialsRedirect(context) ?? INVITE_PATHS.payment} replace />;
  }
  return (
    <InviteCredentialsLoader
      token={token}
      userId={context.userId}
      country={context.address.country}
      entry={entry}
    />
  );
}

function InviteCredentialsLoader({
  token,
  userId,
  country,
  entry,
}: {
  token: string;
  userId: string;
  country: string | null;
  entry: Entry;
}) {
  const user = useInvitedUser({ token, userId });
  const credentials = useCredentialsToken({ token, userId });
  const error = user.error ?? credentials.error;
  const isAlreadySet = isApiError(error) && error.code === 'CREDENTIALS_ALREADY_SET';

  useEffect(() => {
    if (isAlreadySet) fullPage.assign(ACCOUNT_HOME_PATH);
  }, [isAlreadySet]);

  if (isAlreadySet) return <Spinner />;
  if (error) {
    if (isApiError(error) && isInviteAuthFailure(error.status)) {
      return <Navigate to={INVITE_PATHS.request} replace />;
    }
    return <GenericError />;
  }
  if (!user.data || !credentials.credentialsToken) return <Spinner />;
  return (
    <InviteCredentialsScreen
      token={token}
      userId={userId}
      credentialsToken={credentials.credentialsToken}
      email={user.data.email}
      country={user.data.address.country ?? country}
      entry={entry}
      defaults={inviteCredentialsDefaults(readDraft(), user.data)}
    />
  );
}

function InviteCredentialsScreen({
  token,
  userId,
  credentialsToken,
  email,
  country,
  entry,
  defaults,
}: {
  token: string;
  userId: string;
  credentialsToken: string;
  email: string | null;
  country: string | null;
  entry: Entry;
  defaults: ReturnType<typeof inviteCredentialsDefaults>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [isDone, setIsDone] = useState(false);
  const { submit, isSubmitting, problem } = useSubmitInviteCredentials({
    token,
    userId,
    credentialsToken,
    needsTerms: entry.needsTerms,
    onDone: () => {
      clearDraft();
      setIsDone(true);
    },
  });
  const phone = supportPhoneFor(country ?? undefined);

  if (isDone) {
    return entry.paymentResult ? (
      <InviteCredentialsSuccess
        next="receipt"
        onRedirect={() => navigate(INVITE_PATHS.receipt, { replace: true })}
      />
    ) : (
      <InviteCredentialsSuccess
        next="account"
        href={ACCOUNT_HOME_PATH}
        onRedirect={() => {
          resetInviteState();
          fullPage.assign(ACCOUNT_HOME_PATH);
        }}
      />
    );
  }

  const receiptEmail =
    entry.paymentResult?.registration.parent.email ?? entry.paymentResult?.receipt.email;
  return (
    <div className={styles.page}>
      <PageHeading>{t('credentials.title')}</PageHeading>
      <p>
        {entry.paymentResult
          ? receiptEmail
            ? t('credentials.orderConfirmed', { email: receiptEmail })
            : t('credentials.orderConfirmedNoEmail')
          : entry.coveredBy
            ? t('inviteCredentials.proCovered', { pro: entry.coveredBy })
            : t('inviteCredentials.paidIntro')}
      </p>
      <p className={credentialsStyles.intro}>{t('inviteCredentials.intro')}</p>
      {problem === 'terms' ? (
        <AlertBanner
          tone="error"
          action={<TryAgainButton retry={{ formId: INVITE_CREDENTIALS_FORM_ID }} />}
        >
          <p>{t('inviteCredentials.termsFailed')}</p>
        </AlertBanner>
      ) : null}
      {problem === 'failed' ? (
        <CredentialsFailed
          phone={phone}
          action={<TryAgainButton retry={{ formId: INVITE_CREDENTIALS_FORM_ID }} />}
        />
      ) : null}
      <InviteCredentialsForm
        credentialsToken={credentialsToken}
        email={email}
        defaultValues={defaults}
        needsTerms={entry.needsTerms}
        consentPlacement={country === 'US' ? 'below' : 'inside'}
        supportPhone={phone.display}
        documentTitle={t('credentials.title')}
        hasPageError={problem !== null}
        onSubmit={submit}
        isSubmitting={isSubmitting}
      />
    </div>
  );
}
