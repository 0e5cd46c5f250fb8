import type { ComponentProps } from 'react';
import styles from './field.module.css';
import { fieldDescribedBy, LabelledField } from './labelled-field';

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
  isOptional,
  bare,
  className,
  ...selectProps
}: SelectFieldProps) {
  return (
    <LabelledField {...{ id, label, hint, error, isOptional, bare, className }}>
      <select
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, hint, error)}
        {...selectProps}
      >
        {placeholder ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}
