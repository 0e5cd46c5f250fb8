import { ALERT_BANNER_MS } from '@coparent/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './alert-banner.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

type AlertBannerProps = {
  tone?: AlertTone;
  children: ReactNode;
  /** Hide after this many ms (the domain's ALERT_BANNER_MS by default); null keeps it shown. */
  autoHideMs?: number | null;
  onClose?: () => void;
};

/**
 * A closable message. Errors are announced as alerts, the rest politely as status. It hides itself
 * after ALERT_BANNER_MS unless told otherwise; the timer waits while the pointer or focus is on it.
 */
export function AlertBanner({
  tone = 'info',
  children,
  autoHideMs = ALERT_BANNER_MS,
  onClose,
}: AlertBannerProps) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(true);
  const [isPaused, setIsPaused] = useState(false);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!isVisible || isPaused || autoHideMs === null) return;
    const timer = window.setTimeout(() => {
      setIsVisible(false);
      onCloseRef.current?.();
    }, autoHideMs);
    return () => window.clearTimeout(timer);
  }, [isVisible, isPaused, autoHideMs]);

  if (!isVisible) return null;
  const close = () => {
    setIsVisible(false);
    onClose?.();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only pauses the auto-hide timer
    <div
      className={[styles.banner, tone === 'info' ? '' : styles[tone]].join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setIsPaused(true)}
      onMouseLeave={() => setIsPaused(false)}
      onFocus={() => setIsPaused(true)}
      onBlur={() => setIsPaused(false)}
    >
      <div className={styles.content}>{children}</div>
      <button
        type="button"
        className={styles.close}
        onClick={close}
        aria-label={t('common.closeMessage')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
