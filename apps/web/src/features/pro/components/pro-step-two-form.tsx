import {
  isPostalCodeRequired,
  PRO_ROLES_FORM_FIELD,
  PRO_STEP_FIELDS,
  type ProfessionalLookupsResponse,
  type ProStepTwo,
  ProStepTwoSchema,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { CheckboxGroup } from '@/components/checkbox-group';
import { SelectField } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { useLocale } from '@/lib/use-locale';
import { useProTimeZones } from '../api/get-pro-time-zones';
import { type ProStepFormProps, useProStepForm } from '../hooks/use-pro-step-form';
import type { ProStepTwoDraft } from '../pro-store';
import { draftFromFields, stepTwoDefaults } from '../pro-values';
import styles from './pro.module.css';
import { ProStepFormFrame } from './pro-step-form-frame';
import { UpdateListsButton } from './update-lists-button';

const stepTwoResolver = zodResolver(ProStepTwoSchema);

const PRO_STEP_TWO_FORM_ID = 'pro-step-two';

/** The page's step-2 fields → the draft, with every ticked role (a form's fields keep one a name). */
function stepTwoDraftFromFields(fields: Record<string, string>): ProStepTwoDraft {
  const form = document.getElementById(PRO_STEP_TWO_FORM_ID);
  const roles =
    form instanceof HTMLFormElement ? new FormData(form).getAll(PRO_ROLES_FORM_FIELD) : [];
  return { ...draftFromFields(2, fields), roles: roles.map(String) };
}

/** Key of the roles offered in every country without a list of its own. */
const DEFAULT_ROLES_KEY = 'DEFAULT';

type Option = { id: string; name: string };

const toOptions = (list: readonly Option[]) =>
  list.map((option) => ({ value: option.id, label: option.name }));

function regionsOf(lookups: ProfessionalLookupsResponse, country: string): readonly Option[] {
  return lookups.regions[country] ?? [];
}

/** [the items that pass, the items that do not]. */
function partition<T>(items: readonly T[], passes: (item: T) => boolean): [T[], T[]] {
  return [items.filter(passes), items.filter((item) => !passes(item))];
}

function rolesOf(lookups: ProfessionalLookupsResponse, country: string): readonly Option[] {
  return lookups.rolesByCountry[country] ?? lookups.rolesByCountry[DEFAULT_ROLES_KEY] ?? [];
}

type ProStepTwoFormProps = ProStepFormProps<ProStepTwoDraft, ProStepTwo> & {
  lookups: ProfessionalLookupsResponse;
  /** The Back button (the route decides where it goes). */
  backButton: ReactNode;
};

/**
 * Step 2 "Your practice". The region, time-zone and role lists follow the country: a new country
 * clears the region, the time zone and the roles it does not offer (and says which roles went); a
 * new region clears the time zone.
 */
export function ProStepTwoForm({ lookups, draft, backButton, ...stepProps }: ProStepTwoFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { form, errorFor, defaultFor, fieldProps, frameProps } = useProStepForm({
    ...stepProps,
    draft,
    step: 2,
    formId: PRO_STEP_TWO_FORM_ID,
    resolver: stepTwoResolver,
    defaultValues: stepTwoDefaults,
    fromFields: stepTwoDraftFromFields,
    visibleFields: () => PRO_STEP_FIELDS[2],
  });
  const { register, control, watch, getValues, setValue } = form;

  const country = watch('country');
  const region = watch('region');
  const regions = regionsOf(lookups, country);
  const hasRegionList = regions.length > 0;
  const roles = rolesOf(lookups, country);
  const timeZones = useProTimeZones(country, hasRegionList && region ? region : undefined);

  const [removedRoles, setRemovedRoles] = useState('');
  const changeCountry = (next: string) => {
    const nextRegions = regionsOf(lookups, next);
    const currentRegion = getValues('region');
    const keepsRegion =
      nextRegions.length > 0
        ? nextRegions.some((option) => option.id === currentRegion)
        : regions.length === 0;
    const options = { shouldDirty: true };
    if (!keepsRegion) setValue('region', '', options);
    setValue('timezone', '', options);
    const offered = new Set(rolesOf(lookups, next).map((role) => role.id));
    const [kept, removed] = partition(getValues('roles'), (role) => offered.has(role));
    setValue('roles', kept, options);
    // Say which roles went, rather than letting ticks vanish unnoticed.
    const names = roles.filter((role) => removed.includes(role.id)).map((role) => role.name);
    const countryName = lookups.countries.find((option) => option.id === next)?.name ?? next;
    setRemovedRoles(
      names.length > 0
        ? t('pro.two.rolesRemoved', {
            count: names.length,
            roles: new Intl.ListFormat(locale, { type: 'conjunction' }).format(names),
            country: countryName,
          })
        : '',
    );
  };

  const select = t('pro.select');
  const zones = timeZones.data ?? [];
  const isLoadingZones = timeZones.isPending && Boolean(country);
  return (
    <ProStepFormFrame
      {...frameProps}
      intro={t('pro.two.intro')}
      submitLabel={t('common.continue')}
      backButton={backButton}
    >
      <TextField
        label={t('pro.two.practiceName')}
        autoComplete="organization"
        {...fieldProps('practiceName')}
      />
      <TextField
        label={t('pro.two.addressLine1')}
        autoComplete="address-line1"
        {...fieldProps('addressLine1')}
      />
      <TextField
        label={t('pro.two.addressLine2')}
        autoComplete="address-line2"
        isOptional
        {...fieldProps('addressLine2')}
      />
      <SelectField
        id="country"
        label={t('pro.two.country')}
        options={toOptions(lookups.countries)}
        placeholder={select}
        autoComplete="country"
        error={errorFor('country')}
        defaultValue={defaultFor('country')}
        {...register('country', {
          onChange: (event: { target: { value: string } }) => changeCountry(event.target.value),
        })}
      />
      <TextField
        label={t('pro.two.city')}
        autoComplete="address-level2"
        fieldWidth="medium"
        {...fieldProps('city')}
      />
      {hasRegionList ? (
        <SelectField
          id="region"
          label={t('pro.two.region')}
          options={toOptions(regions)}
          placeholder={select}
          autoComplete="address-level1"
          error={errorFor('region')}
          defaultValue={defaultFor('region')}
          {...register('region', {
            onChange: () => setValue('timezone', '', { shouldDirty: true }),
          })}
        />
      ) : (
        <TextField
          label={t('pro.two.regionText')}
          autoComplete="address-level1"
          isOptional
          fieldWidth="medium"
          {...fieldProps('region')}
        />
      )}
      <UpdateListsButton>{t('pro.two.updateLists')}</UpdateListsButton>
      <TextField
        label={t('pro.two.postalCode')}
        autoComplete="postal-code"
        isOptional={!isPostalCodeRequired(country)}
        fieldWidth="short"
        spellCheck={false}
        {...fieldProps('postalCode')}
      />
      {!isLoadingZones && !timeZones.isError && zones.length === 0 && country ? (
        <TextField label={t('pro.two.timezone')} fieldWidth="medium" {...fieldProps('timezone')} />
      ) : (
        // Controlled: the options arrive after the value (a restored draft), and must show it.
        <Controller
          control={control}
          name="timezone"
          render={({ field }) => (
            <SelectField
              id="timezone"
              label={t('pro.two.timezone')}
              options={toOptions(zones)}
              placeholder={isLoadingZones ? t('pro.two.timezoneLoading') : select}
              aria-busy={isLoadingZones || undefined}
              error={errorFor('timezone')}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      )}
      {timeZones.isError ? (
        <p className={styles.inlineProblem} role="alert">
          {t('pro.two.timezoneError')}
          <Button variant="link" onClick={() => void timeZones.refetch()}>
            {t('pro.retry')}
          </Button>
        </p>
      ) : null}
      <p role="status" className={styles.rolesRemoved}>
        {removedRoles}
      </p>
      <Controller
        control={control}
        name="roles"
        render={({ field }) => (
          <CheckboxGroup
            id="roles"
            // Without a script the boxes post as a list.
            name={PRO_ROLES_FORM_FIELD}
            legend={t('pro.two.roles')}
            hint={t('pro.two.rolesHint')}
            options={toOptions(roles)}
            value={field.value ?? []}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errorFor('roles')}
          />
        )}
      />
    </ProStepFormFrame>
  );
}
