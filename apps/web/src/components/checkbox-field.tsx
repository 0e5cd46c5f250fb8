import type { ComponentProps, ReactNode } from 'react';
import styles from './field.module.css';
import { describedBy, FieldError, FieldHint } from './field-message';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'id' | 'type'> & {
  id: string;
  label: ReactNode;
  hint?: string;
  /** Already translated message; shown above the box and tied to it. */
  error?: string;
};

/** One checkbox with its label, an optional hint and an error tied with aria-describedby. */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  className,
  ...inputProps
}: CheckboxFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={[styles.field, error ? styles.hasError : '', className ?? ''].join(' ')}>
      <FieldError id={errorId} message={error} />
      <div className={styles.radio}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && hintId, error && errorId)}
          {...inputProps}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldHint id={hintId} message={hint} />
    </div>
  );
}
