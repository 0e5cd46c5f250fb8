import { PRO_FORM_PATH } from '@coparent/domain';
import type { ComponentProps, ReactNode } from 'react';
import { JOIN_BASENAME } from '@/app/join-path';
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
  /** What the form posts besides its fields, without a script (the step, the earlier steps). */
  hiddenFields: Readonly<Record<string, string | readonly string[]>>;
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
  hiddenFields,
  children,
}: ProStepFormFrameProps) {
  return (
    <SummarisedForm
      id={id}
      className={styles.form}
      // Without a script (or on a page answering a post) the server answers the step.
      action={`${JOIN_BASENAME}${PRO_FORM_PATH}`}
      method="post"
      onSubmit={onSubmit}
      isBusy={isSubmitting}
      summary={{ items, focusKey }}
    >
      {Object.entries(hiddenFields).flatMap(([name, value]) =>
        (typeof value === 'string' ? [value] : value).map((one) => (
          <input key={`${name}=${one}`} type="hidden" name={name} value={one} />
        )),
      )}
      {/* Without a script Enter in a field presses the first submit button: Continue, not Update. */}
      <noscript>
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </noscript>
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
