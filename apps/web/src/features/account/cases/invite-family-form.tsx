import {
  CASE_PARENT_KEYS,
  type CaseParentKey,
  type CreateCaseInput,
  type CreateCaseRequest,
  CreateCaseRequestSchema,
  MAX_CHILDREN,
  supportPhoneFor,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, type Path, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChildrenRows } from '@/components/children-rows';
import { EmailField } from '@/components/email-field';
import formStyles from '@/components/form.module.css';
import { NameFields } from '@/components/name-fields';
import { PhoneField } from '@/components/phone-field';
import { SubmitRow } from '@/components/submit-row';
import { SummarisedForm } from '@/components/summarised-form';
import page from '@/features/account/components/account-page.module.css';
import { useDraftSync } from '@/lib/use-draft-sync';
import { useFieldErrorText } from '@/lib/use-field-error-text';
import { useRepeatableRows } from '@/lib/use-repeatable-rows';
import { useSummarisedSubmit } from '@/lib/use-summarised-submit';
import { useSummaryForm } from '@/lib/use-summary-form';
import { type CaseFormValues, emptyCaseChild } from './case-draft';
import styles from './cases.module.css';

type Form = UseFormReturn<CreateCaseInput, unknown, CreateCaseRequest>;

export type InviteFamilySubmitResult = { fieldErrors?: ValidationError[] } | undefined;

type InviteFamilyFormProps = {
  defaults: CaseFormValues;
  onDraftChange: (values: unknown) => void;
  /** Resolves with the server's field errors, if any; the form is reset by its key on success. */
  onSubmit: (values: CreateCaseRequest) => Promise<InviteFamilySubmitResult>;
  isSubmitting: boolean;
};

const PARENT_FIELDS = ['firstName', 'lastName', 'email', 'phoneCountryCode', 'phoneNumber'];

/** A server field ('parent2.email', 'children.0.lastName') → the form's path, if it has one. */
function formPathFor(field: string, childCount: number): Path<CreateCaseInput> | undefined {
  const [group, second, third] = field.split('.');
  if ((group === 'parent1' || group === 'parent2') && second && PARENT_FIELDS.includes(second)) {
    return `${group}.${second}` as Path<CreateCaseInput>;
  }
  const index = Number(second);
  if (group === 'children' && Number.isInteger(index) && index < childCount) {
    if (third === 'firstName' || third === 'lastName') return `children.${index}.${third}`;
  }
  return undefined;
}

/**
 * "Invite a family": both parents (names required; email for at least one; phone optional) and
 * the children (at least one; add and remove). The domain's case rules check it before sending;
 * the server's field errors (an email with an account) land beside their fields.
 */
export function InviteFamilyForm({
  defaults,
  onDraftChange,
  onSubmit,
  isSubmitting,
}: InviteFamilyFormProps) {
  const { t } = useTranslation();
  const errorText = useFieldErrorText(supportPhoneFor(undefined).display);
  const form: Form = useSummaryForm<CreateCaseInput, CreateCaseRequest>(
    zodResolver(CreateCaseRequestSchema),
    defaults,
    'onSubmit',
  );
  const { watch, getValues } = form;

  useDraftSync(watch, onDraftChange);

  const { summary, submit } = useSummarisedSubmit(form, {
    onSubmit,
    fieldFor: (field) => formPathFor(field, getValues('children')?.length ?? 0),
    errorText,
    summaryText: (path, message) => {
      const [group, index] = path.split('.');
      return group === 'parent1' || group === 'parent2'
        ? t('cases.form.summaryParent', { number: group === 'parent1' ? 1 : 2, message })
        : group === 'children' && index !== undefined && /^\d+$/.test(index)
          ? t('cases.form.summaryChild', { number: Number(index) + 1, message })
          : message;
    },
  });

  return (
    <FormProvider {...form}>
      <SummarisedForm
        className={styles.form}
        onSubmit={submit}
        isBusy={isSubmitting}
        summary={summary}
      >
        <p className={page.intro}>{t('cases.form.intro')}</p>
        {CASE_PARENT_KEYS.map((key, index) => (
          <ParentFields
            key={key}
            form={form}
            parent={key}
            number={index + 1}
            errorText={errorText}
          />
        ))}
        <ChildrenFields form={form} errorText={errorText} />
        <SubmitRow className={styles.actions} isLoading={isSubmitting}>
          {t('cases.form.submit')}
        </SubmitRow>
      </SummarisedForm>
    </FormProvider>
  );
}

type ErrorText = ReturnType<typeof useFieldErrorText>;

function ParentFields({
  form,
  parent,
  number,
  errorText,
}: {
  form: Form;
  parent: CaseParentKey;
  number: number;
  errorText: ErrorText;
}) {
  const { t } = useTranslation();
  const { register, formState } = form;
  const errors = formState.errors[parent];
  return (
    <fieldset className={formStyles.section}>
      <legend className={formStyles.sectionLegend}>
        {t('cases.form.parentLegend', { number })}
      </legend>
      <NameFields labels="cases.form" path={parent} errorText={errorText} />
      <EmailField
        id={`${parent}-email`}
        label={t('cases.form.email')}
        hint={t('cases.form.emailHint')}
        autoComplete="off"
        isOptional
        error={errorText(errors?.email)}
        {...register(`${parent}.email`)}
      />
      <PhoneField
        codeId={`${parent}-phoneCountryCode`}
        numberId={`${parent}-phoneNumber`}
        legend={t('cases.form.phoneLegend')}
        isOptional
        codeError={errorText(errors?.phoneCountryCode)}
        numberError={errorText(errors?.phoneNumber)}
        codeProps={register(`${parent}.phoneCountryCode`)}
        numberProps={{ ...register(`${parent}.phoneNumber`), autoComplete: 'off' }}
      />
    </fieldset>
  );
}

/** The children: Add appends one (focus moves to it), Remove shows with more than one. */
function ChildrenFields({ form, errorText }: { form: Form; errorText: ErrorText }) {
  const { t } = useTranslation();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'children' });
  const limitMessage = t('signup_childrenMax_error', { ns: 'validation' });
  const rows = useRepeatableRows({
    count: fields.length,
    max: MAX_CHILDREN,
    append: () => append(emptyCaseChild(), { shouldFocus: false }),
    remove,
    focusRow: (index) => form.setFocus(`children.${index}.firstName`),
    addedMessage: (number) => t('cases.form.childAdded', { number }),
    removedMessage: (number) => t('cases.form.childRemoved', { number }),
    limitMessage,
  });

  return (
    <ChildrenRows
      headingId="cases-children-heading"
      heading={t('cases.form.childrenHeading')}
      headingLevel="h3"
      rowIds={fields.map((item) => item.id)}
      legend={(number) => t('cases.form.childLegend', { number })}
      removeKey="cases.form.removeChild"
      addLabel={t('cases.form.addChild')}
      limitMessage={limitMessage}
      rows={rows}
    >
      {(index) => (
        <NameFields labels="cases.form" path={`children.${index}`} errorText={errorText} />
      )}
    </ChildrenRows>
  );
}
