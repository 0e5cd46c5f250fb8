import { useTranslation } from 'react-i18next';
import styles from './checkout.module.css';

/**
 * The Payment view of an order with nothing to pay: the codes that cover it, instead of the
 * payment methods (no card is asked for).
 */
export function FreeOrderNotice({ coveringCodes }: { coveringCodes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <p className={styles.panel}>
      {coveringCodes.length > 0
        ? t('checkout.payment.coveredBy', {
            count: coveringCodes.length,
            codes: coveringCodes.join(', '),
          })
        : t('checkout.payment.free')}
    </p>
  );
}
