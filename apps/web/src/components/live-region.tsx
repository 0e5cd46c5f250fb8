import styles from './visually-hidden.module.css';

/** Announces short status messages politely to screen readers (not shown on screen). */
export function LiveRegion({ message }: { message: string }) {
  return (
    <div role="status" className={styles.hidden}>
      {message}
    </div>
  );
}
