import type { AccountPaymentMethod } from '@coparent/domain';
import { useTranslation } from 'react-i18next';

/** "Visa ending in 1881", "PayPal", "Apple Pay (Visa ending in 1881)"… */
export function PaymentMethodText({ method }: { method: AccountPaymentMethod | null }) {
  const { t } = useTranslation();
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
