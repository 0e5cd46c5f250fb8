import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './field.module.css';
import { describedBy, FieldError, FieldHint } from './field-message';

type LabelledFieldProps = {
  /** The control's id: the label points at it, the hint and the error take their ids from it. */
  id: string;
  label: string;
  hint?: string;
  error?: string;
  isOptional?: boolean;
  /** No field spacing: the field sits in a row that spaces its parts itself. */
  bare?: boolean;
  className?: string;
  /** The control, tied to the hint and error by `fieldDescribedBy`. */
  children: ReactNode;
};

/** A form field's frame: its label (saying "optional" where it is), hint and error above the control. */
export function LabelledField({
  id,
  label,
  hint,
  error,
  isOptional = false,
  bare = false,
  className,
  children,
}: LabelledFieldProps) {
  const { t } = useTranslation();
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
      <FieldHint id={`${id}-hint`} message={hint} />
      <FieldError id={`${id}-error`} message={error} />
      {children}
    </div>
  );
}

/** The control's aria-describedby: the hint and error `LabelledField` shows, then any other ids. */
export function fieldDescribedBy(
  id: string,
  hint: string | undefined,
  error: string | undefined,
  ...others: (string | undefined)[]
): string | undefined {
  return describedBy(hint && `${id}-hint`, error && `${id}-error`, ...others);
}
