import type { FormEvent, ReactNode, Ref } from 'react';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import styles from './code-box.module.css';

type CodeBoxProps = {
  panelId: string;
  toggleLabel: string;
  isOpen: boolean;
  onToggle: () => void;
  /** What is applied so far: always in the page, so a newly applied code is announced. */
  applied: ReactNode;
  /** The code form, or what replaces it. */
  children: ReactNode;
  className?: string;
};

/** "Have a code?": a link that opens a panel with the applied codes and the code form. */
export function CodeBox({
  panelId,
  toggleLabel,
  isOpen,
  onToggle,
  applied,
  children,
  className,
}: CodeBoxProps) {
  return (
    <div className={className ? `${styles.codeBox} ${className}` : styles.codeBox}>
      <Button variant="link" aria-expanded={isOpen} aria-controls={panelId} onClick={onToggle}>
        {toggleLabel}
      </Button>
      <div id={panelId} hidden={!isOpen} className={styles.codePanel}>
        <div role="status">{applied}</div>
        {children}
      </div>
    </div>
  );
}

type CodeFormProps = {
  fieldId: string;
  label: string;
  hint: string;
  error: string | undefined;
  applyLabel: string;
  value: string;
  onValueChange: (value: string) => void;
  isChecking: boolean;
  onApply: (code: string) => void;
  inputRef: Ref<HTMLInputElement>;
};

/** One code field and Apply: the code is trimmed, and Apply is disabled while it is blank. */
export function CodeForm({
  fieldId,
  label,
  hint,
  error,
  applyLabel,
  value,
  onValueChange,
  isChecking,
  onApply,
  inputRef,
}: CodeFormProps) {
  const trimmed = value.trim();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (trimmed === '') return;
    onValueChange(trimmed);
    onApply(trimmed);
  };
  return (
    <form className={styles.codeRow} onSubmit={submit} noValidate>
      <TextField
        id={fieldId}
        label={label}
        hint={hint}
        error={error}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onBlur={() => onValueChange(value.trim())}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        ref={inputRef}
      />
      <Button type="submit" variant="secondary" disabled={trimmed === ''} isLoading={isChecking}>
        {applyLabel}
      </Button>
    </form>
  );
}
