import type { DiscountLink } from '@coparent/domain';
import { useLocale } from '@/lib/use-locale';
import type { SignupKey } from '@/stores/funnel-store';
import { useCoupons } from '../api/get-coupons';

export type DiscountDisplay =
  /** Nothing to show (no link, or the server did not accept the link's referrer). */
  | { kind: 'none' }
  /** A discount with a known percentage. */
  | { kind: 'percent'; percent: number }
  /** A discount whose link percentage was missing or malformed, not yet confirmed. */
  | { kind: 'unknown' };

/**
 * What the discount banner says. Before the family step the link's own percentage is all there
 * is (a tampered one is dropped); once the family step sent the referrer key, the server's coupons
 * call is the truth: its REFERRER coupon's percent, or no banner when the key was not accepted.
 */
export function useDiscountPercent(
  link: DiscountLink | null,
  signupKey: SignupKey | null,
  { isFamilySaved }: { isFamilySaved: boolean },
): DiscountDisplay {
  const locale = useLocale();
  const coupons = useCoupons(signupKey, locale, {
    enabled: Boolean(link) && isFamilySaved,
  });
  if (!link) return { kind: 'none' };
  if (isFamilySaved && signupKey) {
    const referrer = coupons.data?.coupons.find((coupon) => coupon.source === 'REFERRER');
    const percent = referrer?.percent;
    return typeof percent === 'number' && Number.isInteger(percent) && percent > 0
      ? { kind: 'percent', percent }
      : { kind: 'none' };
  }
  return link.percent === null ? { kind: 'unknown' } : { kind: 'percent', percent: link.percent };
}
