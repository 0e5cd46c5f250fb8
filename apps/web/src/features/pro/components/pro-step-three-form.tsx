import { PRO_STEP_FIELDS, ProStepThreeSchema } from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { legalPageLinks } from '@/components/legal-page-links';
import { RichText } from '@/components/rich-text';
import { SecurityCodeField } from '@/components/security-code-field';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { type ProStepFormProps, useProStepForm } from '../hooks/use-pro-step-form';
import type { ProStepThreeDraft } from '../pro-store';
import { draftFromFields, type ProStepThreeInput, stepThreeDefaults } from '../pro-values';
import styles from './pro.module.css';
import { ProStepFormFrame } from './pro-step-form-frame';

/** The step-3 form's id: the error banner's "Try again" submits it again. */
export const PRO_STEP_THREE_FORM_ID = 'pro-step-three';

const stepThreeResolver = zodResolver(ProStepThreeSchema);

/** `isSubmitting`: the loader shows and the buttons wait. */
type ProStepThreeFormProps = ProStepFormProps<ProStepThreeDraft, ProStepThreeInput> & {
  /** A reload dropped the answer and code: say why they are empty. */
  hasForgottenSecrets: boolean;
  backButton: ReactNode;
};

/** Step 3 "Security": question, answer, 4-digit code twice, the legal disclaimer, Complete. */
export function ProStepThreeForm({
  draft,
  hasForgottenSecrets,
  backButton,
  ...stepProps
}: ProStepThreeFormProps) {
  const { t } = useTranslation();
  const { fieldProps, frameProps } = useProStepForm({
    ...stepProps,
    draft,
    step: 3,
    formId: PRO_STEP_THREE_FORM_ID,
    resolver: stepThreeResolver,
    defaultValues: stepThreeDefaults,
    fromFields: (fields) => draftFromFields(3, fields),
    visibleFields: () => PRO_STEP_FIELDS[3],
  });

  return (
    <ProStepFormFrame
      {...frameProps}
      intro={t('pro.three.intro')}
      submitLabel={t('pro.three.complete')}
      backButton={backButton}
    >
      {hasForgottenSecrets ? (
        <AlertBanner tone="info">
          <p>{t('pro.three.reloaded')}</p>
        </AlertBanner>
      ) : null}
      <TextField
        label={t('pro.three.securityQuestion')}
        hint={t('pro.three.securityQuestionHint')}
        autoComplete="off"
        {...fieldProps('securityQuestion')}
      />
      <TextField
        label={t('pro.three.securityAnswer')}
        hint={t('pro.three.securityAnswerHint')}
        autoComplete="off"
        {...fieldProps('securityAnswer')}
      />
      <SecurityCodeField
        label={t('pro.three.securityCode')}
        hint={t('pro.three.securityCodeHint')}
        {...fieldProps('securityCode')}
      />
      <SecurityCodeField
        label={t('pro.three.securityCodeConfirm')}
        {...fieldProps('securityCodeConfirm')}
      />
      <p className={styles.disclaimer}>
        <RichText
          i18nKey="pro.three.disclaimer"
          components={legalPageLinks(t('pro.three.newTab'))}
        />
      </p>
      {stepProps.isSubmitting ? <Spinner label={t('pro.three.submitting')} /> : null}
    </ProStepFormFrame>
  );
}
