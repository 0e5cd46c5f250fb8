import { type MouseEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './error-summary.module.css';

export type ErrorSummaryItem = { message: string; fieldId?: string };

type ErrorSummaryProps = {
  items: readonly ErrorSummaryItem[];
  /** Change it (e.g. a submit counter) to move focus to the summary again. */
  focusKey: number;
};

function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  const label =
    field.closest('fieldset')?.querySelector('legend') ??
    document.querySelector(`label[for="${fieldId}"]`);
  (label ?? field).scrollIntoView?.({ block: 'start' });
  field.focus({ preventScroll: true });
}

/** GOV.UK-style summary: a heading and one link per problem; takes focus when it appears. */
export function ErrorSummary({ items, focusKey }: ErrorSummaryProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const isVisible = items.length > 0;

  useEffect(() => {
    if (isVisible && focusKey > 0) {
      ref.current?.scrollIntoView?.({ block: 'start' });
      ref.current?.focus({ preventScroll: true });
    }
  }, [focusKey, isVisible]);

  if (!isVisible) return null;
  return (
    <div ref={ref} className={styles.summary} tabIndex={-1} role="alert" aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('errorSummary.title')}
      </h2>
      <ul className={styles.list}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages can repeat; order is stable
          <li key={`${item.fieldId ?? 'form'}-${index}`}>
            {item.fieldId ? (
              <a
                href={`#${item.fieldId}`}
                onClick={(event) => focusField(event, item.fieldId ?? '')}
              >
                {item.message}
              </a>
            ) : (
              item.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
