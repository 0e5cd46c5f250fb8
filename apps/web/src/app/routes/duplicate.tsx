import { ACCOUNT_RECOVER_PATH } from '@coparent/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AlertBanner } from '@/components/alert-banner';
import { ButtonLink } from '@/components/button';
import { PageHeading } from '@/components/page-heading';
import { SupportCall } from '@/components/support-call';
import { useCheckoutStore } from '@/features/checkout/checkout-store';
import type { DuplicateLocationState } from '@/features/join/hooks/use-submit-step-one';
import { SupportChat } from '@/features/support-chat/support-chat';
import { keepDuplicateParent } from '@/lib/duplicate-parent';
import { useScriptlessPage } from '@/lib/scriptless-page';
import { useSupportPhone } from '@/lib/support-phone';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { addOtherPagesCatalogue } from '@/locales/catalogue-other-pages.en';
import { useFunnelStore } from '@/stores/funnel-store';
import { LOGIN_URL } from '../layout/site-header';
import styles from './routes.module.css';

// The texts of every page but the numbered steps come with the page (JS size budgets).
addOtherPagesCatalogue();

const RECOVER_URL = ACCOUNT_RECOVER_PATH;

function readState(state: unknown): DuplicateLocationState {
  if (typeof state !== 'object' || state === null) return {};
  const { name, email } = state as Record<string, unknown>;
  return {
    ...(typeof name === 'string' && name ? { name } : {}),
    ...(typeof email === 'string' && email ? { email } : {}),
  };
}

/**
 * /duplicate: an account may already exist. The funnel state is reset on arrival. The support
 * chat is offered here. Written by the server with no script (decision 052): the name and email
 * the step-1 submit hands over in the history state are kept for this page in a cookie, which the
 * server reads to name the person when it writes the page again.
 */
export function DuplicateRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('duplicate.title'));
  const location = useLocation();
  const [sent] = useState(() => readState(location.state));
  // The history state is the browser's: the server knows the person from the cookie only.
  const isHydrated = useHydrated();
  const written = useScriptlessPage()?.duplicateParent ?? {};
  const { name, email }: DuplicateLocationState = isHydrated ? sent : written;
  const phone = useSupportPhone();

  useEffect(() => {
    useFunnelStore.getState().reset();
    useCheckoutStore.getState().reset();
  }, []);
  useEffect(() => keepDuplicateParent(sent), [sent]);

  const text =
    name && email
      ? t('duplicate.textWithName', { name, email })
      : email
        ? t('duplicate.textWithEmail', { email })
        : t('duplicate.text');

  return (
    <div className={styles.content}>
      <PageHeading>{t('duplicate.title')}</PageHeading>
      <p>{text}</p>
      <AlertBanner tone="warning" action={<a href={RECOVER_URL}>{t('duplicate.recoverLink')}</a>}>
        <p>{t('signup_duplicateParent_error', { ns: 'validation', phone: phone.display })}</p>
      </AlertBanner>
      <h2>{t('duplicate.supportHeading')}</h2>
      <p>
        <SupportCall />
      </p>
      <p>{t('duplicate.loginText')}</p>
      <ButtonLink href={LOGIN_URL}>{t('common.login')}</ButtonLink>
      <SupportChat />
    </div>
  );
}
