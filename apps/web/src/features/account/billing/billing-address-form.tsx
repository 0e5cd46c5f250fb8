import {
  ACCOUNT_BILLING_FORM_FIELDS,
  type Billing,
  billingSchema,
  isPostalCodeRequired,
  listCountries,
  type PlaceAddress,
  regionsFor,
  supportPhoneFor,
  timeZonesFor,
  type ValidationError,
} from '@coparent/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { Controller, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AddressAutocompleteField } from '../../../components/address-autocomplete/address-autocomplete-field';
import { Button } from '../../../components/button';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/error-summary';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { applyServerErrors, fieldId, flattenErrors } from '../../../lib/form-errors';
import { useFieldErrorText } from '../../../lib/use-field-error-text';
import { useLocale } from '../../../lib/use-locale';
import styles from './account-billing.module.css';
import type { BillingFormInput } from './billing-draft';

/** The form's values sit under `billing`, so field ids match the checkout's (`billing-city`). */
export type BillingAddressFormInput = { billing: BillingFormInput };
type BillingAddressFormValues = { billing: Billing };

// The checkout's billing rules, as the domain writes them (the server runs the same ones).
const resolver = zodResolver(z.object({ billing: billingSchema })) as unknown as Resolver<
  BillingAddressFormInput,
  unknown,
  BillingAddressFormValues
>;

function formPathFor(field: string): Path<BillingAddressFormInput> | undefined {
  const name = ACCOUNT_BILLING_FORM_FIELDS[field as keyof typeof ACCOUNT_BILLING_FORM_FIELDS];
  return name ? `billing.${name}` : undefined;
}

/** What a save tells the form: done, or the server's field errors to place. */
export type BillingSaveResult = { fieldErrors: ValidationError[] } | undefined;

type BillingAddressFormProps = {
  defaultValues: BillingFormInput;
  onSubmit: (values: Billing) => Promise<BillingSaveResult>;
  /** Every change of what is typed (the page keeps it for the tab). */
  onDraftChange: (values: Partial<BillingFormInput>) => void;
  isSubmitting: boolean;
  onErrorsChange: (hasErrors: boolean) => void;
};

/**
 * The billing address and time zone, with the checkout's billing view's rules and dependencies: a
 * new country clears the region and the time zone; a new region clears the time zone; a single
 * time zone is chosen without asking. Built from the shared field components (the checkout's
 * BillingForm also asks the referral and keeps its draft in the checkout store).
 */
