import type { MouseEvent, ReactNode } from 'react';
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
  /**
   * Makes Add and Remove submit buttons of the form, posted under `name` with `add` or
   * `removePrefix` and the child's index: a page that works without a script lets the server add
   * or remove the row. With the script they change the list in place, as without this.
   */
  postedAs?: { name: string; add: string; removePrefix: string };
  /** A child's own fields. */
  children: (index: number) => ReactNode;
};

/** A button's attributes: a plain button, or a submit button of the form posted as `value`. */
function buttonProps(
  postedAs: ChildrenRowsProps['postedAs'],
  value: string | undefined,
  onClick: () => void,
) {
  if (!postedAs || value === undefined) return { onClick };
  return {
    type: 'submit' as const,
    name: postedAs.name,
    value,
    formNoValidate: true,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      onClick();
    },
  };
}

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
  postedAs,
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
              <Button
                variant="link"
                {...buttonProps(postedAs, `${postedAs?.removePrefix}${index}`, () =>
                  removeRow(index),
                )}
              >
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
          <Button variant="secondary" {...buttonProps(postedAs, postedAs?.add, addRow)}>
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
