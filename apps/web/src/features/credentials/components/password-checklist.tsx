import { PASSWORD_RULES } from '@coparent/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './credentials.module.css';

/** How long typing must pause before the checklist's state is announced. */
const ANNOUNCE_DELAY_MS = 1000;

type PasswordChecklistProps = { id: string; password: string };

/**
 * The password requirements (the domain's PASSWORD_RULES), each shown as met or not while the
 * person types; the count of met rules is announced politely once typing pauses.
 */
export function PasswordChecklist({ id, password }: PasswordChecklistProps) {
  const { t } = useTranslation();
  const results = PASSWORD_RULES.map((rule) => ({ rule, isMet: rule.test(password) }));
  const metCount = results.filter((result) => result.isMet).length;
  const summary =
    metCount === PASSWORD_RULES.length
      ? t('credentials.checklist.allMet')
      : t('credentials.checklist.progress', { count: metCount, total: PASSWORD_RULES.length });
  const [announced, setAnnounced] = useState('');
  const lastSummary = useRef(summary);
  useEffect(() => {
    if (summary === lastSummary.current) return;
    lastSummary.current = summary;
    const timer = window.setTimeout(() => setAnnounced(summary), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [summary]);

  return (
    <div id={id} className={styles.checklist}>
      <p className={styles.checklistTitle}>{t('credentials.checklist.title')}</p>
      <ul>
        {results.map(({ rule, isMet }) => (
          <li key={rule.id} className={isMet ? styles.met : styles.unmet}>
            <span aria-hidden="true" className={styles.mark}>
              {isMet ? '✓' : '○'}
            </span>
            {t(`credentials.checklist.rules.${rule.id}`)}
            <VisuallyHidden>
              {' '}
              ({isMet ? t('credentials.checklist.met') : t('credentials.checklist.notMet')})
            </VisuallyHidden>
          </li>
        ))}
      </ul>
      <VisuallyHidden>
        <span role="status">{announced}</span>
      </VisuallyHidden>
    </div>
  );
}
