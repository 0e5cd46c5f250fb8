import {
  BUILD_YOUR_OWN_OPTIONS,
  BUILD_YOUR_OWN_PACKAGE_FIELD,
  type BuildYourOwnOptionKey,
  type BuildYourOwnValues,
  type Locale,
  optionAmount,
  type Package,
  SUBSCRIPTION_TERMS,
} from '@coparent/domain';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import fieldStyles from '@/components/field.module.css';
import { RadioGroup } from '@/components/radio-group';
import { buildYourOwnPackageFor, buildYourOwnTotal } from '../package-order';
import styles from './packages.module.css';

/** The form's id: the generic error's "Try again" submits it again. */
export const BUILD_YOUR_OWN_FORM_ID = 'build-your-own-form';

type BuildYourOwnFormProps = {
  /** The group's build-your-own packages (one per term). */
  packages: readonly Package[];
  values: BuildYourOwnValues;
  onChange: (values: BuildYourOwnValues) => void;
  onSubmit: (values: BuildYourOwnValues, pkg: Package) => void;
  /**
   * The show-price-in-build-your-own treatment: prices show on the options, and the options the
   * catalog marks free in the treatment (MYFILES, CALLSBASIC) cost nothing.
   */
  isTreatment: boolean;
  locale: Locale;
  country?: string | null;
  isSubmitting: boolean;
  /** Where the form posts without a script (the server saves the choice). */
  action?: string;
};

/**
 * /alacarte: a subscription term (SUB1YEAR or SUB2YEAR), the options as checkboxes, and a live
 * total computed with the domain's engine from the catalog data the server gave.
 */
export function BuildYourOwnForm({
  packages,
  values,
  onChange,
  onSubmit,
  isTreatment,
  locale,
  country,
  isSubmitting,
  action,
}: BuildYourOwnFormProps) {
  const { t } = useTranslation();
  const pkg = buildYourOwnPackageFor(packages, values.subscription) ?? packages[0];
  if (!pkg) return null;
  const total = buildYourOwnTotal(pkg, values, { treatment: isTreatment, locale, country });
  const isTwoYears = pkg.subDurationInYears === 2;
  const terms = SUBSCRIPTION_TERMS.filter((term) => buildYourOwnPackageFor(packages, term));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit({ ...values, subscription: pkg.subscription }, pkg);
  };

  const toggle = (field: BuildYourOwnOptionKey, checked: boolean) =>
    onChange({ ...values, [field]: checked });

  return (
    <form
      id={BUILD_YOUR_OWN_FORM_ID}
      className={styles.form}
      onSubmit={submit}
      noValidate
      {...(action ? { method: 'post', action } : {})}
    >
      {/* Without a script the server learns each term's package from the form itself. */}
      {action
        ? packages
            .filter((term) => term.buildYourOwn)
            .map((term) => (
              <input
                key={term.id}
                type="hidden"
                name={`${BUILD_YOUR_OWN_PACKAGE_FIELD}${term.subscription}`}
                value={term.id}
              />
            ))
        : null}
      <RadioGroup
        id="alacarte-subscription"
        name="subscription"
        legend={t('alacarte.termLegend')}
        isLegendLarge
        options={terms.map((term) => {
          const termPackage = buildYourOwnPackageFor(packages, term);
          const label = t(term === 'SUB1YEAR' ? 'alacarte.term1Year' : 'alacarte.term2Years');
          return {
            value: term,
            label:
              isTreatment && termPackage
                ? t('alacarte.termWithPrice', {
                    term: label,
                    price: termPackage.totalPriceFormatted,
                  })
                : label,
          };
        })}
        value={pkg.subscription}
        onChange={(term) =>
          onChange({ ...values, subscription: term as BuildYourOwnValues['subscription'] })
        }
      />
      <fieldset className={fieldStyles.fieldset} aria-describedby="alacarte-options-hint">
        <legend className={[fieldStyles.legend, fieldStyles.legendLarge].join(' ')}>
          {t('alacarte.optionsLegend')}
        </legend>
        <span id="alacarte-options-hint" className={fieldStyles.hint}>
          {t('alacarte.optionsHint')}
        </span>
        <div className={styles.options}>
          {BUILD_YOUR_OWN_OPTIONS.map(({ field, code }) => {
            const option = pkg.options.find((o) => o.code === code);
            if (!option) return null;
            const id = `alacarte-option-${field}`;
            const isFree = optionAmount(option, isTreatment) === 0;
            return (
              <div key={code} className={styles.option}>
                <input
                  id={id}
                  type="checkbox"
                  name={field}
                  checked={values[field]}
                  onChange={(event) => toggle(field, event.target.checked)}
                  aria-describedby={`${id}-description`}
                />
                <span className={styles.optionText}>
                  <label className={styles.optionLabel} htmlFor={id}>
                    <span className={styles.optionName}>{option.name}</span>
                    {isTreatment ? (
                      <span className={[styles.optionPrice, isFree ? styles.free : ''].join(' ')}>
                        {isFree
                          ? t('pricing_option_free', { ns: 'validation' })
                          : t('alacarte.optionPrice', { price: option.amountFormatted })}
                      </span>
                    ) : null}
                  </label>
                  <span id={`${id}-description`} className={styles.optionDescription}>
                    {t(`alacarte.descriptions.${field}`)}
                  </span>
                </span>
              </div>
            );
          })}
        </div>
      </fieldset>
      <div className={styles.total} aria-live="polite" aria-atomic="true">
        <p>{t('alacarte.totalLabel')}</p>
        <p className={styles.totalAmount}>{total.formatted}</p>
        <p>{t(isTwoYears ? 'packages.billedEveryTwoYears' : 'packages.billedEveryYear')}</p>
        <p>
          {pkg.pricesIncludeTax
            ? t('alacarte.taxIncluded')
            : t('pricing_plusTax', { ns: 'validation' })}
        </p>
      </div>
      <Button type="submit" isLoading={isSubmitting}>
        {t('common.continue')}
      </Button>
    </form>
  );
}
