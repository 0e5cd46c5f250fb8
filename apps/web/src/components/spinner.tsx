import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';

type SpinnerProps = { size?: 'small' | 'large'; label?: string };

/** Decorative inside a busy button; with a label it announces itself as a status. */
export function Spinner({ size = 'large', label }: SpinnerProps) {
  const { t } = useTranslation();
  const circle = (
    <span
      className={[styles.spinner, size === 'small' ? styles.small : ''].join(' ')}
      aria-hidden="true"
    />
  );
  if (size === 'small' && !label) return circle;
  return (
    <div className={styles.block} role="status">
      {circle}
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
