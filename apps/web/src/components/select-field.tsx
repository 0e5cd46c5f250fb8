import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './field.module.css';
import { describedBy, FieldError, FieldHint } from './field-message';

type SelectOption = { value: string; label: string };

type SelectFieldProps = Omit<ComponentProps<'select'>, 'id' | 'children'> & {
  id: string;
  label: string;
  options: readonly SelectOption[];
  hint?: string;
  error?: string;
  placeholder?: string;
  isOptional?: boolean;
  bare?: boolean;
};

export function SelectField({
  id,
  label,
  options,
  hint,
  error,
  placeholder,
  isOptional = false,
  bare = false,
  className,
  ...selectProps
}: SelectFieldProps) {
  const { t } = useTranslation();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
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
      <select
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        {...selectProps}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
