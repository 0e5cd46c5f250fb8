import {
  DEFAULT_PHONE_CODE,
  emptyChild,
  type FamilyForm,
  type FamilyFormContext,
  type FamilyFormInput,
  familyFieldsFromForm,
  isDuplicateCoParentWarning,
  type ValidationError,
} from '@coparent/domain';
import { useEffect, useMemo, useState } from 'react';
import type { Path } from 'react-hook-form';
import { FormProvider, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { JOIN_BASENAME } from '@/app/join-path';
import { CheckboxField } from '@/components/checkbox-field';
import { EmailField } from '@/components/email-field';
import styles from '@/components/form.module.css';
import { NameFields } from '@/components/name-fields';
import { PhoneField } from '@/components/phone-field';
import { SubmitRow } from '@/components/submit-row';
import { SummarisedForm } from '@/components/summarised-form';
import { NOT_CHECKED, submittedFormErrors } from '@/lib/form-errors';
import type { FormSubmission } from '@/lib/form-submission';
import { onDemandResolver } from '@/lib/on-demand';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDraftSync } from '@/lib/use-draft-sync';
import { useErrorText } from '@/lib/use-error-text';
import { useSummarisedSubmit } from '@/lib/use-summarised-submit';
import { useSummaryForm } from '@/lib/use-summary-form';
import type { StepTwoDraft } from '@/stores/funnel-store';
import { JOIN_FORM_CHECKS } from '../form-checks';
import { CoParentEmailSpeedBump } from '../speed-bump/co-parent-email-speed-bump';
import { ChildrenFields } from './children-fields';

/** The form's id: the generic error's "Try again" submits it again. */
export const STEP_TWO_FORM_ID = 'step-two-form';

/** The page (and, without a script, where the form posts: the server answers it). */
export const STEP_TWO_PATH = '/step2';

const CO_PARENT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'countryCode',
  'phoneNumber',
  'alsoText',
];
const CHILD_FIELDS = ['firstName', 'lastName', 'email'];

/** Server field name → family form path ('coParent.phoneCountryCode' → 'coParent.countryCode'). */
function familyFieldFor(field: string, childCount: number): Path<FamilyFormInput> | undefined {
  const [group, second, third] = field.split('.');
  if (group === 'coParent' && second) {
    const name = second === 'phoneCountryCode' ? 'countryCode' : second;
    return CO_PARENT_FIELDS.includes(name)
      ? (`coParent.${name}` as Path<FamilyFormInput>)
      : undefined;
  }
  const index = Number(second);
  if (group === 'children' && Number.isInteger(index) && index < childCount && third) {
    return CHILD_FIELDS.includes(third)
      ? (`children.${index}.${third}` as Path<FamilyFormInput>)
      : undefined;
  }
  return undefined;
}

function familyDefaults(draft: StepTwoDraft | undefined): FamilyFormInput {
  const children = (draft?.children ?? []).map((child) => ({ ...emptyChild(), ...child }));
  return {
    coParent: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      ...draft?.coParent,
      countryCode: draft?.coParent?.countryCode ?? DEFAULT_PHONE_CODE,
    },
    children: children.length > 0 ? children : [emptyChild()],
  };
}

export type StepTwoSubmitResult = { fieldErrors?: ValidationError[] } | undefined;

type StepTwoFormProps = {
  draft: StepTwoDraft | undefined;
  /** The kept draft, when it replaces what the server wrote (once the app has the page). */
  draftForUnchangedFields?: StepTwoDraft;
  /** The post the page answers (without a script): its problems show from the start. */
  submission?: FormSubmission;
  context: FamilyFormContext;
  onDraftChange: (draft: StepTwoDraft) => void;
  onSubmit: (values: FamilyForm) => Promise<StepTwoSubmitResult>;
  isSubmitting: boolean;
  /** The co-parent email speed-bump's treatment: ask once when the email is left empty. */
  hasEmailSpeedBump?: boolean;
};

const checks = JOIN_FORM_CHECKS['/step2'];

/** The problems of a posted family the page answers: its schema's, and the server's refusals. */
function submittedProblems(context: FamilyFormContext, submission: FormSubmission | undefined) {
  if (!submission || submission.checked === false) return undefined;
  const schema = checks.loaded?.familyFormSchema(context) ?? NOT_CHECKED;
  const values = familyFieldsFromForm(submission.values);
  // The duplicate warning is no field's problem: the page shows it above the form.
  const refusals = submission.errors.filter((error) => !isDuplicateCoParentWarning(error));
  return submittedFormErrors<FamilyFormInput>(schema, values, refusals, (field) =>
    familyFieldFor(field, values.children.length),
  );
}

