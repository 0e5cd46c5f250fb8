import {
  isPostalCodeRequired,
  listCountries,
  type PlaceAddress,
  regionsFor,
  timeZonesFor,
} from '@coparent/domain';
import { useEffect, useMemo } from 'react';
import { Controller, type FieldError, get, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../lib/use-locale';
import { AddressAutocompleteField } from './address-autocomplete/address-autocomplete-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';

/** The part of a form these fields fill: its values under `billing` (field ids `billing-city`…). */
type BillingAddressShape = {
  billing: {
    billingAddress: string;
    billingAddress2?: string;
    city: string;
    country: string;
    region?: string;
    postalCode?: string;
    timezone?: string;
  };
};

type BillingAddressFieldsProps = {
  /** Where the labels live: the checkout's billing view or the account's billing page. */
  labels: 'checkout.billing' | 'accountBilling.form';
  errorText: (error: Pick<FieldError, 'type' | 'message'> | undefined) => string | undefined;
};

/**
 * The billing address and time zone, used by the checkout's Billing view and the account's billing
 * page inside their form (react-hook-form's FormProvider). The spec's dependencies live here once:
 * a new country clears the region and the time zone; a new region or a picked address clears the
 * time zone; a single time zone is chosen without asking.
 */
export function BillingAddressFields({ labels, errorText }: BillingAddressFieldsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { register, control, formState, watch, setValue } = useFormContext<BillingAddressShape>();
  // A page the server writes has no script to put the values in: the fields start with them.
  const written = (name: keyof BillingAddressShape['billing']) => ({
    defaultValue: get(formState.defaultValues, `billing.${name}`) as string | undefined,
  });
  const errors = formState.errors.billing;

  const country = watch('billing.country');
  const region = watch('billing.region');
  const timezone = watch('billing.timezone');
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

  const select = t(`${labels}.select`);
  return (
    <>
      <AddressAutocompleteField
        id="billing-billingAddress"
        label={t(`${labels}.address`)}
        error={errorText(errors?.billingAddress)}
        country={country}
        onAddressPicked={pickAddress}
        {...written('billingAddress')}
        {...register('billing.billingAddress')}
      />
      <TextField
        id="billing-billingAddress2"
        label={t(`${labels}.address2`)}
        autoComplete="address-line2"
        isOptional
        error={errorText(errors?.billingAddress2)}
        {...written('billingAddress2')}
        {...register('billing.billingAddress2')}
      />
      <TextField
        id="billing-city"
        label={t(`${labels}.city`)}
        autoComplete="address-level2"
        fieldWidth="medium"
        error={errorText(errors?.city)}
        {...written('city')}
        {...register('billing.city')}
      />
      <SelectField
        id="billing-country"
        label={t(`${labels}.country`)}
        options={countries.map((c) => ({ value: c.id, label: c.name }))}
        placeholder={select}
        autoComplete="country"
        error={errorText(errors?.country)}
        {...written('country')}
        {...register('billing.country', { onChange: changeCountry })}
      />
      {hasRegionList ? (
        <SelectField
          id="billing-region"
          label={t(`${labels}.region`)}
          options={regions.map((r) => ({ value: r.id, label: r.name }))}
          placeholder={select}
          autoComplete="address-level1"
          error={errorText(errors?.region)}
          {...written('region')}
          {...register('billing.region', { onChange: clearTimeZone })}
        />
      ) : (
        <TextField
          id="billing-region"
          label={t(`${labels}.regionText`)}
          autoComplete="address-level1"
          isOptional
          fieldWidth="medium"
          error={errorText(errors?.region)}
          {...written('region')}
          {...register('billing.region', { onChange: clearTimeZone })}
        />
      )}
      <TextField
        id="billing-postalCode"
        label={t(`${labels}.postalCode`)}
        autoComplete="postal-code"
        isOptional={!isPostalCodeRequired(country)}
        fieldWidth="short"
        spellCheck={false}
        error={errorText(errors?.postalCode)}
        {...written('postalCode')}
        {...register('billing.postalCode')}
      />
      {zones.length === 0 ? (
        <TextField
          id="billing-timezone"
          label={t(`${labels}.timezone`)}
          fieldWidth="medium"
          error={errorText(errors?.timezone)}
          {...written('timezone')}
          {...register('billing.timezone')}
        />
      ) : (
        <Controller
          control={control}
          name="billing.timezone"
          render={({ field }) => (
            <SelectField
              id="billing-timezone"
              label={t(`${labels}.timezone`)}
              hint={hasRegionList && !region ? t(`${labels}.timezoneHint`) : undefined}
              options={zones.map((z) => ({ value: z.id, label: z.name }))}
              placeholder={select}
              error={errorText(errors?.timezone)}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
      )}
    </>
  );
}
