import type { AccountReceiptSummary } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '@/lib/use-locale';
import styles from './account-home.module.css';
import { formatAccountDate } from './format-date';

/** The account's receipts, newest first, each linking to its detail. */
export function ReceiptList({ receipts }: { receipts: readonly AccountReceiptSummary[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className={styles.card} aria-labelledby="receipts-heading">
      <h2 id="receipts-heading">{t('accountHome.receipts.heading')}</h2>
      {receipts.length > 0 ? (
        <ul className={styles.receipts}>
          {receipts.map((receipt) => (
            <li key={receipt.receiptId}>
              <Link to={`/receipts/${encodeURIComponent(receipt.receiptId)}`}>
                {t('accountHome.receipts.view', {
                  package: receipt.packageName,
                  date: formatAccountDate(receipt.date, locale),
                  total: receipt.totalFormatted,
                })}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('accountHome.receipts.none')}</p>
      )}
    </section>
  );
}
