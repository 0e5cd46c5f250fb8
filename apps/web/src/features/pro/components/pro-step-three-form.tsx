import { ProStepThreeSchema, SECURITY_CODE_LENGTH, SITE_PAGE_PATHS } from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { Button } from '@/components/button';
import { ErrorSummary } from '@/components/error-summary';
import { RichText } from '@/components/rich-text';
import { Spinner } from '@/components/spinner';
import { TextField } from '@/components/text-field';
import { VisuallyHidden } from '@/components/visually-hidden';
import type { ProSubmitResult } from '../hooks/use-pro-registration';
import { useProStepForm } from '../hooks/use-pro-step-form';
import type { ProStepThreeDraft } from '../pro-store';
import { PRO_STEP_FIELDS, type ProStepThreeInput, stepThreeDefaults } from '../pro-values';
import styles from './pro.module.css';

/** The step-3 form's id: the error banner's "Try again" submits it again. */
export const PRO_STEP_THREE_FORM_ID = 'pro-step-three';

const stepThreeResolver = zodResolver(ProStepThreeSchema);

/** A legal page opens in a new tab, so nothing typed here is lost (the code is never stored). */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
      <VisuallyHidden> {t('pro.three.newTab')}</VisuallyHidden>
    </a>
  );
}

type ProStepThreeFormProps = {
  /** The page title for this step ("Error: " is added while it shows problems). */
  documentTitle: string;
  /** A banner above the form reports a problem (the title says so too). */
  hasPageError?: boolean;
  draft: ProStepThreeDraft | undefined;
  onDraftChange: (draft: ProStepThreeDraft) => void;
  onSubmit: (values: ProStepThreeInput) => Promise<ProSubmitResult>;
  /** SUBMIT: the loader shows and the buttons wait. */
  isSubmitting: boolean;
  /** A reload dropped the answer and code: say why they are empty. */
  hasForgottenSecrets: boolean;
  backButton: ReactNode;
};

/** Step 3 "Security": question, answer, 4-digit code twice, the legal disclaimer, Complete. */
export function ProStepThreeForm({
  draft,
  onDraftChange,
  onSubmit,
  isSubmitting,
  documentTitle,
  hasPageError = false,
  hasForgottenSecrets,
  backButton,
}: ProStepThreeFormProps) {
  const { t } = useTranslation();
  const { form, errorFor, items, focusKey, submit } = useProStepForm({
    step: 3,
    resolver: stepThreeResolver,
    defaultValues: stepThreeDefaults(draft),
    documentTitle,
    hasPageError,
    onDraftChange,
    onSubmit,
    visibleFields: () => PRO_STEP_FIELDS[3],
  });
  const { register } = form;

  const codeProps = {
    isDigitsOnly: true,
    maxLength: SECURITY_CODE_LENGTH,
    autoComplete: 'off',
    fieldWidth: 'short',
  } as const;
  return (
    <form
      id={PRO_STEP_THREE_FORM_ID}
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-busy={isSubmitting || undefined}
    >
      <ErrorSummary items={items} focusKey={focusKey} />
      <p className={styles.intro}>{t('pro.three.intro')}</p>
      {hasForgottenSecrets ? (
        <AlertBanner tone="info">
          <p>{t('pro.three.reloaded')}</p>
        </AlertBanner>
      ) : null}
      <TextField
        id="securityQuestion"
        label={t('pro.three.securityQuestion')}
        hint={t('pro.three.securityQuestionHint')}
        autoComplete="off"
        error={errorFor('securityQuestion')}
        {...register('securityQuestion')}
      />
      <TextField
        id="securityAnswer"
        label={t('pro.three.securityAnswer')}
        hint={t('pro.three.securityAnswerHint')}
        autoComplete="off"
        error={errorFor('securityAnswer')}
        {...register('securityAnswer')}
      />
      <TextField
        id="securityCode"
        label={t('pro.three.securityCode')}
        hint={t('pro.three.securityCodeHint')}
        error={errorFor('securityCode')}
        {...codeProps}
        {...register('securityCode')}
      />
      <TextField
        id="securityCodeConfirm"
        label={t('pro.three.securityCodeConfirm')}
        error={errorFor('securityCodeConfirm')}
        {...codeProps}
        {...register('securityCodeConfirm')}
      />
      <p className={styles.disclaimer}>
        <RichText
          i18nKey="pro.three.disclaimer"
          components={{
            terms: <NewTabLink href={SITE_PAGE_PATHS.terms} />,
            privacy: <NewTabLink href={SITE_PAGE_PATHS.privacy} />,
          }}
        />
      </p>
      {isSubmitting ? <Spinner label={t('pro.three.submitting')} /> : null}
      <div className={styles.actions}>
        <Button type="submit" isLoading={isSubmitting}>
          {t('pro.three.complete')}
        </Button>
        {backButton}
      </div>
    </form>
  );
}
