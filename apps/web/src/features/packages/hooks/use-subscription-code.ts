import { isSignupResetStatus, normalizeCode, type Package } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { priceSignup } from '@/api/price-signup';
import { isApiError } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';

/** What an accepted code does for one package's card. */
export type CodeCoverage = { isFullyCovered: boolean; amountFormatted: string };
type CodeCheckResult = { code: string; coverage: Map<number, CodeCoverage> };
export type CodeStatus = 'idle' | 'invalid' | 'failed';

/** An answer that means "this code does not fit this package", not "something went wrong". */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && (error.status === 422 || error.code === 'COUNTRY_MISMATCH');
}

/**
 * Validates a subscription (activation) code through the pricing call, once per offered package:
 * a code is valid when at least one package accepts it (a code covers a package or an amount in a
 * currency). Throws when no package accepted it and a call failed for another reason.
 */
async function checkSubscriptionCode(
  signupKey: SignupKey,
  packages: readonly Package[],
  code: string,
): Promise<CodeCheckResult> {
  const normalized = normalizeCode(code);
  const answers = await Promise.all(
    packages.map(async (pkg) => {
      try {
        const pricing = await priceSignup({
          ...signupKey,
          body: {
            orderDetail: pkg.buildYourOwn
              ? { packageId: pkg.id, productId: pkg.subscription, services: [] }
              : { packageId: pkg.id },
            paymentCodes: [normalized],
          },
        });
        return { pkg, pricing };
      } catch (error) {
        return { pkg, error };
      }
    }),
  );
  const coverage = new Map<number, CodeCoverage>();
  let failure: unknown;
  for (const answer of answers) {
    if (answer.pricing) {
      const { totals, paymentCodeDetails } = answer.pricing;
      const detail = paymentCodeDetails.find((d) => normalizeCode(d.code) === normalized);
      if (!detail) continue;
      coverage.set(answer.pkg.id, {
        isFullyCovered: totals.subTotalAfterDiscount - totals.paymentCodeTotal <= 0,
        amountFormatted: detail.amountFormatted,
      });
    } else if (!isRefusal(answer.error)) {
      failure ??= answer.error;
    }
  }
  if (coverage.size === 0 && failure !== undefined) throw failure;
  return { code: normalized, coverage };
}

type UseSubscriptionCodeOptions = {
  signupKey: SignupKey | null;
  packages: readonly Package[] | undefined;
  /** A code accepted earlier (kept in the funnel state): checked again once the cards load. */
  storedCode: string | undefined;
  onCodesChange: (codes: string[]) => void;
  /** The server no longer knows the signup (403/404). */
  onSignupGone: () => void;
};

/** The /step3 subscription-code box: apply (validated by the server), remove, and re-check. */
export function useSubscriptionCode({
  signupKey,
  packages,
  storedCode,
  onCodesChange,
  onSignupGone,
}: UseSubscriptionCodeOptions) {
  const [result, setResult] = useState<CodeCheckResult | null>(null);
  const [status, setStatus] = useState<CodeStatus>('idle');
  const check = useMutation({
    mutationKey: ['pricing', 'subscription-code'],
    mutationFn: (code: string) => {
      if (!signupKey || !packages) {
        return Promise.reject(new Error('The packages are not loaded'));
      }
      return checkSubscriptionCode(signupKey, packages, code);
    },
  });

  /** `isRecheck`: the stored code checked again after a reload, quietly (nothing was typed). */
  const apply = async (typed: string, { isRecheck = false } = {}) => {
    const code = typed.trim();
    if (code === '') return;
    setStatus('idle');
    try {
      const checked = await check.mutateAsync(code);
      if (checked.coverage.size === 0) {
        setResult(null);
        if (!isRecheck) setStatus('invalid');
        onCodesChange([]);
        return;
      }
      setResult(checked);
      onCodesChange([checked.code]);
    } catch (error) {
      if (isApiError(error) && isSignupResetStatus(error.status)) {
        onSignupGone();
        return;
      }
      if (!isRecheck) setStatus('failed');
    }
  };

  const hasRechecked = useRef(false);
  // Once, when the cards have loaded (apply is recreated on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per stored code
  useEffect(() => {
    if (hasRechecked.current || !storedCode || !packages || packages.length === 0) return;
    hasRechecked.current = true;
    void apply(storedCode, { isRecheck: true });
  }, [storedCode, packages]);

  return {
    result,
    status,
    isChecking: check.isPending,
    apply: (typed: string) => apply(typed),
    remove: () => {
      setResult(null);
      setStatus('idle');
      onCodesChange([]);
    },
  };
}
