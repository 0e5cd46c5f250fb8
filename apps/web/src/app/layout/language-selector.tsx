import { isLocale, LOCALES, type Locale } from '@coparent/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, preloadLocales } from '@/lib/i18n';
import styles from './layout.module.css';

/** English / Español (México): switches the texts at once, remembers the choice, sets <html lang>. */
export function LanguageSelector() {
  const { t } = useTranslation();
  // The choice while its catalogue loads (its own chunk), so the menu does not jump back meanwhile.
  const [choosing, setChoosing] = useState<Locale | null>(null);
  return (
    <div className={styles.language}>
      <label htmlFor="language-select">{t('header.language')}</label>
      <select
        id="language-select"
        value={choosing ?? currentLocale()}
        onFocus={preloadLocales}
        onChange={(event) => {
          const locale = event.target.value;
          if (!isLocale(locale)) return;
          setChoosing(locale);
          void changeLocale(locale).finally(() => setChoosing(null));
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`languages.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
