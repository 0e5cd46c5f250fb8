import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './step-indicator.module.css';
import { VisuallyHidden } from './visually-hidden';

type ProgressStep = {
  step: number;
  name: string;
  isDone: boolean;
  isEnabled: boolean;
};

type StepProgressProps = {
  /** The navigation's accessible name. */
  label: string;
  steps: readonly ProgressStep[];
  currentStep: number;
  onSelect: (step: number) => void;
  /** Where an enabled step links to on a page that works without a script (else a button). */
  hrefFor?: (step: number) => string;
  /** The current step's own steps (another StepProgress, `isSubSteps`), shown under it. */
  subSteps?: ReactNode;
  /** These are the sub-steps of another indicator's current step: drawn smaller, beneath it. */
  isSubSteps?: boolean;
};

/**
 * Numbered step circles: the current one is marked aria-current="step", done ones say so, and a
 * step that is not enabled is a disabled button (its state is read out). A step with steps of its
 * own (the payment page's views) shows them beneath, inside the same indicator.
 */
export function StepProgress({
  label,
  steps,
  currentStep,
  onSelect,
  hrefFor,
  subSteps,
  isSubSteps = false,
}: StepProgressProps) {
  const { t } = useTranslation();
  return (
    <nav className={isSubSteps ? styles.subNav : styles.nav} aria-label={label}>
      <ol className={styles.list}>
        {steps.map(({ step, name, isDone, isEnabled }) => {
          const isCurrent = step === currentStep;
          const stateText = isCurrent
            ? t('steps.current')
            : isDone
              ? t('steps.completed')
              : isEnabled
                ? ''
                : t('steps.notAvailable');
          const content = (
            <>
              <span className={styles.circle} aria-hidden="true">
                {step}
              </span>
              <span className={styles.name}>
                <VisuallyHidden>{t('steps.stepNumber', { number: step })} </VisuallyHidden>
                {name}
                {stateText ? <VisuallyHidden> ({stateText})</VisuallyHidden> : null}
              </span>
            </>
          );
          return (
            <li
              key={step}
              className={[
                styles.item,
                isDone ? styles.done : '',
                isCurrent ? styles.current : '',
              ].join(' ')}
            >
              {hrefFor && isEnabled && !isCurrent ? (
                <a className={styles.step} href={hrefFor(step)}>
                  {content}
                </a>
              ) : (
                <button
                  type="button"
                  className={styles.step}
                  disabled={!isEnabled}
                  aria-current={isCurrent ? 'step' : undefined}
                  onClick={() => {
                    if (!isCurrent) onSelect(step);
                  }}
                >
                  {content}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {subSteps}
    </nav>
  );
}
