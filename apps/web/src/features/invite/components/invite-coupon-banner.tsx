import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import { useLocale } from '@/lib/use-locale';

/**
 * The invited packages' coupon banner: the codes of the public and automatic
 * promotions valid now (context.availableCoupons); nothing when there are none.
 */
export function InviteCouponBanner({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (codes.length === 0) return null;
  const list = new Intl.ListFormat(locale, { type: 'conjunction' }).format(codes);
  return (
    <AlertBanner tone="success">
      <p>{t('invitePackages.couponBanner', { count: codes.length, codes: list })}</p>
    </AlertBanner>
  );
}
