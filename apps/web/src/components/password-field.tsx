import type { ComponentProps } from 'react';
import styles from './form-layout/field-with-button.module.css';
import { PasswordToggle } from './password-toggle';
import { TextField } from './text-field';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type'> & {
  /** Which password the browser may fill or offer to save. */
  autoComplete: 'current-password' | 'new-password';
  /** Shown as plain text (the show/hide toggle was pressed). */
  isShown?: boolean;
};

/** A password field: hidden unless shown, no capitals and no spelling marks. */
export function PasswordField({ isShown = false, ...props }: PasswordFieldProps) {
  return (
    <TextField
      type={isShown ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  );
}

type RevealablePasswordFieldProps = PasswordFieldProps & {
  isShown: boolean;
  onToggle: () => void;
  /** The ids the toggle shows when it also shows another field (a confirmation); its own by default. */
  controls?: string;
  showLabel: string;
  hideLabel: string;
};

/** A password field with its show/hide toggle beside it (below it on a narrow screen). */
export function RevealablePasswordField({
  onToggle,
  controls,
  showLabel,
  hideLabel,
  ...field
}: RevealablePasswordFieldProps) {
  return (
    <div className={styles.fieldWithButton}>
      <PasswordField {...field} />
      <PasswordToggle
        isShown={field.isShown}
        onToggle={onToggle}
        controls={controls ?? field.id}
        showLabel={showLabel}
        hideLabel={hideLabel}
      />
    </div>
  );
}
