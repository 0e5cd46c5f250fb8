import type { ReactNode, Ref } from 'react';
import styles from './pro.module.css';

type ProStepHeadingProps = {
  caption?: ReactNode;
  children: ReactNode;
  ref?: Ref<HTMLHeadingElement>;
};

/** The heading of the current step ("Step 1 of 3 About you"); it takes focus on a step change. */
export function ProStepHeading({ caption, children, ref }: ProStepHeadingProps) {
  return (
    <h2 ref={ref} tabIndex={-1} className={styles.stepHeading}>
      {caption ? <span className={styles.caption}>{caption}</span> : null}
      {children}
    </h2>
  );
}
