import { EXPERIMENTS, type FamilyFormContext, isTreatment } from '@coparent/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '@/components/back-button';
import { GenericError } from '@/components/generic-error';
import { PageHeading } from '@/components/page-heading';
import { StepIndicator } from '@/components/step-indicator';
import { DuplicateWarning } from '@/features/join/components/duplicate-warning';
import { STEP_TWO_FORM_ID, StepTwoForm } from '@/features/join/components/step-two-form';
import { useSubmitFamily } from '@/features/join/hooks/use-submit-family';
import { phonePricingCriteria } from '@/features/packages/api/get-pricing-group';
import { usePrefetchOfferedPackages } from '@/features/packages/hooks/use-prefetch-offered-packages';
import { useFlag } from '@/lib/flags';
import { useFunnelStore } from '@/stores/funnel-store';
import styles from './routes.module.css';

/** /step2 "Invite your co-parent": the co-parent and the children. */
export function StepTwoRoute() {
  const { t } = useTranslation();
  const [draft] = useState(() => useFunnelStore.getState().stepTwoValues);
  const setDraft = useFunnelStore((s) => s.setStepTwoValues);
  const lastCompletedStep = useFunnelStore((s) => s.lastCompletedStep);
  const parentEmail = useFunnelStore((s) => s.stepOneValues?.email);
  const parentCode = useFunnelStore((s) => s.stepOneValues?.countryCode);
  const parentPhone = useFunnelStore((s) => s.stepOneValues?.phoneNumber);
  const knowsCoParentEmail = useFunnelStore((s) => s.stepOneValues?.knowsCoParentEmail);
  const { submit, confirmDuplicate, warning, isSubmitting, hasProblem } = useSubmitFamily();
  const hasEmailSpeedBump = isTreatment(useFlag(EXPERIMENTS.coParentEmailSpeedBump));
  // /step3's packages, while the family is typed: Continue then waits for the save alone.
  const billingCountry = useFunnelStore((s) => s.billingCountry);
  usePrefetchOfferedPackages(phonePricingCriteria(parentCode, parentPhone, billingCountry));

  const context = useMemo<FamilyFormContext>(
    () => ({
      parentEmail: parentEmail ?? '',
      parentPhone:
        parentCode && parentPhone
          ? { countryCode: parentCode, phoneNumber: parentPhone }
          : undefined,
      knowsCoParentEmail: knowsCoParentEmail ?? false,
    }),
    [parentEmail, parentCode, parentPhone, knowsCoParentEmail],
  );

  return (
    <>
      <StepIndicator currentStep={2} lastCompletedStep={lastCompletedStep} />
      <PageHeading>{t('stepTwo.title')}</PageHeading>
      {warning ? (
        <DuplicateWarning
          text={warning}
          onContinue={confirmDuplicate}
          isContinuing={isSubmitting}
        />
      ) : null}
      {hasProblem ? <GenericError retry={{ formId: STEP_TWO_FORM_ID }} /> : null}
      <StepTwoForm
        draft={draft}
        context={context}
        onDraftChange={setDraft}
        onSubmit={submit}
        isSubmitting={isSubmitting}
        hasEmailSpeedBump={hasEmailSpeedBump}
      />
      <div className={styles.actions}>
        <BackButton to="/step1" />
      </div>
    </>
  );
}
