import type { ComponentProps } from 'react';
import { ErrorSummary, type ErrorSummaryItem } from './error-summary';

type SummarisedFormProps = Omit<ComponentProps<'form'>, 'noValidate' | 'aria-busy'> & {
  /** What the error summary lists, and its focus key (changed after every failed submit). */
  summary: { items: readonly ErrorSummaryItem[]; focusKey: number };
  /** A submit is on its way. */
  isBusy?: boolean;
};

/**
 * A form checked by the domain's rules rather than the browser's, its error summary at the top
 * (the summary, not the first field, takes focus after a failed submit).
 */
export function SummarisedForm({ summary, isBusy, children, ...formProps }: SummarisedFormProps) {
  return (
    <form noValidate aria-busy={isBusy || undefined} {...formProps}>
      <ErrorSummary items={summary.items} focusKey={summary.focusKey} />
      {children}
    </form>
  );
}