export function StepTwoForm({
  draft,
  draftForUnchangedFields,
  submission,
  context,
  onDraftChange,
  onSubmit,
  isSubmitting,
  hasEmailSpeedBump = false,
}: StepTwoFormProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const resolver = useMemo(
    () =>
      onDemandResolver(async () => {
        const { familyFormSchema, zodResolver } = await checks.load();
        return zodResolver(familyFormSchema(context));
      }),
    [context],
  );
  const [firstProblems] = useState(() => submittedProblems(context, submission));
  const form = useSummaryForm<FamilyFormInput, FamilyForm>(
    resolver,
    familyDefaults(draft),
    'onSubmit',
    firstProblems?.errors,
  );
  const { register, formState, watch, getValues, setValue, setFocus, reset } = form;
  // The tab's draft (typed, not yet saved) over what the server wrote, once the app has the page.
  useEffect(() => {
    if (draftForUnchangedFields) reset(familyDefaults(draftForUnchangedFields));
  }, [draftForUnchangedFields, reset]);
  const defaultFor = (name: Path<FamilyFormInput>): string | undefined =>
    get(formState.defaultValues, name);
  const [speedBump, setSpeedBump] = useState<'unasked' | 'open' | 'asked'>('unasked');
  const errors = formState.errors;

  useDraftSync(watch, onDraftChange);

  const { summary, submit } = useSummarisedSubmit(form, {
    onSubmit: async (values) => {
      if (hasEmailSpeedBump && speedBump === 'unasked' && values.coParent.email === '') {
        setSpeedBump('open');
        return undefined;
      }
      return onSubmit(values);
    },
    fieldFor: (field) => familyFieldFor(field, getValues('children').length),
    errorText,
    firstUnplaced: firstProblems?.unplaced,
    summaryText: (path, message) => {
      const [group, index] = path.split('.');
      return group === 'coParent'
        ? t('stepTwo.summaryCoParent', { message })
        : group === 'children' && index !== undefined && /^\d+$/.test(index)
          ? t('stepTwo.summaryChild', { number: Number(index) + 1, message })
          : message;
    },
  });
  useDocumentTitle(t('stepTwo.title'), summary.items.length > 0);

  const coParentErrors = errors.coParent;
  return (
    <>
      <FormProvider {...form}>
        <SummarisedForm
          id={STEP_TWO_FORM_ID}
          className={styles.form}
          onSubmit={submit}
          summary={summary}
          method="post"
          action={`${JOIN_BASENAME}${STEP_TWO_PATH}`}
        >
          {/* Enter in a field presses the form's first submit button: Continue, not Add child. */}
          <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
          <p className={styles.intro}>{t('stepTwo.intro')}</p>
          <fieldset className={styles.section}>
            <legend className={styles.sectionLegend}>{t('stepTwo.coParentLegend')}</legend>
            <NameFields labels="stepTwo" path="coParent" errorText={errorText} />
            <EmailField
              id="coParent-email"
              label={t('stepTwo.email')}
              autoComplete="off"
              isOptional={!context.knowsCoParentEmail}
              defaultValue={defaultFor('coParent.email')}
              error={errorText(coParentErrors?.email)}
              {...register('coParent.email')}
            />
            <PhoneField
              codeId="coParent-countryCode"
              numberId="coParent-phoneNumber"
              legend={t('stepTwo.phoneLegend')}
              isOptional={context.knowsCoParentEmail}
              hint={
                context.knowsCoParentEmail ? t('stepTwo.phoneHint') : t('stepTwo.phoneHintRequired')
              }
              codeError={errorText(coParentErrors?.countryCode)}
              numberError={errorText(coParentErrors?.phoneNumber)}
              codeProps={{
                defaultValue: defaultFor('coParent.countryCode'),
                ...register('coParent.countryCode'),
              }}
              numberProps={{
                defaultValue: defaultFor('coParent.phoneNumber'),
                ...register('coParent.phoneNumber'),
                autoComplete: 'off',
              }}
            />
            {/* Always shown, so the page works without a script; the schema asks for the phone. */}
            <CheckboxField
              id="coParent-alsoText"
              label={t('stepTwo.alsoText')}
              hint={t('stepTwo.alsoTextHint')}
              error={errorText(coParentErrors?.alsoText)}
              defaultChecked={get(formState.defaultValues, 'coParent.alsoText') === true}
              {...register('coParent.alsoText')}
            />
          </fieldset>
          <ChildrenFields form={form} errors={errors} />
          <SubmitRow className={styles.actions} isLoading={isSubmitting}>
            {t('common.continue')}
          </SubmitRow>
        </SummarisedForm>
      </FormProvider>
      <CoParentEmailSpeedBump
        isOpen={speedBump === 'open'}
        coParentName={`${getValues('coParent.firstName')} ${getValues('coParent.lastName')}`.trim()}
        parentEmail={context.parentEmail}
        onEmail={(email) => {
          setValue('coParent.email', email);
          setSpeedBump('asked');
          void submit();
        }}
        onSkip={() => {
          setSpeedBump('asked');
          void submit();
        }}
        onChange={() => setFocus('coParent.firstName')}
        onDismiss={() => setSpeedBump('asked')}
      />
    </>
  );
}