export function BillingAddressForm({
  defaultValues,
  onSubmit,
  onDraftChange,
  isSubmitting,
  onErrorsChange,
}: BillingAddressFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [focusKey, setFocusKey] = useState(0);
  const [unplaced, setUnplaced] = useState<ValidationError[]>([]);
  const { register, control, formState, watch, handleSubmit, setError, setValue } = useForm<
    BillingAddressFormInput,
    unknown,
    BillingAddressFormValues
  >({
    resolver,
    defaultValues: { billing: defaultValues },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  useEffect(() => {
    const subscription = watch((values) => {
      if (values.billing) onDraftChange(values.billing as Partial<BillingFormInput>);
    });
    return () => subscription.unsubscribe();
  }, [watch, onDraftChange]);

  const country = watch('billing.country');
  const region = watch('billing.region');
  const timezone = watch('billing.timezone');
  const errorText = useFieldErrorText(supportPhoneFor(country).display);

  const countries = useMemo(() => listCountries(locale), [locale]);
  const regions = useMemo(() => regionsFor(country, locale), [country, locale]);
  const hasRegionList = regions.length > 0;
  const zones = useMemo(
    () => timeZonesFor(country, hasRegionList && region ? region : undefined, locale),
    [country, region, hasRegionList, locale],
  );

  // A single time zone (most countries, and most states) needs no choice.
  useEffect(() => {
    const only = zones.length === 1 ? zones[0] : undefined;
    if (only && timezone !== only.id) setValue('billing.timezone', only.id);
  }, [zones, timezone, setValue]);

  const errors = formState.errors;
  const items: ErrorSummaryItem[] = [
    ...flattenErrors(errors).map(({ path, error }) => ({
      fieldId: fieldId(path),
      message: errorText(error) ?? '',
    })),
    ...unplaced.map((error) => ({ message: error.text })),
  ];
  const hasErrors = items.length > 0;
  useEffect(() => onErrorsChange(hasErrors), [hasErrors, onErrorsChange]);

  const clearTimeZone = () => setValue('billing.timezone', '', { shouldDirty: true });
  const changeCountry = () => {
    setValue('billing.region', '', { shouldDirty: true });
    clearTimeZone();
  };

  // A picked address (places autocomplete) fills what it knows; a new address clears the time zone.
  const pickAddress = (address: PlaceAddress) => {
    setValue('billing.billingAddress', address.line1, { shouldDirty: true });
    if (address.city) setValue('billing.city', address.city, { shouldDirty: true });
    if (address.country) setValue('billing.country', address.country, { shouldDirty: true });
    setValue('billing.region', address.region, { shouldDirty: true });
    if (address.postalCode) {
      setValue('billing.postalCode', address.postalCode, { shouldDirty: true });
    }
    clearTimeZone();
  };

  const submit = handleSubmit(
    async (values) => {
      setUnplaced([]);
      const result = await onSubmit(values.billing);
      if (result?.fieldErrors.length) {
        setUnplaced(applyServerErrors(result.fieldErrors, setError, formPathFor));
        setFocusKey((key) => key + 1);
      }
    },
    () => {
      setUnplaced([]);
      setFocusKey((key) => key + 1);
    },
  );

  const select = t('accountBilling.form.select');
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-busy={isSubmitting || undefined}
    >
      <ErrorSummary items={items} focusKey={focusKey} />
      <AddressAutocompleteField
        id="billing-billingAddress"
        label={t('accountBilling.form.address')}
        error={errorText(errors.billing?.billingAddress)}
        country={country}
        onAddressPicked={pickAddress}
        {...register('billing.billingAddress')}
      />
      <TextField
        id="billing-billingAddress2"
        label={t('accountBilling.form.address2')}
        autoComplete="address-line2"
        isOptional
        error={errorText(errors.billing?.billingAddress2)}
        {...register('billing.billingAddress2')}
      />
      <TextField
        id="billing-city"
        label={t('accountBilling.form.city')}
        autoComplete="address-level2"
        fieldWidth="medium"
        error={errorText(errors.billing?.city)}
        {...register('billing.city')}
      />
      <SelectField
        id="billing-country"
        label={t('accountBilling.form.country')}
        options={countries.map((c) => ({ value: c.id, label: c.name }))}
        placeholder={select}
        autoComplete="country"
        error={errorText(errors.billing?.country)}
        {...register('billing.country', { onChange: changeCountry })}
      />
      {hasRegionList ? (
        <SelectField
          id="billing-region"
          label={t('accountBilling.form.region')}
          options={regions.map((r) => ({ value: r.id, label: r.name }))}
          placeholder={select}
          autoComplete="address-level1"
          error={errorText(errors.billing?.region)}
          {...register('billing.region', { onChange: clearTimeZone })}
        />
      ) : (
        <TextField
          id="billing-region"
          label={t('accountBilling.form.regionText')}
          autoComplete="address-level1"
          isOptional
          fieldWidth="medium"
          error={errorText(errors.billing?.region)}
          {...register('billing.region', { onChange: clearTimeZone })}
        />
      )}
      <TextField
        id="billing-postalCode"
        label={t('accountBilling.form.postalCode')}
        autoComplete="postal-code"
        isOptional={!isPostalCodeRequired(country)}
        fieldWidth="short"
        spellCheck={false}
        error={errorText(errors.billing?.postalCode)}
        {...register('billing.postalCode')}
      />
      {zones.length === 0 ? (
        <TextField
          id="billing-timezone"
          label={t('accountBilling.form.timezone')}
          fieldWidth="medium"
          error={errorText(errors.billing?.timezone)}
          {...register('billing.timezone')}
        />
      ) : (
        <Controller
          control={control}
          name="billing.timezone"
          render={({ field }) => (
            <SelectField
              id="billing-timezone"
              label={t('accountBilling.form.timezone')}
              hint={hasRegionList && !region ? t('accountBilling.form.timezoneHint') : undefined}
              options={zones.map((z) => ({ value: z.id, label: z.name }))}
              placeholder={select}
              error={errorText(errors.billing?.timezone)}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      )}
      <div className={styles.actions}>
        <Button type="submit" isLoading={isSubmitting}>
          {t('accountBilling.form.submit')}
        </Button>
      </div>
    </form>
  );
}
