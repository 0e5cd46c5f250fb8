import { useTranslation } from 'react-i18next';
import { AlertBanner } from './alert-banner';

/**
 * "Too many attempts… please wait N seconds (or minutes), then try again": the wait the server
 * asked for, said once (not counted down aloud); shown until the wait is over.
 */
export function WaitBanner({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const text =
    seconds < 90
      ? t('common.waitSeconds', { count: Math.max(1, seconds) })
      : t('common.waitMinutes', { count: Math.ceil(seconds / 60) });
  return (
    <AlertBanner tone="warning" autoHideMs={null}>
      <p>{text}</p>
    </AlertBanner>
  );
}
