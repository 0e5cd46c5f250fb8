import {
  DEFAULT_PHONE_CODE,
  type StepOneFormInput,
  StepOneFormSchema,
  type StepOneForm as StepOneValues,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { PhoneField } from '../../../components/phone-field';
import { RadioGroup } from '../../../components/radio-group';
import { TextField } from '../../../components/text-field';
import { applyServerErrors, fieldId, flattenErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { StepOneDraft } from '../funnel-store';
import { useErrorText } from '../hooks/use-error-text';
import styles from './form.module.css';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'phoneNumber',
  'knowsCoParentEmail',
] as const;

/** Server field name → step-1 form field ('parent.phoneCountryCode' → 'countryCode'). */
export function stepOneFieldFor(field: string): Path<StepOneFormInput> | undefined {
  const name = field.replace(/^parent\./, '').replace(/^phoneCountryCode$/, 'countryCode');
  return (FIELDS as readonly string[]).includes(name)
    ? (name as Path<StepOneFormInput>)
    : undefined;
}

export type StepOneSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

type StepOneFormProps = {
  draft: StepOneDraft | undefined;
  onDraftChange: (draft: StepOneDraft) => void;
  onSubmit: (values: StepOneValues) => Promise<StepOneSubmitResult>;
  isSubmitting: boolean;
};

export function StepOneForm({ draft, onDraftChange, onSubmit, isSubmitting }: StepOneFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>([]);
  const form = useForm<StepOneFormInput, unknown, StepOneValues>({
    resolver: zodResolver(StepOneFormSchema),
    defaultValues: {
      firstName: draft?.firstName ?? '',
      lastName: draft?.lastName ?? '',
      email: draft?.email ?? '',
      countryCode: draft?.countryCode ?? DEFAULT_PHONE_CODE,
      phoneNumber: draft?.phoneNumber ?? '',
      knowsCoParentEmail: draft?.knowsCoParentEmail,
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { register, control, formState, watch, handleSubmit, setError } = form;

  useEffect(() => {
    const subscription = watch((values) => onDraftChange(values as StepOneDraft));
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
  useDocumentTitle(t('stepOne.title'), items.length > 0);

  const submit = handleSubmit(
    async (values) => {
      setUnplaced([]);
      const result = await onSubmit(values);
      if (result?.fieldErrors?.length) {
        setUnplaced(applyServerErrors(result.fieldErrors, setError, stepOneFieldFor));
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
      <p className={styles.intro}>{t('stepOne.intro')}</p>
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
      <Controller
        control={control}
        name="knowsCoParentEmail"
        render={({ field, fieldState }) => (
          <RadioGroup
            id="knowsCoParentEmail"
            name={field.name}
            legend={t('stepOne.knowsCoParentEmail')}
            hint={t('stepOne.knowsCoParentEmailHint')}
            options={[
              { value: 'yes', label: t('common.yes') },
              { value: 'no', label: t('common.no') },
            ]}
            value={field.value === undefined ? undefined : field.value ? 'yes' : 'no'}
            onChange={(value) => field.onChange(value === 'yes')}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errorText(fieldState.error)}
            isInline
          />
        )}
      />
      <div className={styles.actions}>
        <Button type="submit" isLoading={isSubmitting}>
          {t('common.continue')}
        </Button>
      </div>
    </form>
  );
}
