import { isLocale, LOCALES } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../../lib/i18n';
import styles from './layout.module.css';

/** English / Español (México): switches the texts at once, remembers the choice, sets <html lang>. */
export function LanguageSelector() {
  const { t } = useTranslation();
  return (
    <div className={styles.language}>
      <label htmlFor="language-select">{t('header.language')}</label>
      <select
        id="language-select"
        value={currentLocale()}
        onChange={(event) => {
          if (isLocale(event.target.value)) void changeLocale(event.target.value);
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
