import { type ComponentProps, useEffect, useRef, useState } from 'react';
import styles from './field.module.css';
import { fieldDescribedBy, LabelledField } from './labelled-field';
import { VisuallyHidden } from './visually-hidden';

/** How long typing must pause before the count is announced (GOV.UK's character count waits too). */
const ANNOUNCE_DELAY_MS = 1000;

type CharacterCountFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'maxLength'> & {
  id: string;
  label: string;
  /** The limit; longer text is not cut (nothing typed is lost), the count and validation say so. */
  maxLength: number;
  /** The current value, for the count. */
  value: string;
  /** The count's text from the characters left (negative: how many too many). */
  formatCount: (remaining: number) => string;
  hint?: string;
  error?: string;
};

/**
 * A textarea with a live character count (e.g. "You have 12 characters remaining" or "… too many").
 * The visible count is tied to the field; screen readers hear it once typing pauses.
 */
export function CharacterCountField({
  id,
  label,
  maxLength,
  value,
  formatCount,
  hint,
  error,
  className,
  ...textareaProps
}: CharacterCountFieldProps) {
  const countId = `${id}-count`;
  // The rule counts the trimmed text, so the count does too.
  const length = value.trim().length;
  const isOver = length > maxLength;
  const countText = formatCount(maxLength - length);
  const [announced, setAnnounced] = useState('');
  const shownCount = useRef(countText);
  useEffect(() => {
    // Only a change is announced: the count the field appears with is read with the field.
    if (countText === shownCount.current) return;
    shownCount.current = countText;
    const timer = window.setTimeout(() => setAnnounced(countText), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [countText]);

  return (
    <LabelledField {...{ id, label, hint, error, className }}>
      <textarea
        id={id}
        className={[styles.input, styles.textarea].join(' ')}
        rows={4}
        aria-invalid={error || isOver ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error, countId)}
        {...textareaProps}
        value={value}
      />
      <span id={countId} className={isOver ? styles.countOver : styles.count}>
        {countText}
      </span>
      <VisuallyHidden>
        <span role="status">{announced}</span>
      </VisuallyHidden>
    </LabelledField>
  );
}
