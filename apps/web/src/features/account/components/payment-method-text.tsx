import type { AccountBilling } from '@coparent/domain';
import { useTranslation } from 'react-i18next';

/**
 * "Visa ending in 1881", "PayPal", "Apple Pay (Visa ending in 1881)"…, or the codes that paid the
 * last order in full (no card on file then).
 */
export function PaymentMethodText({
  method,
  coveredByCodes = [],
}: {
  method: AccountBilling['paymentMethod'];
  coveredByCodes?: AccountBilling['coveredByCodes'];
}) {
  const { t } = useTranslation();
  if (!method && coveredByCodes.length > 0) {
    return (
      <>
        {t('accountBilling.paymentMethod.coveredBy', {
          count: coveredByCodes.length,
          codes: coveredByCodes.join(', '),
        })}
      </>
    );
  }
  if (!method) return <>{t('accountBilling.paymentMethod.none')}</>;
  const { paymentType, cardType, lastFour } = method;
  const card = lastFour
    ? cardType
      ? t('accountBilling.paymentMethod.card', { brand: cardType, lastFour })
      : t('accountBilling.paymentMethod.cardNoBrand', { lastFour })
    : null;
  if (paymentType === 'CREDIT_CARD') {
    return <>{card ?? t('accountBilling.paymentMethod.types.CREDIT_CARD')}</>;
  }
  const wallet = t(`accountBilling.paymentMethod.types.${paymentType}`);
  return <>{card ? t('accountBilling.paymentMethod.walletCard', { wallet, card }) : wallet}</>;
}
