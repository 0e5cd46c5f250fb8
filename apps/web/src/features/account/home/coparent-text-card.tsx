import type { CoParentText } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';
import styles from './account-home.module.css';
import { useResendCoParentText } from './coparent-text-api';
import { CoParentTextForm } from './coparent-text-form';
import { formatAccountMoment } from './format-date';

type CoParentTextCardProps = {
  state: CoParentText;
  /** The invitation went again, to this number (E.164): the page says so. */
  onSent: (sentTo: string) => void;
};

/**
 * On Parent A's home when the co-parent's invitation text did not reach them: why, the number to
 * correct, and "Send the invitation again" (once a day; when it can be done next, if not now).
 */
export function CoParentTextCard({ state, onSent }: CoParentTextCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const resend = useResendCoParentText();
  return (
    <section className={styles.attention} aria-labelledby="coparent-text-heading">
      <h2 id="coparent-text-heading">{t('accountHome.coParentText.heading')}</h2>
      <p>{t('accountHome.coParentText.notReached')}</p>
      {state.problem === 'OPTED_OUT' ? <p>{t('accountHome.coParentText.optedOut')}</p> : null}
      <p className={styles.hint}>
        {t('accountHome.coParentText.onceADay')}
        {state.resendAvailableAt
          ? ` ${t('accountHome.coParentText.availableAt', {
              when: formatAccountMoment(state.resendAvailableAt, locale),
            })}`
          : null}
      </p>
      <CoParentTextForm
        state={state}
        onResend={async (values) => {
          const { sentTo } = await resend.mutateAsync(values);
          onSent(sentTo);
        }}
      />
    </section>
  );
}
