import {
  DEFAULT_PHONE_CODE,
  InviteStepOneFormSchema,
  type InviteStepOneForm as InviteStepOneValues,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../components/button';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { PhoneField } from '../../../components/phone-field';
import { TextField } from '../../../components/text-field';
import { applyServerErrors, fieldId, flattenErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../../join/components/form.module.css';
import { stepOneFieldFor } from '../../join/components/step-one-form';
import { useErrorText } from '../../join/hooks/use-error-text';
import type { InviteStepOneDraft } from '../invite-drafts';

type FormInput = z.input<typeof InviteStepOneFormSchema>;

export type InviteStepOneSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

/** Server field → form field: the join's step-1 mapping, without the join-only question. */
function fieldFor(field: string): Path<FormInput> | undefined {
  const path = stepOneFieldFor(field);
  return path === 'knowsCoParentEmail' ? undefined : (path as Path<FormInput> | undefined);
}

type InviteStepOneFormProps = {
  /** What the form starts with: the draft of this tab, else what the server knows. */
  initialValues: InviteStepOneDraft;
  onDraftChange: (draft: InviteStepOneDraft) => void;
  onSubmit: (values: InviteStepOneValues) => Promise<InviteStepOneSubmitResult>;
  isSubmitting: boolean;
  title: string;
};

/**
 * The invited co-parent's contact form (spec 001 §2 "Invite step 1"): the shared parent contact
 * schema and the first-parent step's fields and labels, without the join-only co-parent question.
 * Server errors are listed in the summary above the form and beside their fields.
 */
export function InviteStepOneForm({
  initialValues,
  onDraftChange,
  onSubmit,
  isSubmitting,
  title,
}: InviteStepOneFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>([]);
  const { register, formState, watch, handleSubmit, setError } = useForm<
    FormInput,
    unknown,
    InviteStepOneValues
  >({
    resolver: zodResolver(InviteStepOneFormSchema),
    defaultValues: {
      firstName: initialValues.firstName ?? '',
      lastName: initialValues.lastName ?? '',
      email: initialValues.email ?? '',
      countryCode: (initialValues.countryCode as FormInput['countryCode']) || DEFAULT_PHONE_CODE,
      phoneNumber: initialValues.phoneNumber ?? '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  useEffect(() => {
    const subscription = watch((values) => onDraftChange(values as InviteStepOneDraft));
    return () => subscription.unsubscribe();
  }, [watch, onDraftChange]);

  const errors = formState.errors;
  const items: ErrorSummaryItem[] = [
    ...flattenErrors(errors).map(({ path, error }) => ({
      fieldId: fieldId(path),
      message: errorText(error) ?? '',
    })),
    ...unplaced.map((error) => ({ message: error.text })),
  ];
  useDocumentTitle(title, items.length > 0);

  const submit = handleSubmit(
    async (values) => {
      setUnplaced([]);
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) {
        setUnplaced(applyServerErrors(result.fieldErrors, setError, fieldFor));
        setFocusKey((key) => key + 1);
      }
    },
    () => {
      setUnplaced([]);
      setFocusKey((key) => key + 1);
    },
  );

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <ErrorSummary items={items} focusKey={focusKey} />
      <p className={styles.intro}>{t('inviteStepOne.intro')}</p>
      <div className={styles.nameRow}>
        <TextField
          id="firstName"
          label={t('stepOne.firstName')}
          autoComplete="given-name"
          error={errorText(errors.firstName)}
          {...register('firstName')}
        />
        <TextField
          id="lastName"
          label={t('stepOne.lastName')}
          autoComplete="family-name"
          error={errorText(errors.lastName)}
          {...register('lastName')}
        />
      </div>
      <TextField
        id="email"
        label={t('stepOne.email')}
        type="email"
        autoComplete="email"
        spellCheck={false}
        error={errorText(errors.email)}
        {...register('email')}
      />
      <PhoneField
        codeId="countryCode"
        numberId="phoneNumber"
        legend={t('stepOne.phoneLegend')}
        hint={t('stepOne.phoneHint')}
        codeError={errorText(errors.countryCode)}
        numberError={errorText(errors.phoneNumber)}
        codeProps={register('countryCode')}
        numberProps={register('phoneNumber')}
      />
      <div className={styles.actions}>
        <Button type="submit" isLoading={isSubmitting}>
          {t('common.continue')}
        </Button>
      </div>
    </form>
  );
}
