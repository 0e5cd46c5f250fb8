import {
  ACCOUNT_HOME_PATH,
  INVITE_PATHS,
  type InviteCredentialsInput,
  type InvitedContext,
  type InvitedUser,
  inviteCredentialsFieldsFromForm,
  inviteCredentialsRedirect,
  isInviteAuthFailure,
  mayGetInviteCredentials,
  supportPhoneFor,
} from '@coparent/domain';
import { type ComponentProps, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { JOIN_BASENAME } from '@/app/join-path';
import { AlertBanner } from '@/components/alert-banner';
import credentialsStyles from '@/components/credentials/credentials.module.css';
import { CredentialsFailed } from '@/components/credentials/credentials-failed';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { Spinner } from '@/components/spinner';
import { TryAgainButton } from '@/components/try-again-button';
import { useInvitedUser as useWrittenInvitedUser } from '@/features/invite/api/get-invited-user';
import { useWrittenInviteToken } from '@/features/invite/hooks/use-written-invite-token';
import { isApiError } from '@/lib/api-client';
import { type FormSubmission, useFormSubmission } from '@/lib/form-submission';
import { fullPage } from '@/lib/full-page';
import { useFormStart } from '@/lib/use-form-start';
import {
  type InvitePaymentResult,
  readInviteCredentialsToken,
  readInvitePaymentResult,
} from '@/stores/invite-payment-result';
import { useInvitedUser } from '../api/invited-credentials-calls';
import { useCredentialsToken } from '../hooks/use-credentials-token';
import { useSubmitInviteCredentials } from '../hooks/use-submit-invite-credentials';
import { clearDraft, readDraft } from '../invite-credentials-draft';
import {
  inviteCredentialsDefaults,
  writtenInviteCredentialsDefaults,
} from '../invite-credentials-values';
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
 * /invite/credentials, given the invite token and the invited context by the InviteGate: the page
 * the server wrote from the invite's cookie (`WrittenInviteCredentials`), else the tab's.
 */
export function InviteCredentialsPage({
  token,
  context,
}: {
  token: string;
  context: InvitedContext;
}) {
  // Read once: the page stays the server's form after the app has taken it over.
  const isWritten = useWrittenInviteToken() !== null;
  if (isWritten) return <WrittenInviteCredentials token={token} context={context} />;
  return <TabInviteCredentials token={token} context={context} />;
}

/** Who covers a professional's family (named on the page), from the invited context. */
function coveringPro(context: InvitedContext): string | null {
  return context.userCreatedByPro && context.pro
    ? `${context.pro.firstName} ${context.pro.lastName}`
    : null;
}

/**
 * The tab's page. Who may be here is decided once, on arrival (setting the credentials changes
 * the context): someone who already has credentials goes to the account home; someone the
 * domain's `mayGetInviteCredentials` does not let in yet (the server's rule too) goes to the step
 * they still owe.
 */
function TabInviteCredentials({ token, context }: { token: string; context: InvitedContext }) {
  const [entry] = useState<Entry>(() => {
    const paymentResult = readInvitePaymentResult();
    return {
      paymentResult,
      coveredBy: coveringPro(context),
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

/**
 * The page the server wrote for the invite its cookie names, which has reached the credentials
 * (`inviteScreenRedirect`): the user as the server read it, the form posting to the server (which
 * asks the credentials token with the cookie; none is ever in the page) and the problems of the
 * post it answers. Nothing is read from storage while the app takes it over; then a tab that
 * paid here uses the payment's token, as `TabInviteCredentials` does.
 */
function WrittenInviteCredentials({ token, context }: { token: string; context: InvitedContext }) {
  const user = useWrittenInvitedUser(token, context.userId);
  const submission = useFormSubmission(INVITE_PATHS.credentials);
  // Decided once, on arrival, as the tab's page does (setting the credentials changes the context).
  const [redirect] = useState(() => inviteCredentialsRedirect(context));
  if (redirect) return <Navigate to={redirect} replace />;
  if (!user.data) {
    if (isApiError(user.error) && isInviteAuthFailure(user.error.status)) {
      return <Navigate to={INVITE_PATHS.request} replace />;
    }
    return user.isError ? <GenericError /> : <Spinner />;
  }
  return (
    <WrittenInviteCredentialsForm
      context={context}
      user={user.data}
      submission={submission}
      token={token}
    />
  );
}

function WrittenInviteCredentialsForm({
  token,
  context,
  user,
  submission,
}: {
  token: string;
  context: InvitedContext;
  user: InvitedUser;
  submission: FormSubmission | undefined;
}) {
  const [written] = useState<InviteCredentialsInput>(() =>
    writtenInviteCredentialsDefaults(submission?.values, user),
  );
  const start = useFormStart<InviteCredentialsInput>({
    formId: INVITE_CREDENTIALS_FORM_ID,
    serverValues: written,
    isSubmission: submission !== undefined,
    // The written values stand: what the tab typed before is not put back over them.
    storedDraft: () => undefined,
    fromFields: inviteCredentialsFieldsFromForm,
  });
  const [tabToken, setTabToken] = useState<string | undefined>(undefined);
  useEffect(() => {
    setTabToken(readInviteCredentialsToken() ?? undefined);
  }, []);
  const [entry] = useState<Entry>(() => ({
    paymentResult: null,
    coveredBy: coveringPro(context),
    needsTerms: !context.agreedToTerms,
    requireCredentials: context.requireCredentials,
    mayEnter: true,
  }));
  return (
    <InviteCredentialsScreen
      token={token}
      userId={context.userId}
      credentialsToken={tabToken}
      email={user.email}
      country={user.address.country ?? context.address.country}
      entry={entry}
      defaults={start.values ?? written}
      posting={{
        action: `${JOIN_BASENAME}${INVITE_PATHS.credentials}`,
        submission,
        writtenValues: written,
      }}
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
  posting,
}: {
  token: string;
  userId: string;
  /** None on a written page whose tab did not pay here: its form posts itself (`posting`). */
  credentialsToken: string | undefined;
  email: string | null;
  country: string | null;
  entry: Entry;
  defaults: InviteCredentialsInput;
  posting?: ComponentProps<typeof InviteCredentialsForm>['posting'];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  /** Where "You're all set" leads: the receipt of a payment made in this tab, else the account. */
  const [done, setDone] = useState<'receipt' | 'account' | null>(null);
  const { submit, isSubmitting, problem } = useSubmitInviteCredentials({
    token,
    userId,
    credentialsToken,
    needsTerms: entry.needsTerms,
    onDone: () => {
      clearDraft();
      // A written page read nothing from the tab on arrival: the tab's payment is read now.
      setDone(entry.paymentResult || readInvitePaymentResult() ? 'receipt' : 'account');
    },
  });
  const phone = supportPhoneFor(country ?? undefined);

  if (done) {
    return done === 'receipt' ? (
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
        posting={posting}
      />
    </div>
  );
}
