import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';
import { TitledPage } from '@/components/titled-page';
import { isApiError } from '@/lib/api-client';
import { removeStorage } from '@/lib/storage';
import { useAddressToken } from '@/lib/use-address-token';
import styles from './change-email.module.css';
import { useConfirmEmailChange } from './confirm-email-api';

/** Where the tab keeps the link's token until it has done its job. */
const EMAIL_CHANGE_TOKEN_KEY = 'coparent.emailChangeToken';

/** Why the link cannot make the change: unknown/used/expired/replaced, or the address was taken. */
type Refusal = { kind: 'invalid' } | { kind: 'taken'; text: string };

/**
 * /app/account/email/confirm?token=…: the email change's link (decision 059). The token leaves
 * the address bar at once; one button confirms (a mail scanner opening the link changes nothing).
 * No login needed: the link proves the new mailbox, the password was checked when asked.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  // Kept for the tab once read (the address bar no longer has it), so a reload still confirms.
  const token = useAddressToken(EMAIL_CHANGE_TOKEN_KEY);
  const confirm = useConfirmEmailChange();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [failed, setFailed] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const changedTo = confirm.data?.email;

  useEffect(() => {
    if (changedTo || refusal) outcomeRef.current?.focus();
    // Used, refused or dead: the tab has no more use for it.
    if (changedTo || refusal) removeStorage('session', EMAIL_CHANGE_TOKEN_KEY);
  }, [changedTo, refusal]);

  const submit = () => {
    if (!token) return;
    setFailed(false);
    confirm.mutate(token, {
      onError: (error) => {
        if (isApiError(error) && error.status === 410) setRefusal({ kind: 'invalid' });
        else if (isApiError(error) && error.status === 409 && error.fieldErrors[0]) {
          setRefusal({ kind: 'taken', text: error.fieldErrors[0].text });
        } else setFailed(true);
      },
    });
  };

  const startAgain = (
    <p>
      <Link to="/email">{t('accountEmailConfirm.startAgain')}</Link>
    </p>
  );

  if (changedTo) {
    return (
      <TitledPage title={t('accountEmailConfirm.doneTitle')} className={styles.content}>
        <div ref={outcomeRef} tabIndex={-1} className={styles.done}>
          <p role="status">{t('accountEmailConfirm.done', { email: changedTo })}</p>
        </div>
        <p>
          <Link to="/">{t('accountEmailConfirm.toAccount')}</Link>
        </p>
      </TitledPage>
    );
  }
  if (!token || refusal) {
    return (
      <TitledPage title={t('accountEmailConfirm.invalidTitle')} className={styles.content}>
        <div ref={outcomeRef} tabIndex={-1} className={styles.done}>
          <p role="alert">
            {refusal?.kind === 'taken'
              ? refusal.text
              : token
                ? t('accountEmailConfirm.invalid')
                : t('accountEmailConfirm.noToken')}
          </p>
        </div>
        {startAgain}
      </TitledPage>
    );
  }
  return (
    <TitledPage title={t('accountEmailConfirm.title')} className={styles.content}>
      <p>{t('accountEmailConfirm.intro')}</p>
      {failed ? (
        <AlertBanner tone="error" onClose={() => setFailed(false)}>
          <p>{t('accountEmailConfirm.failed')}</p>
        </AlertBanner>
      ) : null}
      <Button onClick={submit} isLoading={confirm.isPending}>
        {t('accountEmailConfirm.submit')}
      </Button>
    </TitledPage>
  );
}
