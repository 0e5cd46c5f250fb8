import type { AccountEmailStatus } from '@coparent/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { QueryResult } from '@/components/query-result';
import { Spinner } from '@/components/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useLoginRedirect } from '../session/require-login';
import styles from './change-email.module.css';
import { useAccountEmail, useRequestEmailChange } from './change-email-api';
import { ChangeEmailForm } from './change-email-form';
import { PendingEmailChangeCard } from './pending-email-change';

/**
 * /app/account/email: the logged-in person asks to change their email (the new address and the
 * current password); a link goes to the new address and the change waits for it (decision 059).
 * What waits shows above the form, which takes focus after a request.
 */
export function ChangeEmailPage() {
  const { t } = useTranslation();
  const email = useAccountEmail();
  const [hasErrors, setHasErrors] = useState(false);
  useDocumentTitle(t('accountEmail.title'), hasErrors);
  // Without a live session: the login page, then back here.
  const isRedirecting = useLoginRedirect(email.error);

  if (isRedirecting) return <Spinner label={t('accountEmail.loading')} />;
  return (
    <div className={styles.content}>
      <PageHeading>{t('accountEmail.title')}</PageHeading>
      <QueryResult query={email} messages="accountEmail">
        {(status) => <ChangeEmail status={status} onErrorsChange={setHasErrors} />}
      </QueryResult>
    </div>
  );
}

function ChangeEmail({
  status,
  onErrorsChange,
}: {
  status: AccountEmailStatus;
  onErrorsChange: (hasErrors: boolean) => void;
}) {
  const { t } = useTranslation();
  const request = useRequestEmailChange();
  const pendingRef = useRef<HTMLElement>(null);
  const canceledRef = useRef<HTMLParagraphElement>(null);
  // Each request starts a fresh form (its key).
  const [requests, setRequests] = useState(0);
  const [isCanceled, setIsCanceled] = useState(false);
  // Where focus goes once the page shows the outcome (the cache may answer a render later).
  const [focusTo, setFocusTo] = useState<'pending' | 'canceled' | null>(null);
  const isPending = status.pending !== null;

  useEffect(() => {
    const target =
      focusTo === 'pending' && isPending
        ? pendingRef.current
        : focusTo === 'canceled' && !isPending
          ? canceledRef.current
          : null;
    if (!target) return;
    target.focus();
    setFocusTo(null);
  }, [focusTo, isPending]);

  return (
    <>
      <p>{t('accountEmail.intro')}</p>
      <p className={styles.current}>
        {t('accountEmail.current')}: <strong>{status.email ?? t('accountEmail.none')}</strong>
      </p>
      {status.pending ? (
        <PendingEmailChangeCard
          focusRef={pendingRef}
          pending={status.pending}
          current={status.email}
          onCanceled={() => {
            setIsCanceled(true);
            setFocusTo('canceled');
          }}
        />
      ) : null}
      {isCanceled && !status.pending ? (
        <p ref={canceledRef} tabIndex={-1} role="status" className={styles.canceled}>
          {t('accountEmail.pending.canceled')}
        </p>
      ) : null}
      <ChangeEmailForm
        key={requests}
        onChange={async (values) => {
          await request.mutateAsync(values);
          setIsCanceled(false);
          setRequests((count) => count + 1);
          setFocusTo('pending');
        }}
        onErrorsChange={onErrorsChange}
      />
      <p>
        <Link to="/">{t('accountEmail.back')}</Link>
      </p>
    </>
  );
}
