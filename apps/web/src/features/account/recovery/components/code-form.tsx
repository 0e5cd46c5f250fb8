import {
  type RecoveryLookupForm,
  recoveryLookupRequest,
  VERIFICATION_CODE_LENGTH,
  verificationCodeSchema,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/button';
import { SummarisedForm } from '@/components/summarised-form';
import { TextField } from '@/components/text-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useSummaryForm } from '@/lib/use-summary-form';
import { useLookupAccount, useVerifyCode } from '../api/recovery-api';
import { useRecoveryProblems } from '../hooks/use-recovery-problems';
import { isRecoveryOver, problemText } from './problem-text';
import styles from './recovery.module.css';

const CodeFormSchema = z.object({ verificationCode: verificationCodeSchema });
type CodeFormValues = z.infer<typeof CodeFormSchema>;

type CodeFormProps = {
  recoveryId: string;
  code: string;
  lookup: RecoveryLookupForm;
  onCodeChange: (code: string) => void;
  onVerified: (resetToken: string) => void;
  /** A newer code was sent ("Send again"). */
  onResent: (recoveryId: string) => void;
  onOver: () => void;
  onStartAgain: () => void;
  onErrorsChange: (hasErrors: boolean) => void;
};

/** CODE: the emailed code (the email's link works as well), "Send again", "Start again". */
export function CodeForm({
  recoveryId,
  code,
  lookup,
  onCodeChange,
  onVerified,
  onResent,
  onOver,
  onStartAgain,
  onErrorsChange,
}: CodeFormProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText('');
  const verify = useVerifyCode();
  const resend = useLookupAccount();
  const [status, setStatus] = useState('');
  const form = useSummaryForm<CodeFormValues>(
    zodResolver(CodeFormSchema),
    { verificationCode: code },
    'onLeave',
  );
  const { register, formState, watch, getValues, handleSubmit, setError } = form;

  useEffect(() => {
    const subscription = watch(() => onCodeChange(getValues('verificationCode')));
    return () => subscription.unsubscribe();
  }, [watch, getValues, onCodeChange]);

  const { summary, clear, fail, failCall } = useRecoveryProblems(
    formState.errors,
    errorText,
    onErrorsChange,
  );

  const submit = handleSubmit(
    async ({ verificationCode }) => {
      clear();
      try {
        const answer = await verify.mutateAsync({ recoveryId, verificationCode });
        onVerified(answer.resetToken);
      } catch (error) {
        if (isRecoveryOver(error)) {
          onOver();
          return;
        }
        failCall(error, (fieldErrors) => {
          applyServerErrors(fieldErrors, setError, () => 'verificationCode');
          return [];
        });
      }
    },
    () => fail(),
  );

  const sendAgain = async () => {
    clear();
    setStatus('');
    try {
      const answer = await resend.mutateAsync(recoveryLookupRequest(lookup));
      if (answer.result === 'SUCCESS') {
        onResent(answer.recoveryId);
        form.reset({ verificationCode: '' });
        setStatus(t('recover.sentAgain'));
      }
    } catch (error) {
      fail([problemText(error, t)]);
    }
  };

  return (
    <>
      <p>{t('recover.codeSent')}</p>
      <SummarisedForm
        className={styles.form}
        onSubmit={submit}
        isBusy={verify.isPending}
        summary={summary}
      >
        <TextField
          id="verificationCode"
          label={t('recover.code')}
          hint={t('recover.codeHint', { count: VERIFICATION_CODE_LENGTH })}
          autoComplete="one-time-code"
          isDigitsOnly
          maxLength={VERIFICATION_CODE_LENGTH}
          fieldWidth="short"
          error={errorText(formState.errors.verificationCode)}
          {...register('verificationCode')}
        />
        <div className={styles.actions}>
          <Button type="submit" isLoading={verify.isPending}>
            {t('recover.verify')}
          </Button>
          <Button variant="secondary" isLoading={resend.isPending} onClick={() => void sendAgain()}>
            {t('recover.sendAgain')}
          </Button>
          <Button variant="link" onClick={onStartAgain}>
            {t('recover.startAgain')}
          </Button>
        </div>
        {/* Shown and announced politely once a new code is on its way. */}
        <p role="status">{status}</p>
      </SummarisedForm>
    </>
  );
}
