import type { FamilyFormContext } from '@coparent/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackButton } from '../../components/back-button';
import { PageHeading } from '../../components/page-heading';
import { StepIndicator } from '../../components/step-indicator';
import { DuplicateWarning } from '../../features/join/components/duplicate-warning';
import { GenericError } from '../../features/join/components/generic-error';
import { StepTwoForm } from '../../features/join/components/step-two-form';
import { useFunnelStore } from '../../features/join/funnel-store';
import { useSubmitFamily } from '../../features/join/hooks/use-submit-family';
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
      {hasProblem ? <GenericError /> : null}
      <StepTwoForm
        draft={draft}
        context={context}
        onDraftChange={setDraft}
        onSubmit={submit}
        isSubmitting={isSubmitting}
      />
      <div className={styles.actions}>
        <BackButton to="/step1" />
      </div>
    </>
  );
}
