import type { PendingEmailChange } from '@coparent/domain';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { useLocale } from '@/lib/use-locale';
import { formatAccountMoment } from '../home/format-date';
import styles from './change-email.module.css';
import { useCancelEmailChange } from './change-email-api';

type PendingEmailChangeCardProps = {
  pending: PendingEmailChange;
  /** The account's address until the link is opened. */
  current: string | null;
  /** Focused after a request, so the person hears where the link went. */
  focusRef?: Ref<HTMLElement>;
  onCanceled: () => void;
};

/**
 * The change waiting for its link: where the link went and until when it works, that the address
 * stays the same until then, and "Cancel this change" (the link then stops working).
 */
export function PendingEmailChangeCard({
  pending,
  current,
  focusRef,
  onCanceled,
}: PendingEmailChangeCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const cancel = useCancelEmailChange();
  const [failed, setFailed] = useState(false);

  return (
    <section
      ref={focusRef}
      tabIndex={-1}
      className={styles.pending}
      aria-labelledby="pending-heading"
    >
      <h2 id="pending-heading">{t('accountEmail.pending.heading')}</h2>
      <p>
        {t('accountEmail.pending.sent', {
          email: pending.email,
          when: formatAccountMoment(pending.expiresAt, locale),
        })}
      </p>
      <p>{t('accountEmail.pending.until', { email: current ?? t('accountEmail.none') })}</p>
      {failed ? <p role="alert">{t('accountEmail.pending.cancelFailed')}</p> : null}
      <Button
        variant="secondary"
        isLoading={cancel.isPending}
        onClick={async () => {
          setFailed(false);
          try {
            await cancel.mutateAsync();
            onCanceled();
          } catch {
            setFailed(true);
          }
        }}
      >
        {t('accountEmail.pending.cancel')}
      </Button>
    </section>
  );
}
