import { digitsOnly } from '@coparent/domain';
import type { ChangeEvent, ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './field.module.css';
import { describedBy, FieldError, FieldHint } from './field-message';

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
  isOptional = false,
  isDigitsOnly = false,
  fieldWidth = 'full',
  bare = false,
  onChange,
  className,
  'aria-describedby': extraDescribedBy,
  ...inputProps
}: TextFieldProps) {
  const { t } = useTranslation();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
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
    <div
      className={[bare ? '' : styles.field, error ? styles.hasError : '', className ?? ''].join(
        ' ',
      )}
    >
      <label className={styles.label} htmlFor={id}>
        {label}
        {isOptional ? <span className={styles.optional}> {t('common.optional')}</span> : null}
      </label>
      <FieldHint id={hintId} message={hint} />
      <FieldError id={errorId} message={error} />
      <input
        id={id}
        className={[styles.input, widthClass].join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId, extraDescribedBy)}
        {...(isDigitsOnly ? { inputMode: 'numeric' as const, pattern: '[0-9]*' } : {})}
        {...inputProps}
        onChange={handleChange}
      />
    </div>
  );
}
