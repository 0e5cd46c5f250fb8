import {
  PHONE_EXTENSION_MAX_DIGITS,
  PRO_STEP_FIELDS,
  type ProfessionalLookupsResponse,
  type ProStepOne,
  type ProStepOneInput,
  ProStepOneSchema,
  REFERRAL_OTHER_MAX_LENGTH,
  referralFieldsFor,
  withChosenReferral,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CharacterCountField } from '@/components/character-count-field';
import { EmailField } from '@/components/email-field';
import { PhoneField } from '@/components/phone-field';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { type ProStepFormProps, useProStepForm } from '../hooks/use-pro-step-form';
import type { ProStepOneDraft } from '../pro-store';
import { draftFromFields, stepOneDefaults } from '../pro-values';
import styles from './pro.module.css';
import { ProStepFormFrame } from './pro-step-form-frame';
import { UpdateListsButton } from './update-lists-button';

const zodStepOne = zodResolver(ProStepOneSchema);

/** The form's id: the page's fields are read from it when the app takes a server's page over. */
const PRO_STEP_ONE_FORM_ID = 'pro-step-one';

/** The domain's step-1 schema, applied to the fields shown (the hidden referral follow-ups are not). */
const stepOneResolver: Resolver<ProStepOneInput, unknown, ProStepOne> = (
  values,
  context,
  options,
) => zodStepOne(withChosenReferral(values), context, options);

const BASE_FIELDS = PRO_STEP_FIELDS[1].filter((field) => !field.startsWith('referral'));
const REFERRAL_FIELDS = PRO_STEP_FIELDS[1].filter((field) => field.startsWith('referral'));

const toOptions = (list: readonly { id: string; name: string }[]) =>
  list.map((option) => ({ value: option.id, label: option.name }));

/** The answers that ask who referred them: a name, and their role from one of the lookups' lists. */
const REFERRERS = {
  BENCH_OFFICER: {
    name: 'pro.one.benchOfficerName',
    nameField: 'referralBenchOfficerName',
    role: 'pro.one.benchOfficerPosition',
    roleField: 'referralBenchOfficerPosition',
    roles: 'benchOfficers',
  },
  REFERRED_BY_COLLEAGUE: {
    name: 'pro.one.colleagueName',
    nameField: 'referralColleagueName',
    role: 'pro.one.colleagueRole',
    roleField: 'referralColleagueRole',
    roles: 'colleagueRoles',
  },
} as const;

type ProStepOneFormProps = ProStepFormProps<ProStepOneDraft, ProStepOne> & {
  lookups: ProfessionalLookupsResponse;
};

/** Step 1 "About you": name, contact details, and how they heard about us. */
export function ProStepOneForm({ lookups, draft, ...stepProps }: ProStepOneFormProps) {
  const { t } = useTranslation();
  const { form, errorFor, defaultFor, fieldProps, frameProps } = useProStepForm({
    ...stepProps,
    draft,
    step: 1,
    formId: PRO_STEP_ONE_FORM_ID,
    resolver: stepOneResolver,
    defaultValues: stepOneDefaults,
    fromFields: (fields) => draftFromFields(1, fields),
    visibleFields: (): readonly string[] => [
      ...BASE_FIELDS,
      ...referralFieldsFor(form.getValues('hearAboutUs')),
    ],
  });
  const { register, control, watch, clearErrors } = form;
  const hearAboutUs = watch('hearAboutUs');
  const referrer = Object.hasOwn(REFERRERS, hearAboutUs)
    ? REFERRERS[hearAboutUs as keyof typeof REFERRERS]
    : undefined;

  const select = t('pro.select');
  return (
    <ProStepFormFrame {...frameProps} intro={t('pro.one.intro')} submitLabel={t('common.continue')}>
      <SelectField
        label={t('pro.one.titleLabel')}
        options={toOptions(lookups.titles)}
        placeholder={select}
        isOptional
        autoComplete="honorific-prefix"
        className={styles.narrow}
        {...fieldProps('title')}
      />
      <div className={styles.nameRow}>
        <TextField
          label={t('pro.one.firstName')}
          autoComplete="given-name"
          {...fieldProps('firstName')}
        />
        <TextField
          label={t('pro.one.lastName')}
          autoComplete="family-name"
          {...fieldProps('lastName')}
        />
      </div>
      <TextField
        label={t('pro.one.credentials')}
        hint={t('pro.one.credentialsHint')}
        autoComplete="honorific-suffix"
        isOptional
        fieldWidth="medium"
        {...fieldProps('credentials')}
      />
      <EmailField
        label={t('pro.one.email')}
        hint={t('pro.one.emailHint')}
        {...fieldProps('email')}
      />
      <PhoneField
        codeId="phoneCountryCode"
        numberId="phoneNumber"
        legend={t('pro.one.phoneLegend')}
        hint={t('pro.one.phoneHint')}
        codeError={errorFor('phoneCountryCode')}
        numberError={errorFor('phoneNumber')}
        codeProps={{
          defaultValue: defaultFor('phoneCountryCode'),
          ...register('phoneCountryCode'),
        }}
        numberProps={{ defaultValue: defaultFor('phoneNumber'), ...register('phoneNumber') }}
      />
      <TextField
        label={t('pro.one.extension')}
        hint={t('pro.one.extensionHint')}
        isOptional
        isDigitsOnly
        maxLength={PHONE_EXTENSION_MAX_DIGITS}
        autoComplete="tel-extension"
        fieldWidth="short"
        {...fieldProps('phoneExtension')}
      />
      <SelectField
        id="hearAboutUs"
        label={t('pro.one.hearAboutUs')}
        options={toOptions(lookups.referralSources)}
        placeholder={select}
        error={errorFor('hearAboutUs')}
        defaultValue={defaultFor('hearAboutUs')}
        {...register('hearAboutUs', {
          // The follow-ups of another answer are hidden now: so are their messages.
          onChange: (event: { target: { value: string } }) => {
            const shown = referralFieldsFor(event.target.value);
            clearErrors(REFERRAL_FIELDS.filter((field) => !shown.includes(field)));
          },
        })}
      />
      <UpdateListsButton>{t('pro.one.updateFollowUps')}</UpdateListsButton>
      {referrer ? (
        <div className={styles.conditional}>
          <TextField
            label={t(referrer.name)}
            autoComplete="off"
            {...fieldProps(referrer.nameField)}
          />
          <SelectField
            label={t(referrer.role)}
            options={toOptions(lookups[referrer.roles])}
            placeholder={select}
            {...fieldProps(referrer.roleField)}
          />
        </div>
      ) : null}
      {hearAboutUs === 'OTHER' ? (
        <div className={styles.conditional}>
          <Controller
            control={control}
            name="referralOther"
            render={({ field }) => (
              <CharacterCountField
                id="referralOther"
                label={t('pro.one.other')}
                hint={t('pro.one.otherHint', { max: REFERRAL_OTHER_MAX_LENGTH })}
                maxLength={REFERRAL_OTHER_MAX_LENGTH}
                formatCount={(remaining) =>
                  remaining >= 0
                    ? t('pro.one.charactersRemaining', { count: remaining })
                    : t('pro.one.charactersOver', { count: -remaining })
                }
                error={errorFor('referralOther')}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        </div>
      ) : null}
    </ProStepFormFrame>
  );
}
