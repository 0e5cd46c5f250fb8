import { parseDiscountLink } from '@coparent/domain';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { DiscountBanner } from '@/features/packages/components/discount-banner';
import { useDiscountPercent } from '@/features/packages/hooks/use-discount-percent';
import { rememberDiscountLink } from '@/lib/discount-link';
import { useScriptlessPage } from '@/lib/scriptless-page';
import { useHydrated } from '@/lib/use-hydrated';
import { useFunnelStore, useSignupKey } from '@/stores/funnel-store';

/** The Parent A funnel pages (and the pricing page) show the discount banner. */
const DISCOUNT_PATHS = new Set([
  '/signup',
  '/coparentstatus',
  '/step1',
  '/step2',
  '/step3',
  '/alacarte',
  '/payment',
  '/pricing',
]);

/**
 * Reads a discount link on entry to any join page (the query string of whichever page the link
 * opens), keeps it for the tab, and shows "Your N% discount will be applied" on the funnel pages.
 */
export function FunnelDiscount() {
  const { pathname, search } = useLocation();
  const [link, setLink] = useState(() => rememberDiscountLink(search));
  useEffect(() => {
    setLink(rememberDiscountLink(search));
  }, [search]);
  const signupKey = useSignupKey();
  const lastCompletedStep = useFunnelStore((s) => s.lastCompletedStep);
  // A server render knows only the address's link; the tab's stored one and signup come after.
  const isHydrated = useHydrated();
  // A page written with no script shows the link its browser keeps (the server read the cookie).
  const kept = useScriptlessPage()?.discountSearch;
  const discount = useDiscountPercent(
    isHydrated ? link : (parseDiscountLink(search) ?? parseDiscountLink(kept ?? '')),
    isHydrated ? signupKey : null,
    { isFamilySaved: isHydrated && lastCompletedStep >= 2 },
  );
  if (!DISCOUNT_PATHS.has(pathname.replace(/\/+$/, '') || '/')) return null;
  return <DiscountBanner discount={discount} />;
}
