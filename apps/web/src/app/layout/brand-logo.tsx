import { LOOKS } from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { useLook } from '@/lib/flags';
import styles from './layout.module.css';

/**
 * The product's logo in the header: the plain wordmark in the default look; in the brand-refresh
 * look a mark (two linked rings: two homes, one family) beside a heavier wordmark, named by its
 * localised alt text. Colours and type come from the tokens.
 */
export function BrandLogo() {
  const { t } = useTranslation();
  const isBrandRefresh = useLook(LOOKS.brandRefresh);
  if (!isBrandRefresh) return <>{t('app.productName')}</>;
  return (
    <span role="img" aria-label={t('brand.logoAlt')} className={styles.logo}>
      <svg className={styles.logoMark} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect className={styles.logoTile} width="40" height="40" rx="11" />
        <circle className={styles.logoRing} cx="15.5" cy="20" r="7.5" />
        <circle className={styles.logoRingAccent} cx="24.5" cy="20" r="7.5" />
        {/* The first ring passes over the second once more below: the rings interlock. */}
        <path className={styles.logoRing} d="M22.11 23.54A7.5 7.5 0 0 1 17.04 27.34" />
      </svg>
      <span className={styles.logoWord} aria-hidden="true">
        {t('app.productName')}
      </span>
    </span>
  );
}
