import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/use-locale';

/** Numbers, percentages, dates and step names in the page's language. */
export function useFunnelFormat() {
  const { t } = useTranslation();
  const locale = useLocale();
  const percentFormat = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const numberFormat = new Intl.NumberFormat(locale);
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    percent: (value: number | null) =>
      value === null ? t('adminFunnel.none') : percentFormat.format(value),
    number: (value: number) => numberFormat.format(value),
    date: (iso: string) => dateFormat.format(new Date(iso)),
    stepName: (key: string) => t(`adminFunnel.steps.${key}`, { defaultValue: key }),
  };
}
