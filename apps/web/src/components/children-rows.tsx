import type { ReactNode } from 'react';
import type { useRepeatableRows } from '@/lib/use-repeatable-rows';
import { Button } from './button';
import styles from './form.module.css';
import { LiveRegion } from './live-region';
import { RichText } from './rich-text';
import { VisuallyHidden } from './visually-hidden';

type ChildrenRowsProps = {
  headingId: string;
  heading: string;
  headingLevel: 'h2' | 'h3';
  /** One id a child, in order (react-hook-form's field array ids). */
  rowIds: readonly string[];
  legend: (number: number) => string;
  /** A message with the child's number and a `<hidden>` part only screen readers hear. */
  removeKey: string;
  addLabel: string;
  limitMessage: string;
  rows: ReturnType<typeof useRepeatableRows>;
  /** A child's own fields. */
  children: (index: number) => ReactNode;
};

/**
 * A repeatable list of children: one fieldset a child, Remove only with more than one, Add child
 * until the limit (then the limit's message), and a live region that says what changed.
 */
export function ChildrenRows({
  headingId,
  heading,
  headingLevel: Heading,
  rowIds,
  legend,
  removeKey,
  addLabel,
  limitMessage,
  rows: { announcement, canAdd, addRow, removeRow },
  children,
}: ChildrenRowsProps) {
  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.childrenHeading}>
        {heading}
      </Heading>
      {rowIds.map((id, index) => (
        <fieldset key={id} className={styles.section}>
          <legend className={styles.sectionLegend}>{legend(index + 1)}</legend>
          {children(index)}
          {rowIds.length > 1 ? (
            <div className={styles.addChild}>
              <Button variant="link" onClick={() => removeRow(index)}>
                <RichText
                  i18nKey={removeKey}
                  values={{ number: index + 1 }}
                  components={{ hidden: <VisuallyHidden>{null}</VisuallyHidden> }}
                />
              </Button>
            </div>
          ) : null}
        </fieldset>
      ))}
      <div className={styles.addChild}>
        {canAdd ? (
          <Button variant="secondary" onClick={addRow}>
            <span aria-hidden="true">+</span> {addLabel}
          </Button>
        ) : (
          <p>{limitMessage}</p>
        )}
      </div>
      <LiveRegion message={announcement} />
    </section>
  );
}
