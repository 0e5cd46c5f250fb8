import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useScriptlessPage } from '@/lib/scriptless-page';
import { useHydrated } from '@/lib/use-hydrated';
import styles from './page-heading.module.css';

/** The funnel's first page: a visit starts there, from the browser's default. */
const FUNNEL_ENTRY = '/signup';

type PageHeadingProps = { children: ReactNode; caption?: ReactNode };

/**
 * The page's h1. After any in-app navigation to another page (path or query) it takes focus, so
 * screen readers announce the new screen and keyboard users start from the top of it. The first
 * page load keeps the browser default, and so does a new history entry of the same page (a
 * payment view: the view focuses its own heading), and a page the server wrote that the app
 * takes over (a reload keeps its history entry's key): the person may be typing in it already.
 * A page written with no script is always a page load: past the funnel's entry it takes focus as
 * it loads (`autofocus`), as a step does.
 */
export function PageHeading({ children, caption }: PageHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { key, pathname, search } = useLocation();
  const page = `${pathname}${search}`;
  const focusedFor = useRef<string | undefined>(undefined);
  const isHydrated = useHydrated();
  // Mounted by the hydration of the server's page (read once: later renders are hydrated).
  const isTakenOver = useRef(!isHydrated);
  const focusesOnLoad = useScriptlessPage() !== undefined && pathname !== FUNNEL_ENTRY;
  // In the commit that shows the new screen: a screen reader and the keyboard are on its heading
  // before it is painted, however the screen came (a click, or a chunk that loaded after it).
  useLayoutEffect(() => {
    const isMount = focusedFor.current === undefined;
    if (focusedFor.current === page) return;
    focusedFor.current = page;
    if (isMount && (key === 'default' || isTakenOver.current)) return;
    ref.current?.focus();
  }, [page, key]);
  return (
    <div className={styles.wrapper}>
      {caption ? <p className={styles.caption}>{caption}</p> : null}
      {/* biome-ignore lint/a11y/noAutofocus: a scriptless page reached from the funnel's previous one */}
      <h1 ref={ref} tabIndex={-1} className={styles.heading} autoFocus={focusesOnLoad || undefined}>
        {children}
      </h1>
    </div>
  );
}
