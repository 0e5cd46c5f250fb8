import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/checkbox-field';
import { legalPageLinks } from '@/components/legal-page-links';
import { RichText } from '@/components/rich-text';
import type { Consent } from '../checkout-store';

type ConsentFieldsProps = {
  /** Distinguishes the copies on Payment and Review. */
  idPrefix: string;
  consent: Consent;
  onChange: (consent: Partial<Omit<Consent, 'isRequired'>>) => void;
  /** Only the terms box (Review repeats it beside Pay now). */
  isTermsOnly?: boolean;
  termsError?: string;
};

/** The terms and marketing checkboxes, shown only when consent is required (not the US). */
export function ConsentFields({
  idPrefix,
  consent,
  onChange,
  isTermsOnly = false,
  termsError,
}: ConsentFieldsProps) {
  const { t } = useTranslation();
  if (!consent.isRequired) return null;
  return (
    <div>
      <CheckboxField
        id={`${idPrefix}-terms`}
        checked={consent.termsAndConditions}
        onChange={(event) => onChange({ termsAndConditions: event.target.checked })}
        error={termsError}
        label={
          <RichText
            i18nKey="checkout.consent.terms"
            components={legalPageLinks(t('checkout.consent.newTab'))}
          />
        }
      />
      {isTermsOnly ? null : (
        <CheckboxField
          id={`${idPrefix}-marketing`}
          checked={consent.marketingOptIn}
          onChange={(event) => onChange({ marketingOptIn: event.target.checked })}
          label={t('checkout.consent.marketing')}
        />
      )}
    </div>
  );
}
