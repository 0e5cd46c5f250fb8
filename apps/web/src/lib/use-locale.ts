import { DEFAULT_LOCALE, isLocale, type Locale } from '@coparent/domain';
import { useTranslation } from 'react-i18next';

/** The current UI language; the component renders again when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
