import type { Ref } from 'react';
import styles from './field.module.css';
import { describedBy, FieldError, FieldHint } from './field-message';

type CheckboxOption = { value: string; label: string };

type CheckboxGroupProps = {
  /** The first checkbox gets this id, so an error summary link lands on the group. */
  id: string;
  name: string;
  legend: string;
  options: readonly CheckboxOption[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** A fieldset of checkboxes whose value is the list of checked options, in the options' order. */
export function CheckboxGroup({
  id,
  name,
  legend,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
  inputRef,
}: CheckboxGroupProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const toggle = (option: string, isChecked: boolean) => {
    const next = new Set(value);
    if (isChecked) next.add(option);
    else next.delete(option);
    onChange(options.map((o) => o.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset
      className={[styles.fieldset, error ? styles.hasError : ''].join(' ')}
      aria-describedby={describedBy(hint && hintId, error && errorId)}
    >
      <legend className={styles.legend}>{legend}</legend>
      <FieldHint id={hintId} message={hint} />
      <FieldError id={errorId} message={error} />
      <div className={styles.radios}>
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option.value}`;
          return (
            <label key={option.value} className={styles.radio} htmlFor={optionId}>
              <input
                id={optionId}
                ref={index === 0 ? inputRef : undefined}
                type="checkbox"
                name={name}
                value={option.value}
                checked={value.includes(option.value)}
                aria-invalid={error ? true : undefined}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={onBlur}
              />
              <span>{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
