import { MOBILE_BREAKPOINT_PX } from '@coparent/domain';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/lib/use-hydrated';
import { useMediaQuery } from '@/lib/use-media-query';
import styles from './checkout.module.css';

type SummaryPanelProps = {
  /** The order summary. */
  children: ReactNode;
  /** Shown on the collapsed button, so the total is visible without opening it. */
  totalFormatted?: string;
};

/**
 * The order summary sidebar. Up to MOBILE_BREAKPOINT_PX (600px) wide it is collapsible: a button
 * that says the total and opens it. On a page the server wrote, which cannot know the width, the
 * stylesheet collapses it on a phone from the first paint, so the app taking the page over does not
 * move the form below it (without scripts it stays open: nothing could open it).
 */
export function SummaryPanel({ children, totalFormatted }: SummaryPanelProps) {
  const { t } = useTranslation();
  const isNarrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const isHydrated = useHydrated();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={styles.sidebar}>
      <button
        type="button"
        className={styles.summaryToggle}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        hidden={isHydrated && !isNarrow}
      >
        <span>{isOpen ? t('checkout.summary.hide') : t('checkout.summary.show')}</span>
        {totalFormatted ? <strong>{totalFormatted}</strong> : null}
      </button>
      <div
        id={panelId}
        className={isOpen ? undefined : styles.summaryClosed}
        hidden={isNarrow && !isOpen}
      >
        {children}
      </div>
    </div>
  );
}
