import { isLocale, LOCALES, type Locale } from '@coparent/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, preloadLocales } from '@/lib/i18n';
import { useScriptlessPage } from '@/lib/scriptless-page';
import { useLocale } from '@/lib/use-locale';
import styles from './layout.module.css';

/**
 * English / Español (México): switches the texts at once, remembers the choice, sets <html lang>.
 * Without a script (a page the server wrote) the menu is a form: the server keeps the choice and
 * writes the page again in it. On a page written with no script at all its button always shows
 * (a browser with scripts runs none there either).
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const locale = useLocale();
  // The choice while its catalogue loads (its own chunk), so the menu does not jump back meanwhile.
  const [choosing, setChoosing] = useState<Locale | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const isScriptless = useScriptlessPage() !== undefined;
  // On a page the server wrote, the menu can be changed before the app has taken it over: that
  // choice is the person's, and is made now (once, at the takeover; later ones go by onChange).
  // biome-ignore lint/correctness/useExhaustiveDependencies: at the takeover only
  useEffect(() => {
    const chosen = select.current?.value;
    if (isLocale(chosen) && chosen !== locale) void changeLocale(chosen);
  }, []);
  const submit = (
    <button type="submit" className={styles.languageSubmit}>
      {t('header.changeLanguage')}
    </button>
  );
  return (
    <form method="get" className={styles.language}>
      <label htmlFor="language-select">{t('header.language')}</label>
      <select
        id="language-select"
        ref={select}
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
      {isScriptless ? submit : <noscript>{submit}</noscript>}
    </form>
  );
}
