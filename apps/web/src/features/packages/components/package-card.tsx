import {
  type Coupon,
  countryOfCurrency,
  couponSavingOn,
  formatMoney,
  moneyLocale,
  monthlyAmount,
  type Package,
  type TermSaving,
} from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { RichText } from '@/components/rich-text';
import { VisuallyHidden } from '@/components/visually-hidden';
import { useLocale } from '@/lib/use-locale';
import type { PackageVariants } from '../hooks/use-package-variants';
import type { CodeCoverage } from '../hooks/use-subscription-code';
import { taxWordingKey } from '../package-order';
import styles from './packages.module.css';

type PackageCardProps = {
  pkg: Package;
  /** Coupon banners that apply to this package. */
  coupons?: readonly Coupon[];
  /** What an applied subscription code does for this package. */
  coverage?: CodeCoverage;
  /** What the 2-year term saves against two single years (null: nothing to say). */
  saving?: TermSaving | null;
  isCurrent?: boolean;
  isChoosing?: boolean;
  isDisabled?: boolean;
  onChoose: (pkg: Package) => void;
  variants?: PackageVariants;
  /** The field "Choose" posts the package's id under, in a form that works without a script. */
  postedAs?: string;
};

const TODAY: PackageVariants = {
  isSavingInMoney: false,
  isPremiumPickMe: false,
  isPlainDecoyFirst: false,
};

/**
 * One package: name, price and price per month, what two years save, what it includes, tax or
 * VAT wording, terms, coupon banners and "Choose".
 */
export function PackageCard({
  pkg,
  coupons = [],
  coverage,
  saving = null,
  isCurrent = false,
  isChoosing = false,
  isDisabled = false,
  onChoose,
  variants = TODAY,
  postedAs,
}: PackageCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const nameId = `package-${pkg.id}-name`;
  const isTwoYears = pkg.subDurationInYears === 2;
  const isRecommended = pkg.recommended;
  const isPickMe = isRecommended && variants.isPremiumPickMe;
  const isPlain = pkg.buildYourOwn && variants.isPlainDecoyFirst;
  // Formatted as the card's total is: in the language, as written where the currency is used.
  const moneyFormat = moneyLocale(locale, countryOfCurrency(pkg.currencyCode));
  const money = (amount: number) => formatMoney(amount, pkg.currencyCode, moneyFormat);
  const perMonth = money(monthlyAmount(pkg));
  // A promotion's banner says nothing more where a code already covers the whole price.
  const shownCoupons = coverage?.isFullyCovered ? [] : coupons;
  const couponText = (coupon: Coupon) => {
    const couponSaving = variants.isSavingInMoney ? couponSavingOn(coupon, pkg) : null;
    return couponSaving === null
      ? coupon.bannerText
      : t('experiments.packages.save', { amount: money(couponSaving) });
  };
  const taxKey = taxWordingKey(pkg);
  const terms = pkg.pricesIncludeTax
    ? t(isTwoYears ? 'packages.termsIncluded2Years' : 'packages.termsIncluded1Year', {
        total: pkg.totalPriceFormatted,
      })
    : t(isTwoYears ? 'pricing_terms_2year' : 'pricing_terms_1year', {
        ns: 'validation',
        total: pkg.totalPriceFormatted,
      });
  return (
    <li>
      <article
        className={[
          styles.card,
          isRecommended ? styles.recommended : '',
          isPickMe ? styles.pickMe : '',
          isPlain ? styles.plain : '',
          isCurrent ? styles.current : '',
        ].join(' ')}
        aria-labelledby={nameId}
      >
        <h2 id={nameId}>{pkg.displayName}</h2>
        {isRecommended || isCurrent ? (
          <p className={styles.badges}>
            {isRecommended ? (
              <span className={styles.badge}>
                {t(isPickMe ? 'experiments.packages.mostPopular' : 'packages.recommendedBadge')}
              </span>
            ) : null}
            {isCurrent ? (
              <span className={[styles.badge, styles.badgeCurrent].join(' ')}>
                {t('packages.currentChoice')}
              </span>
            ) : null}
          </p>
        ) : null}
        <p className={styles.price}>
          {pkg.buildYourOwn
            ? t('packages.fromPrice', { price: pkg.totalPriceFormatted })
            : pkg.totalPriceFormatted}
        </p>
        <p className={styles.perMonth}>
          {t(pkg.buildYourOwn ? 'packages.fromPerMonth' : 'packages.perMonth', { price: perMonth })}
        </p>
        <p className={styles.billing}>
          {t(isTwoYears ? 'packages.billedEveryTwoYears' : 'packages.billedEveryYear')}
        </p>
        {saving ? (
          <p className={styles.saving}>
            {t('packages.twoYearSaving', { amount: money(saving.amount), percent: saving.percent })}
          </p>
        ) : null}
        {pkg.features.length > 0 ? (
          <ul className={styles.features} aria-label={t('packages.included')}>
            {pkg.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
        ) : null}
        <p className={styles.tax}>
          {t(taxKey, { ns: 'validation', amount: pkg.vatAmountFormatted })}
        </p>
        {pkg.buildYourOwn ? (
          <p className={styles.terms}>{t('packages.buildYourOwnText')}</p>
        ) : (
          <p className={styles.terms}>{terms}</p>
        )}
        {shownCoupons.map((coupon) => (
          <p key={coupon.couponCode} className={styles.coupon}>
            <VisuallyHidden>{t('packages.offer')} </VisuallyHidden>
            {couponText(coupon)}
          </p>
        ))}
        {coverage ? (
          <p className={styles.coverage}>
            {coverage.isFullyCovered
              ? t('packages.codeCoversAll')
              : t('packages.codeCovers', { amount: coverage.amountFormatted })}
          </p>
        ) : null}
        <div className={styles.cardAction}>
          <Button
            isFullWidth
            variant={isRecommended ? 'primary' : 'secondary'}
            isLoading={isChoosing}
            disabled={isDisabled}
            {...(postedAs ? { type: 'submit', name: postedAs, value: String(pkg.id) } : {})}
            onClick={(event) => {
              event.preventDefault();
              onChoose(pkg);
            }}
          >
            <RichText
              i18nKey="packages.choose"
              values={{ name: pkg.displayName }}
              components={{ hidden: <VisuallyHidden>{null}</VisuallyHidden> }}
            />
          </Button>
        </div>
      </article>
    </li>
  );
}
