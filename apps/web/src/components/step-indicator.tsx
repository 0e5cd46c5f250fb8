import { canEnterStep, JOIN_STEPS } from '@coparent/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StepProgress } from './step-progress';

type StepIndicatorProps = {
  currentStep: number;
  lastCompletedStep: number;
  /** The current step's own steps (the payment page's views), shown under it. */
  children?: ReactNode;
};

/**
 * Steps 1–4 of the join funnel; a circle works only up to the last completed step + 1. The
 * payment page puts its views beneath step 4, so the page has one indicator.
 */
export function StepIndicator({ currentStep, lastCompletedStep, children }: StepIndicatorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StepProgress
      label={t('steps.label')}
      currentStep={currentStep}
      steps={JOIN_STEPS.map(({ step }) => ({
        step,
        name: t(`steps.names.${step}`, { defaultValue: '' }),
        isDone: step <= lastCompletedStep,
        isEnabled: canEnterStep(step, lastCompletedStep),
      }))}
      onSelect={(step) => {
        const path = JOIN_STEPS.find((entry) => entry.step === step)?.path;
        if (path) navigate(path);
      }}
      subSteps={children}
    />
  );
}
