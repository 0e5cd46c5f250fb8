import { useTranslation } from 'react-i18next';
import { StepProgress } from '@/components/step-progress';
import {
  isEditingPhase,
  isStepEnabled,
  type ProMachineState,
  type ProStepNumber,
  stepOfPhase,
} from '../pro-machine';

type ProStepIndicatorProps = ProMachineState & {
  onSelect: (step: ProStepNumber) => void;
  /** A page answering a posted step: its steps are moved through by its forms' buttons. */
  isLocked?: boolean;
};

/**
 * Steps 1–3 of /pro. Only step 1 is enabled at first; a later step is enabled once the server has
 * accepted every step before it. Nothing is clickable while submitting or once registered.
 */
export function ProStepIndicator({ phase, accepted, onSelect, isLocked }: ProStepIndicatorProps) {
  const { t } = useTranslation();
  const canMove = !isLocked && isEditingPhase(phase);
  return (
    <StepProgress
      label={t('pro.steps.label')}
      currentStep={stepOfPhase(phase)}
      steps={([1, 2, 3] as const).map((step) => ({
        step,
        name: t(`pro.steps.names.${step}`),
        isDone: phase === 'SUCCESS' || accepted[step - 1] === true,
        isEnabled: canMove && isStepEnabled(accepted, step),
      }))}
      onSelect={(step) => onSelect(step as ProStepNumber)}
    />
  );
}
