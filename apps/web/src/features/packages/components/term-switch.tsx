import { useTranslation } from 'react-i18next';
import { TERM_PARAM, type TermChoice } from '../hooks/use-term-choice';
import styles from './packages.module.css';

type TermSwitchProps = TermChoice & {
  /** The best 2-year saving in percent, said on the 2-year side. */
  bestSavingPercent: number | null;
};

/**
 * 1 year / 2 years. Links, so the switch works without a script (the server writes the other
 * term's cards); with one, a click switches in place.
 */
export function TermSwitch({ term, terms, choose, bestSavingPercent }: TermSwitchProps) {
  const { t } = useTranslation();
  if (terms.length < 2) return null;
  return (
    <nav aria-label={t('packages.term.label')} className={styles.termSwitch}>
      {terms.map((option) => (
        <a
          key={option}
          href={`?${TERM_PARAM}=${option}`}
          aria-current={option === term ? 'true' : undefined}
          className={styles.termOption}
          onClick={(event) => {
            event.preventDefault();
            choose(option);
          }}
        >
          {t(option === 2 ? 'packages.term.twoYears' : 'packages.term.oneYear')}{' '}
          {option === 2 && bestSavingPercent !== null ? (
            <span className={styles.termSaving}>
              {t('packages.term.saveUpTo', { percent: bestSavingPercent })}
            </span>
          ) : null}
        </a>
      ))}
    </nav>
  );
}
