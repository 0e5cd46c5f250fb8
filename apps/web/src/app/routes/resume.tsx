import { nextIncompleteStep, pathForStep } from '@coparent/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { Button, ButtonLink } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import { useResumeSignup } from '@/features/join/api/resume-signup';
import { useTokenFromAddress } from '@/lib/use-address-token';
import { useDocumentTitle } from '@/lib/use-document-title';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import { useFunnelStore } from '@/stores/funnel-store';
import { JOIN_BASENAME } from '../join-path';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

/**
 * /resume?token=…: the resume email's link (decision 046). The token leaves the address bar at
 * once and is spent only on the person's click (a mail scanner that opens links must not use it
 * up); the answer is the signup, which this tab adopts before going to its next step.
 */
export function ResumeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Kept by this screen only (the address bar drops it at once): a single-use secret is stored
  // nowhere; a reload asks for the email's link again.
  const urlToken = useTokenFromAddress();
  const [token] = useState(urlToken);
  const resume = useResumeSignup();
  const isInvalid = !token || resume.isError;
  useDocumentTitle(t(isInvalid ? 'resume.invalidTitle' : 'resume.title'), resume.isError);

  const onContinue = () => {
    if (!token) return;
    resume.mutate(token, {
      onSuccess: (signup) => {
        // The server's signup is the whole truth: nothing of another signup stays in the tab.
        useFunnelStore.getState().reset();
        useCheckoutStore.getState().reset();
        useFunnelStore.getState().adoptSignup(signup);
        navigate(pathForStep(nextIncompleteStep(signup.lastCompletedStep)), { replace: true });
      },
    });
  };

  if (isInvalid && !resume.isPending) {
    return (
      <div className={styles.content}>
        <PageHeading>{t('resume.invalidTitle')}</PageHeading>
        <AlertBanner tone="error">
          <p>{t('resume.invalid')}</p>
        </AlertBanner>
        <ButtonLink href={`${JOIN_BASENAME}/signup`}>{t('resume.startAgain')}</ButtonLink>
      </div>
    );
  }
  return (
    <div className={styles.content}>
      <PageHeading>{t('resume.title')}</PageHeading>
      <p className={styles.intro}>{t('resume.intro')}</p>
      <Button isLoading={resume.isPending} onClick={onContinue}>
        {t('resume.continue')}
      </Button>
    </div>
  );
}
