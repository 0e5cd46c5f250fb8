import {
  bestTwoYearPercent,
  type Coupon,
  PACKAGE_CHOICE_FIELD,
  type Package,
  twoYearSaving,
} from '@coparent/domain';
import { useTranslation } from 'react-i18next';
import { usePackageVariants } from '../hooks/use-package-variants';
import type { CodeCoverage } from '../hooks/use-subscription-code';
import { useTermChoice } from '../hooks/use-term-choice';
import { couponsForPackage, plainDecoyFirst, sortPackages } from '../package-order';
import { PackageCard } from './package-card';
import styles from './packages.module.css';
import { TermSwitch } from './term-switch';

type PackageListProps = {
  packages: readonly Package[];
  coupons?: readonly Coupon[];
  coverage?: ReadonlyMap<number, CodeCoverage>;
  currentPackageId?: number;
  /** The package being saved: its button shows a spinner and the others wait. */
  choosingId?: number;
  onChoose: (pkg: Package) => void;
  /**
   * Where the cards' form posts the chosen package (its id as `packageId`) when the page runs no
   * script: the server saves the choice. Without it the cards are no form.
   */
  action?: string;
};

/**
 * The packages of one term at a time (the 1-year / 2-year switch above them), sorted
 * (sortPackages; the experiments' variants on top), each with the coupons that apply to it and,
 * for two years, what the term saves.
 */
export function PackageList({
  packages,
  coupons,
  coverage,
  currentPackageId,
  choosingId,
  onChoose,
  action,
}: PackageListProps) {
  const { t } = useTranslation();
  const variants = usePackageVariants();
  const termChoice = useTermChoice(packages, currentPackageId);
  const sorted = sortPackages(packages).filter((pkg) => pkg.subDurationInYears === termChoice.term);
  const cards = (
    <ul className={styles.cards} aria-label={t('packages.listLabel')}>
      {(variants.isPlainDecoyFirst ? plainDecoyFirst(sorted) : sorted).map((pkg) => (
        <PackageCard
          key={pkg.id}
          pkg={pkg}
          saving={twoYearSaving(pkg, packages)}
          coupons={couponsForPackage(coupons, pkg)}
          coverage={coverage?.get(pkg.id)}
          isCurrent={pkg.id === currentPackageId}
          isChoosing={pkg.id === choosingId}
          isDisabled={choosingId !== undefined && pkg.id !== choosingId}
          onChoose={onChoose}
          variants={variants}
          postedAs={action ? PACKAGE_CHOICE_FIELD : undefined}
        />
      ))}
    </ul>
  );
  return (
    <>
      <TermSwitch {...termChoice} bestSavingPercent={bestTwoYearPercent(packages)} />
      {action ? (
        <form method="post" action={action}>
          {cards}
        </form>
      ) : (
        cards
      )}
    </>
  );
}
