import { isSignupResetStatus, normalizeCode, type Package } from '@coparent/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/api-client';
import type { SignupKey } from '@/stores/funnel-store';
import { checkSubscriptionCode } from '../api/check-subscription-code';

/** What an accepted code does for one package's card. */
export type CodeCoverage = { isFullyCovered: boolean; amountFormatted: string };
type CodeCheckResult = { code: string; coverage: Map<number, CodeCoverage> };
export type CodeStatus = 'idle' | 'invalid' | 'failed';

/** The server's reason a code pays for none of the packages (its 422 at `code`), if it said one. */
function refusalOf(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 422) return undefined;
  return error.fieldErrors.find((e) => e.field === 'code')?.text ?? '';
}

/** One call for one code: the packages it pays for, and how much of each. */
async function checkCode(signupKey: SignupKey, code: string): Promise<CodeCheckResult> {
  const answer = await checkSubscriptionCode(signupKey, normalizeCode(code));
  const coverage = new Map<number, CodeCoverage>(
    answer.packages.map((pkg) => [
      pkg.packageId,
      { isFullyCovered: pkg.isFullyCovered, amountFormatted: pkg.amountFormatted },
    ]),
  );
  return { code: answer.code, coverage };
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
  // Why the server refused the code (its words, in the visitor's language).
  const [refusal, setRefusal] = useState<string>();
  const check = useMutation({
    mutationKey: ['pricing', 'subscription-code'],
    mutationFn: (code: string) => {
      if (!signupKey || !packages) {
        return Promise.reject(new Error('The packages are not loaded'));
      }
      return checkCode(signupKey, code);
    },
  });

  const hasRechecked = useRef(false);
  /** `isRecheck`: the stored code checked again after a reload, quietly (nothing was typed). */
  const apply = async (typed: string, { isRecheck = false } = {}) => {
    const code = typed.trim();
    if (code === '') return;
    // A code typed here is checked now: the reload's check of a kept code is not needed after it.
    if (!isRecheck) hasRechecked.current = true;
    setStatus('idle');
    setRefusal(undefined);
    try {
      const checked = await check.mutateAsync(code);
      setResult(checked);
      onCodesChange([checked.code]);
    } catch (error) {
      if (isApiError(error) && isSignupResetStatus(error.status)) {
        onSignupGone();
        return;
      }
      const reason = refusalOf(error);
      if (reason !== undefined) {
        // Refused: a code kept from before (a reload) is dropped quietly, a typed one is told why.
        setResult(null);
        onCodesChange([]);
        if (!isRecheck) {
          setRefusal(reason || undefined);
          setStatus('invalid');
        }
        return;
      }
      if (!isRecheck) setStatus('failed');
    }
  };

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
    refusal,
    isChecking: check.isPending,
    apply: (typed: string) => apply(typed),
    remove: () => {
      setResult(null);
      setStatus('idle');
      setRefusal(undefined);
      onCodesChange([]);
    },
  };
}
