import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/components/button';
import type { ErrorSummaryItem } from '@/components/error-summary';
import { SummarisedForm } from '@/components/summarised-form';
import styles from './pro.module.css';

type ProStepFormFrameProps = {
  id?: string;
  intro: string;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  isSubmitting: boolean;
  items: readonly ErrorSummaryItem[];
  focusKey: number;
  submitLabel: string;
  /** The Back button (the route decides where it goes); step 1 has none. */
  backButton?: ReactNode;
  children: ReactNode;
};

/** What every professional step's form shows around its fields: the error summary, the intro, the buttons. */
export function ProStepFormFrame({
  id,
  intro,
  onSubmit,
  isSubmitting,
  items,
  focusKey,
  submitLabel,
  backButton,
  children,
}: ProStepFormFrameProps) {
  return (
    <SummarisedForm
      id={id}
      className={styles.form}
      onSubmit={onSubmit}
      isBusy={isSubmitting}
      summary={{ items, focusKey }}
    >
      <p className={styles.intro}>{intro}</p>
      {children}
      <div className={styles.actions}>
        <Button type="submit" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
        {backButton}
      </div>
    </SummarisedForm>
  );
}
