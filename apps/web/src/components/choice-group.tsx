import type { Ref } from 'react';
import styles from './field.module.css';
import { describedBy, FieldError, FieldHint } from './field-message';

export type ChoiceOption = { value: string; label: string };

/** What a radio group and a checkbox group both take. */
export type ChoiceGroupFieldProps = {
  /** The first box gets this id, so an error summary link lands on the group. */
  id: string;
  name: string;
  legend: string;
  options: readonly ChoiceOption[];
  onBlur?: () => void;
  hint?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
};

type ChoiceGroupProps = ChoiceGroupFieldProps & {
  type: 'radio' | 'checkbox';
  isChecked: (option: string) => boolean;
  onOptionChange: (option: string, isChecked: boolean) => void;
  isInline?: boolean;
  isLegendLarge?: boolean;
};

/** A fieldset of radios or checkboxes with its legend, hint and error. */
export function ChoiceGroup({
  type,
  id,
  name,
  legend,
  options,
  isChecked,
  onOptionChange,
  onBlur,
  hint,
  error,
  isInline = false,
  isLegendLarge = false,
  inputRef,
}: ChoiceGroupProps) {
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
                type={type}
                name={name}
                value={option.value}
                checked={isChecked(option.value)}
                // ARIA allows aria-invalid on a checkbox, but on a radio only through its group.
                aria-invalid={type === 'checkbox' && error ? true : undefined}
                onChange={(event) => onOptionChange(option.value, event.target.checked)}
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
