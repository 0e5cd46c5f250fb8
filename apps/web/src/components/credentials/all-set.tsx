import { CREDENTIALS_REDIRECT_DELAY_MS } from '@coparent/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import styles from './credentials.module.css';

/** The seconds the "all set" screen waits before it opens the next page, as it says them. */
export const ALL_SET_SECONDS = Math.round(CREDENTIALS_REDIRECT_DELAY_MS / 1000);

type AllSetProps = {
  title: string;
  /** Says where the person goes, and in how many seconds (announced). */
  status: string;
  /** The link to go there now. */
  link: ReactNode;
  /** Opens the next page once CREDENTIALS_REDIRECT_DELAY_MS has passed. */
  onRedirect: () => void;
};

/**
 * "You're all set!" once the credentials are set: the heading takes focus, the next page opens
 * after a few seconds (which is said and announced), and a link goes there now.
 */
export function AllSet({ title, status, link, onRedirect }: AllSetProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onRedirectRef = useRef(onRedirect);
  onRedirectRef.current = onRedirect;

  useEffect(() => {
    headingRef.current?.focus();
    const timer = window.setTimeout(() => onRedirectRef.current(), CREDENTIALS_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className={styles.success}>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p role="status">{status}</p>
      <p>{link}</p>
    </div>
  );
}
