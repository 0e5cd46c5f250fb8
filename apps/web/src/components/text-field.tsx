import { digitsOnly } from '@coparent/domain';
import type { ChangeEvent, ComponentProps } from 'react';
import styles from './field.module.css';
import { fieldDescribedBy, LabelledField } from './labelled-field';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label: string;
  hint?: string;
  /** Already translated message; shown beside the field and tied to it. */
  error?: string;
  isOptional?: boolean;
  /** Phone-style input: numeric keyboard, and anything but digits is dropped as it is typed. */
  isDigitsOnly?: boolean;
  fieldWidth?: 'short' | 'medium' | 'full';
  bare?: boolean;
};

export function TextField({
  id,
  label,
  hint,
  error,
  isOptional,
  isDigitsOnly = false,
  fieldWidth = 'full',
  bare,
  onChange,
  className,
  'aria-describedby': extraDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const widthClass =
    fieldWidth === 'short' ? styles.widthShort : fieldWidth === 'medium' ? styles.widthMedium : '';

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (isDigitsOnly) {
      const cleaned = digitsOnly(event.target.value);
      if (cleaned !== event.target.value) event.target.value = cleaned;
    }
    onChange?.(event);
  };

  return (
    <LabelledField {...{ id, label, hint, error, isOptional, bare, className }}>
      <input
        id={id}
        className={[styles.input, widthClass].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error, extraDescribedBy)}
        {...(isDigitsOnly ? { inputMode: 'numeric' as const, pattern: '[0-9]*' } : {})}
        {...inputProps}
        onChange={handleChange}
      />
    </LabelledField>
  );
}
