import { isLocale, LOCALES, type Locale } from '@coparent/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, preloadLocales } from '@/lib/i18n';
import { useLocale } from '@/lib/use-locale';
import styles from './layout.module.css';

/**
 * English / Español (México): switches the texts at once, remembers the choice, sets <html lang>.
 * Without a script (a page the server wrote) the menu is a form: the server keeps the choice and
 * writes the page again in it.
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const locale = useLocale();
  // The choice while its catalogue loads (its own chunk), so the menu does not jump back meanwhile.
  const [choosing, setChoosing] = useState<Locale | null>(null);
  return (
    <form method="get" className={styles.language}>
      <label htmlFor="language-select">{t('header.language')}</label>
      <select
        id="language-select"
        name="lang"
        value={choosing ?? locale}
        onFocus={preloadLocales}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isLocale(chosen)) return;
          setChoosing(chosen);
          void changeLocale(chosen).finally(() => setChoosing(null));
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`languages.${option}`)}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className={styles.languageSubmit}>
          {t('header.changeLanguage')}
        </button>
      </noscript>
    </form>
  );
}
