import { useTranslation } from 'react-i18next';
import { BackButton } from '../../components/back-button';
import { PageHeading } from '../../components/page-heading';
import { StepIndicator } from '../../components/step-indicator';
import { SupportCall } from '../../features/join/components/support-call';
import { useFunnelStore } from '../../features/join/funnel-store';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './routes.module.css';

/** /step3: the package choice comes in a later issue; until then this says so, truthfully. */
export function StepThreeRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('stepThree.title'));
  const lastCompletedStep = useFunnelStore((s) => s.lastCompletedStep);
  return (
    <div className={styles.content}>
      <StepIndicator currentStep={3} lastCompletedStep={lastCompletedStep} />
      <PageHeading>{t('stepThree.title')}</PageHeading>
      <p>{t('stepThree.saved')}</p>
      <p>
        <SupportCall i18nKey="stepThree.notYet" />
      </p>
      <div className={styles.actions}>
        <BackButton to="/step2" />
      </div>
    </div>
  );
}
