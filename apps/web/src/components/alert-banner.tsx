import { ALERT_BANNER_MS } from '@coparent/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './alert-banner.module.css';

type AlertTone = 'info' | 'success' | 'warning' | 'error';

type AlertBannerProps = {
  tone?: AlertTone;
  children: ReactNode;
  /**
   * What the person can still do once the message hides (e.g. "Try again"): shown in the banner,
   * and left in its place when the banner hides. Using it shows the message again, for a new
   * 15 seconds, so a try that fails again is said again.
   */
  action?: ReactNode;
  /** A new value (a new failure, a new attempt) shows the banner again, for a new 15 seconds. */
  showAgainKey?: unknown;
  /** Hide after this many ms (the domain's ALERT_BANNER_MS by default); null keeps it shown. */
  autoHideMs?: number | null;
  onClose?: () => void;
};

/**
 * A closable message. Errors are announced as alerts, the rest politely as status. It hides itself
 * after ALERT_BANNER_MS unless told otherwise; the timer waits while the pointer or focus is on it,
 * so nobody loses a message they are reading or a button they are on.
 */
export function AlertBanner({
  tone = 'info',
  children,
  action,
  showAgainKey,
  autoHideMs = ALERT_BANNER_MS,
  onClose,
}: AlertBannerProps) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(true);
  const [isPaused, setIsPaused] = useState(false);
  const [shownFor, setShownFor] = useState(showAgainKey);
  // Counts the times the banner was (re)shown, so the timer restarts each time.
  const [showing, setShowing] = useState(0);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  if (!Object.is(shownFor, showAgainKey)) {
    setShownFor(showAgainKey);
    setIsVisible(true);
    setShowing((count) => count + 1);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `showing` restarts the timer on a new showing
  useEffect(() => {
    if (!isVisible || isPaused || autoHideMs === null) return;
    const timer = window.setTimeout(() => {
      setIsVisible(false);
      onCloseRef.current?.();
    }, autoHideMs);
    return () => window.clearTimeout(timer);
  }, [isVisible, isPaused, autoHideMs, showing]);

  const showAgain = () => {
    setIsVisible(true);
    setShowing((count) => count + 1);
  };
  const actionBlock = action ? (
    <div className={styles.action} onClickCapture={showAgain}>
      {action}
    </div>
  ) : null;
  if (!isVisible) return actionBlock;
  const close = () => {
    setIsVisible(false);
    setIsPaused(false);
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
      <div className={styles.content}>
        {children}
        {actionBlock}
      </div>
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
