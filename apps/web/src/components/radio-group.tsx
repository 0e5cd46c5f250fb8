import type { Ref } from 'react';
import styles from './field.module.css';
import { describedBy, FieldError, FieldHint } from './field-message';

type RadioOption = { value: string; label: string };

type RadioGroupProps = {
  /** The first radio gets this id, so an error summary link lands on the group. */
  id: string;
  name: string;
  legend: string;
  options: readonly RadioOption[];
  value?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: string;
  error?: string;
  isInline?: boolean;
  isLegendLarge?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

export function RadioGroup({
  id,
  name,
  legend,
  options,
  value,
  onChange,
  onBlur,
  hint,
  error,
  isInline = false,
  isLegendLarge = false,
  inputRef,
}: RadioGroupProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={[styles.fieldset, error ? styles.hasError : ''].join(' ')}
      aria-describedby={describedBy(hint && hintId, error && errorId)}
    >
      <legend className={[styles.legend, isLegendLarge ? styles.legendLarge : ''].join(' ')}>
        {legend}
      </legend>
      <FieldHint id={hintId} message={hint} />
      <FieldError id={errorId} message={error} />
      <div className={[styles.radios, isInline ? styles.radiosInline : ''].join(' ')}>
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option.value}`;
          return (
            <label key={option.value} className={styles.radio} htmlFor={optionId}>
              <input
                id={optionId}
                ref={index === 0 ? inputRef : undefined}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
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
