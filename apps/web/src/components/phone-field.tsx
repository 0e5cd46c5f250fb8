import { listPhoneCodes } from '@coparent/domain';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../lib/use-locale';
import styles from './field.module.css';
import { SelectField } from './select-field';
import { TextField } from './text-field';

type PhoneFieldProps = {
  /** Ids of the two inputs (the error summary links to them). */
  codeId: string;
  numberId: string;
  legend: string;
  isOptional?: boolean;
  hint?: string;
  codeError?: string;
  numberError?: string;
  codeProps: Omit<ComponentProps<'select'>, 'id' | 'children'>;
  numberProps: Omit<ComponentProps<'input'>, 'id'>;
};

/** Country calling code (from the domain's phone codes) and a digits-only number. */
export function PhoneField({
  codeId,
  numberId,
  legend,
  isOptional = false,
  hint,
  codeError,
  numberError,
  codeProps,
  numberProps,
}: PhoneFieldProps) {
  const { t } = useTranslation();
  const options = listPhoneCodes(useLocale()).map((code) => ({
    value: code.id,
    label: `${code.name} (${code.dialCode})`,
  }));
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>
        {legend}
        {isOptional ? <span className={styles.optional}> {t('common.optional')}</span> : null}
      </legend>
      <div className={styles.phoneRow}>
        <SelectField
          id={codeId}
          label={t('phone.countryCode')}
          options={options}
          error={codeError}
          className={styles.phoneCode}
          bare
          autoComplete="tel-country-code"
          {...codeProps}
        />
        <TextField
          id={numberId}
          label={t('phone.number')}
          hint={hint}
          error={numberError}
          className={styles.phoneNumber}
          type="tel"
          autoComplete="tel-national"
          isDigitsOnly
          bare
          {...numberProps}
        />
      </div>
    </fieldset>
  );
}
