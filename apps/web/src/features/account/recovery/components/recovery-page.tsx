import { ACCOUNT_LOGIN_PATH, type RecoveryLookupForm } from '@coparent/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRecoveryFlow } from '../hooks/use-recovery-flow';
import type { RecoveryStep } from '../recovery-flow';
import { CodeForm } from './code-form';
import { LookupForm } from './lookup-form';
import { NewPasswordForm } from './new-password-form';
import styles from './recovery.module.css';

/**
 * /app/account/recover, the password retrieval tool: INITIAL (find the account) → CODE (the
 * emailed code; the email's link lands on NEW_PASSWORD directly) → NEW_PASSWORD → SUCCESS;
 * MULTIPLE asks for the username when a phone has several accounts; FAILURE starts again.
 */
export function RecoveryPage() {
  const { t } = useTranslation();
  const { flow, update } = useRecoveryFlow();
  const [hasErrors, setHasErrors] = useState(false);
  const { step } = flow;
  useDocumentTitle(t(`recover.title.${step}`), hasErrors);

  // A new step is a new screen: its heading takes focus (not on the first load).
  const contentRef = useRef<HTMLDivElement>(null);
  const shownStep = useRef<RecoveryStep>(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    setHasErrors(false);
    contentRef.current?.querySelector('h1')?.focus();
  }, [step]);

  const setLookup = useCallback((lookup: RecoveryLookupForm) => update({ lookup }), [update]);
  const setCode = useCallback((code: string) => update({ code }), [update]);
  const over = useCallback(
    () => update({ step: 'FAILURE', recoveryId: null, resetToken: null, code: '' }),
    [update],
  );
  const startAgain = useCallback(
    () => update({ step: 'INITIAL', recoveryId: null, resetToken: null, code: '' }),
    [update],
  );

  return (
    <div ref={contentRef} className={styles.content}>
      <PageHeading>{t(`recover.title.${step}`)}</PageHeading>
      {step === 'INITIAL' || step === 'MULTIPLE' ? (
        <>
          <p className={styles.intro}>
            {step === 'MULTIPLE' ? t('recover.multiple') : t('recover.intro')}
          </p>
          <LookupForm
            key={step}
            values={flow.lookup}
            isUsernameOnly={step === 'MULTIPLE'}
            onChange={setLookup}
            onFound={(recoveryId, lookup) =>
              update({ step: 'CODE', recoveryId, lookup, code: '', resetToken: null })
            }
            onMultiple={(lookup) => update({ step: 'MULTIPLE', lookup })}
            onErrorsChange={setHasErrors}
          />
        </>
      ) : null}
      {step === 'CODE' && flow.recoveryId ? (
        <CodeForm
          recoveryId={flow.recoveryId}
          code={flow.code}
          lookup={flow.lookup}
          onCodeChange={setCode}
          onVerified={(resetToken) => update({ step: 'NEW_PASSWORD', resetToken, code: '' })}
          onResent={(recoveryId) => update({ recoveryId, code: '' })}
          onOver={over}
          onStartAgain={startAgain}
          onErrorsChange={setHasErrors}
        />
      ) : null}
      {step === 'NEW_PASSWORD' && flow.resetToken ? (
        <>
          <p className={styles.intro}>{t('recover.newPasswordIntro')}</p>
          <NewPasswordForm
            resetToken={flow.resetToken}
            onDone={() => update({ step: 'SUCCESS', recoveryId: null, resetToken: null, code: '' })}
            onOver={over}
            onErrorsChange={setHasErrors}
          />
        </>
      ) : null}
      {step === 'SUCCESS' ? (
        <>
          <p>{t('recover.success')}</p>
          <div className={styles.actions}>
            <ButtonLink href={ACCOUNT_LOGIN_PATH}>{t('recover.login')}</ButtonLink>
          </div>
        </>
      ) : null}
      {step === 'FAILURE' ? (
        <>
          <p>{t('recover.failure')}</p>
          <div className={styles.actions}>
            <Button onClick={startAgain}>{t('recover.startAgain')}</Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
