import type { CoParentStatus } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { SummarisedForm } from '@/components/summarised-form';
import { isApiError } from '@/lib/api-client';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useFormProblems } from '@/lib/use-form-problems';
import { useLocale } from '@/lib/use-locale';
import styles from './account-home.module.css';
import { useResendCoParentEmail } from './coparent-email-api';
import { formatAccountDate } from './format-date';

type CoParentStatusCardProps = {
  status: CoParentStatus;
  /** The invitation was emailed again to this address: the page says so. */
  onSent: (sentTo: string) => void;
};

/** How the invitation went: by email, by text, or both. */
function channelKey(status: CoParentStatus) {
  if (status.email && status.byText) return 'accountHome.coParentStatus.byEmailAndText';
  return status.email ? 'accountHome.coParentStatus.byEmail' : 'accountHome.coParentStatus.byText';
}

/**
 * Where Parent A's co-parent stands: invited (when, how), joined (when) or not reached, and, while
 * they have not joined and have an email, "Send the invitation again" by email (a new link; the
 * server's limits and refusals show in the error summary, which takes focus).
 */
export function CoParentStatusCard({ status, onSent }: CoParentStatusCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const resend = useResendCoParentEmail();
  const errorText = useFieldErrorText('');
  const problems = useFormProblems({}, errorText);
  const name = status.firstName;
  const invitedOn = formatAccountDate(status.invitedAt, locale);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    problems.clear();
    try {
      onSent((await resend.mutateAsync()).sentTo);
    } catch (error) {
      const texts = isApiError(error) ? error.fieldErrors.map((e) => e.text) : [];
      problems.fail(texts.length > 0 ? texts : [t('genericErrorMessage', { ns: 'validation' })]);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="coparent-status-heading">
      <h2 id="coparent-status-heading">{t('accountHome.coParentStatus.heading')}</h2>
      {status.state === 'JOINED' && status.joinedAt ? (
        <p>
          {t('accountHome.coParentStatus.joined', {
            name,
            date: formatAccountDate(status.joinedAt, locale),
          })}
        </p>
      ) : (
        <>
          <p>
            {status.state === 'NOT_REACHED'
              ? t('accountHome.coParentStatus.notReached', { name })
              : t('accountHome.coParentStatus.invited', { name })}
          </p>
          <p>{t(channelKey(status), { date: invitedOn, email: status.email ?? '' })}</p>
        </>
      )}
      {status.state !== 'JOINED' && status.email ? (
        <SummarisedForm
          className={styles.resendForm}
          onSubmit={(event) => void submit(event)}
          isBusy={resend.isPending}
          summary={problems.summary}
        >
          <p className={styles.hint}>{t('accountHome.coParentStatus.newLink')}</p>
          <Button type="submit" isLoading={resend.isPending}>
            {t('accountHome.coParentStatus.resendByEmail')}
          </Button>
        </SummarisedForm>
      ) : null}
    </section>
  );
}
