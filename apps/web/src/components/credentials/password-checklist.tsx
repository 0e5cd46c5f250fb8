import { type PasswordIdentity, passwordChecklist } from '@coparent/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@/components/visually-hidden';
import styles from './credentials.module.css';

/** How long typing must pause before the checklist's state is announced. */
const ANNOUNCE_DELAY_MS = 1000;

type PasswordChecklistProps = {
  id: string;
  password: string;
  /** The username and email the password may not be; without them those rules say the server checks. */
  identity?: PasswordIdentity;
};

/**
 * Every password requirement (the domain's `passwordChecklist`), each shown as met or not while
 * the person types; the count of met rules is announced politely once typing pauses.
 */
export function PasswordChecklist({ id, password, identity }: PasswordChecklistProps) {
  const { t } = useTranslation();
  const items = passwordChecklist(password, identity);
  const checkable = items.filter((item) => item.isMet !== null);
  const metCount = checkable.filter((item) => item.isMet).length;
  const summary =
    metCount === checkable.length
      ? t('credentials.checklist.allMet')
      : t('credentials.checklist.progress', { count: metCount, total: checkable.length });
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
        {items.map(({ id: ruleId, isMet }) => (
          <li key={ruleId} className={isMet ? styles.met : styles.unmet}>
            <span aria-hidden="true" className={styles.mark}>
              {isMet === null ? '•' : isMet ? '✓' : '○'}
            </span>
            {t(`credentials.checklist.rules.${ruleId}`)}
            <VisuallyHidden> ({t(`credentials.checklist.${stateKey(isMet)}`)})</VisuallyHidden>
          </li>
        ))}
      </ul>
      <VisuallyHidden>
        <span role="status">{announced}</span>
      </VisuallyHidden>
    </div>
  );
}

function stateKey(isMet: boolean | null): 'met' | 'notMet' | 'checkedOnSave' {
  if (isMet === null) return 'checkedOnSave';
  return isMet ? 'met' : 'notMet';
}
