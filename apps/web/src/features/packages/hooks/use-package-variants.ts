import { EXPERIMENTS, isTreatment } from '@coparent/domain';
import { useFlag } from '@/lib/flags';

/** The package screens' experiments (decision 020); Control and Off show today's cards. */
export type PackageVariants = {
  /** discount-offer-wording: a coupon says what it saves on the card in money ("Save $40.00"). */
  isSavingInMoney: boolean;
  /** premium-pick-me: Premium is "Most popular" and stands out. */
  isPremiumPickMe: boolean;
  /** ugly-duckling: build-your-own comes first, deliberately plain. */
  isPlainDecoyFirst: boolean;
};

export function usePackageVariants(): PackageVariants {
  return {
    isSavingInMoney: isTreatment(useFlag(EXPERIMENTS.discountOfferWording)),
    isPremiumPickMe: isTreatment(useFlag(EXPERIMENTS.premiumPickMe)),
    isPlainDecoyFirst: isTreatment(useFlag(EXPERIMENTS.uglyDuckling)),
  };
}
