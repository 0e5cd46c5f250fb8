import type { ReactNode } from 'react';
import { Button } from './button';

type SubmitRowProps = {
  /** The row's layout (the form's `actions`). */
  className?: string | undefined;
  isLoading: boolean;
  disabled?: boolean;
  children: ReactNode;
};

/** A form's submit button, alone in its actions row. */
export function SubmitRow({ className, isLoading, disabled, children }: SubmitRowProps) {
  return (
    <div className={className}>
      <Button type="submit" isLoading={isLoading} disabled={disabled}>
        {children}
      </Button>
    </div>
  );
}
