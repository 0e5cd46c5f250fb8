import { EXPERIMENTS, isTreatment } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { useFlag } from '@/lib/flags';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/** /signup: two choices. Parents skip /coparentstatus when that experiment is in treatment. */
export function LandingRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('landing.title'));
  const removeCoParentStatus = useFlag(EXPERIMENTS.removeCoParentStatus);
  const parentsPath = isTreatment(removeCoParentStatus) ? '/step1' : '/coparentstatus';
  const choices = [
    {
      id: 'parents',
      to: parentsPath,
      title: t('landing.parentsTitle'),
      text: t('landing.parentsText'),
    },
    { id: 'pros', to: '/pro', title: t('landing.prosTitle'), text: t('landing.prosText') },
  ];
  return (
    <>
      <PageHeading>{t('landing.heading')}</PageHeading>
      <p className={styles.intro}>{t('landing.intro')}</p>
      <ul className={styles.choices}>
        {choices.map((choice) => (
          <li key={choice.id} className={styles.card}>
            <h2>
              <Link
                to={choice.to}
                className={styles.cardLink}
                aria-describedby={`${choice.id}-text`}
              >
                {choice.title}
              </Link>
            </h2>
            <p id={`${choice.id}-text`} className={styles.cardText}>
              {choice.text}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
