import type { CaseSummary } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import page from '@/features/account/components/account-page.module.css';
import { currentLocale } from '@/lib/i18n';
import styles from './cases.module.css';

function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'long' }).format(new Date(iso));
}

/** The professional's cases, newest first: each parent with their status, the children. */
export function CaseList({ cases }: { cases: readonly CaseSummary[] }) {
  const { t } = useTranslation();
  if (cases.length === 0) return <p className={page.intro}>{t('cases.list.empty')}</p>;
  return (
    <ul className={styles.list}>
      {cases.map((item) => {
        const names = item.parents.map((p) => `${p.firstName} ${p.lastName}`).join(' · ');
        return (
          <li key={item.caseId} className={styles.case}>
            <h3 className={styles.caseTitle}>{names}</h3>
            <ul className={styles.parents} aria-label={t('cases.list.parentsLabel')}>
              {item.parents.map((parent, index) => (
                // Parents have no id of their own in the list; their order is fixed.
                // biome-ignore lint/suspicious/noArrayIndexKey: the order never changes
                <li key={index}>
                  {parent.firstName} {parent.lastName}
                  {parent.email ? ` (${parent.email})` : ''}:{' '}
                  <span className={styles.status}>{t(`cases.list.status.${parent.status}`)}</span>
                </li>
              ))}
            </ul>
            <p className={styles.meta}>
              {t('cases.list.children', { count: item.childrenCount })} ·{' '}
              {t('cases.list.opened', { date: formatDate(item.createdAt) })}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
