import { useTranslation } from 'react-i18next';
import styles from './field.module.css';
import { VisuallyHidden } from './visually-hidden';

type FieldMessageProps = { id: string; message?: string };

/** The inline error shown beside a field (GOV.UK: "Error:" read out before the message). */
export function FieldError({ id, message }: FieldMessageProps) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <span id={id} className={styles.error}>
      <VisuallyHidden>{t('common.errorTitlePrefix')}</VisuallyHidden>
      {message}
    </span>
  );
}

export function FieldHint({ id, message }: FieldMessageProps) {
  if (!message) return null;
  return (
    <span id={id} className={styles.hint}>
      {message}
    </span>
  );
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const value = ids.filter(Boolean).join(' ');
  return value || undefined;
}
