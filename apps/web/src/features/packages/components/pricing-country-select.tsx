import type { Locale } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import fieldStyles from '@/components/field.module.css';

/** The countries the pricing page offers by name; anyone else sees the international prices. */
const PRICING_PAGE_COUNTRIES = ['US', 'CA', 'MX', 'GB', 'IE', 'AU', 'NZ'] as const;
export const OTHER_COUNTRY = 'OTHER';

function regionName(id: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(id) ?? id;
  } catch {
    return id;
  }
}

/** The browser's region when it is one of the pricing page's countries, else "another country". */
export function defaultPricingCountry(
  languages: readonly string[] = typeof navigator === 'undefined'
    ? []
    : [...(navigator.languages ?? []), navigator.language],
): string {
  for (const tag of languages) {
    if (!tag) continue;
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && (PRICING_PAGE_COUNTRIES as readonly string[]).includes(region)) return region;
      if (region) return OTHER_COUNTRY;
    } catch {
      // Not a language tag: try the next one.
    }
  }
  return OTHER_COUNTRY;
}

type PricingCountrySelectProps = {
  value: string;
  onChange: (country: string) => void;
  locale: Locale;
};

export function PricingCountrySelect({ value, onChange, locale }: PricingCountrySelectProps) {
  const { t } = useTranslation();
  const options = PRICING_PAGE_COUNTRIES.map((id) => ({ id, name: regionName(id, locale) })).sort(
    (a, b) => a.name.localeCompare(b.name, locale),
  );
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor="pricing-country">
        {t('pricingPage.countryLabel')}
      </label>
      <span id="pricing-country-hint" className={fieldStyles.hint}>
        {t('pricingPage.countryHint')}
      </span>
      <select
        id="pricing-country"
        className={[fieldStyles.select, fieldStyles.widthMedium].join(' ')}
        aria-describedby="pricing-country-hint"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
        <option value={OTHER_COUNTRY}>{t('pricingPage.otherCountry')}</option>
      </select>
    </div>
  );
}
