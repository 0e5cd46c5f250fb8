import type { CardType } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import styles from './checkout.module.css';

/**
 * The card's brand as it is typed: its mark beside "Card type: Visa". One look for the sandbox's
 * fields and Braintree's hosted fields.
 */
export function CardBrand({ brand }: { brand: CardType }) {
  const { t } = useTranslation();
  return (
    <p className={styles.cardBrand} aria-live="polite">
      <span className={styles.cardBrandMark} data-brand={brand} aria-hidden="true">
        {brand === 'American Express' ? 'AMEX' : brand.toUpperCase()}
      </span>
      {t('checkout.card.brand', { brand })}
    </p>
  );
}
