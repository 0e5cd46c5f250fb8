import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import styles from './page-heading.module.css';

type PageHeadingProps = { children: ReactNode; caption?: ReactNode };

/**
 * The page's h1. After any in-app navigation it takes focus, so screen readers announce the new
 * screen and keyboard users start from the top of it. The first page load keeps the browser default.
 */
export function PageHeading({ children, caption }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (key !== 'default') ref.current?.focus();
  }, [key]);
  return (
    <div className={styles.wrapper}>
      {caption ? <p className={styles.caption}>{caption}</p> : null}
      <h1 ref={ref} tabIndex={-1} className={styles.heading}>
        {children}
      </h1>
    </div>
  );
}
