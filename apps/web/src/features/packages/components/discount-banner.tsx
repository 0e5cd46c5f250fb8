import { useTranslation } from 'react-i18next';
import { AlertBanner } from '@/components/alert-banner';
import type { DiscountDisplay } from '../hooks/use-discount-percent';

/** "Your 15% discount will be applied": calm, closable, never a number it does not know. */
export function DiscountBanner({ discount }: { discount: DiscountDisplay }) {
  const { t } = useTranslation();
  if (discount.kind === 'none') return null;
  return (
    <AlertBanner tone="success">
      <p>
        {discount.kind === 'percent'
          ? t('discount.banner', { percent: discount.percent })
          : t('discount.bannerNoPercent')}
      </p>
    </AlertBanner>
  );
}
