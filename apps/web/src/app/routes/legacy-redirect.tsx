import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/spinner';
import { fullPage } from '@/lib/full-page';

/** The account area's billing page (another app: a full page load). */
const ACCOUNT_BILLING_PATH = '/app/account/billing';

/** The old co-parent paths: every one of them, and anything under them. */
export const LEGACY_PATHS = [
  'step1/parentb',
  'step1/address',
  'step2/parentb',
  'alacarte/parentb',
  'payment/parentb',
  'receipt/parentb',
  'securityquestions',
  'termsandconditions',
] as const;

/** A legacy path: sends the browser to the account billing page. */
export function LegacyRedirectRoute() {
  const { t } = useTranslation();
  useEffect(() => {
    fullPage.assign(ACCOUNT_BILLING_PATH);
  }, []);
  return <Spinner label={t('common.loading')} />;
}
