import { canEnterStep, JOIN_STEPS } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './step-indicator.module.css';
import { VisuallyHidden } from './visually-hidden';

type StepIndicatorProps = { currentStep: number; lastCompletedStep: number };

/** Steps 1–4 of the join funnel; a circle works only up to the last completed step + 1. */
export function StepIndicator({ currentStep, lastCompletedStep }: StepIndicatorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className={styles.nav} aria-label={t('steps.label')}>
      <ol className={styles.list}>
        {JOIN_STEPS.map(({ step, path }) => {
          const isCurrent = step === currentStep;
          const isDone = step <= lastCompletedStep;
          const isEnabled = canEnterStep(step, lastCompletedStep);
          const stateText = isCurrent
            ? t('steps.current')
            : isDone
              ? t('steps.completed')
              : isEnabled
                ? ''
                : t('steps.notAvailable');
          return (
            <li
              key={step}
              className={[
                styles.item,
                isDone ? styles.done : '',
                isCurrent ? styles.current : '',
              ].join(' ')}
            >
              <button
                type="button"
                className={styles.step}
                disabled={!isEnabled}
                aria-current={isCurrent ? 'step' : undefined}
                onClick={() => {
                  if (!isCurrent) navigate(path);
                }}
              >
                <span className={styles.circle} aria-hidden="true">
                  {step}
                </span>
                <span className={styles.name}>
                  <VisuallyHidden>{t('steps.stepNumber', { number: step })} </VisuallyHidden>
                  {t(`steps.names.${step}`, { defaultValue: '' })}
                  {stateText ? <VisuallyHidden> ({stateText})</VisuallyHidden> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
