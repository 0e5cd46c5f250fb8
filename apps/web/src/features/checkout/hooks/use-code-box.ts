import {
  isInvalidPromo,
  isUnknownCodeRefusal,
  normalizeCode,
  type PricingResponse,
  refusedCodeIndex,
  type SavedOrder,
} from '@coparent/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { track } from '@/lib/analytics';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/use-locale';
import { checkoutPricingQueryOptions } from '../api/get-checkout-pricing';
import { useCheckoutSession } from '../checkout-session';
import { useCheckoutStore } from '../checkout-store';
import { usePricingBody } from './use-order-pricing';

/**
 * idle; invalid: neither a promo nor a subscription code the server accepts; failed: the check
 * itself failed (never called "invalid"); rejected: an applied promo no longer applies (e.g.
 * after the billing country changed).
 */
export type AppliedCode = {
  code: string;
  kind: 'promo' | 'subscription';
  amountFormatted?: string;
};

export type CodeBoxStatus = 'idle' | 'invalid' | 'failed' | 'rejected';

/**
 * The payment page's code box. A code is tried as a promo code first (one discount per order, so
 * it replaces an earlier promo); when the answer does not include it, as a subscription code added
 * to the others. Each accepted answer becomes the summary's price at once.
 */
export function useCodeBox(
  order: SavedOrder,
  pricing: PricingResponse | undefined,
  /** A kept code the order's price refused (the page says why): not listed as applied. */
  refusedCode?: string,
) {
  const session = useCheckoutSession();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const promoCodes = useCheckoutStore((s) => s.promoCodesEntered);
  const setPromoCodes = useCheckoutStore((s) => s.setPromoCodes);
  const body = usePricingBody(order);
  const [isOpen, setIsOpen] = useState(
    () => promoCodes.length > 0 || session.paymentCodes.length > 0,
  );
  const [value, setValue] = useState('');
  const [checkStatus, setCheckStatus] = useState<'idle' | 'invalid' | 'failed'>('idle');
  // Why the server refused a subscription code (its words), when it is one.
  const [refusal, setRefusal] = useState<string>();
  const [isChecking, setIsChecking] = useState(false);

  const remember = (next: typeof body, priced: PricingResponse) => {
    queryClient.setQueryData(checkoutPricingQueryOptions(session, next, locale).queryKey, priced);
  };

  const apply = async (typed: string) => {
    const code = normalizeCode(typed);
    if (code === '') return;
    setCheckStatus('idle');
    setRefusal(undefined);
    const known = [...promoCodes, ...session.paymentCodes].map(normalizeCode);
    if (known.includes(code)) {
      setValue('');
      return;
    }
    setIsChecking(true);
    try {
      const asPromo = { ...body, promoCodes: [code] };
      const promoPriced = await session.calls.price(asPromo);
      if (!isInvalidPromo([code], promoPriced)) {
        remember(asPromo, promoPriced);
        setPromoCodes([code]);
        setValue('');
        track('Coupon Applied', { couponCode: code, kind: 'promo' });
        return;
      }
      const codes = [...session.paymentCodes, code];
      const asSubscription = { ...body, paymentCodes: codes };
      try {
        const priced = await session.calls.price(asSubscription);
        remember(asSubscription, priced);
        session.onPaymentCodesChange(codes);
        setValue('');
        track('Coupon Applied', { couponCode: code, kind: 'subscription' });
      } catch (error) {
        if (isApiError(error) && error.status === 422) {
          // A subscription code that exists is told why it cannot pay for this order (a reason
          // the server gave with its key); one known nowhere stays an invalid promo code.
          const refusal = error.fieldErrors.find(
            (e) => refusedCodeIndex(e) === codes.length - 1 && e.key && !isUnknownCodeRefusal(e),
          );
          setRefusal(refusal?.text);
          setCheckStatus('invalid');
          track('Coupon Denied', { couponCode: code });
          return;
        }
        throw error;
      }
    } catch (error) {
      if (isApiError(error) && session.calls.isGone(error.status)) {
        session.onSessionGone();
        return;
      }
      setCheckStatus('failed');
    } finally {
      setIsChecking(false);
    }
  };

  const remove = (code: AppliedCode) => {
    setCheckStatus('idle');
    if (code.kind === 'promo') setPromoCodes([]);
    else
      session.onPaymentCodesChange(
        session.paymentCodes.filter((c) => normalizeCode(c) !== code.code),
      );
  };

  const isRejected = isInvalidPromo(promoCodes, pricing);
  const status: CodeBoxStatus =
    checkStatus !== 'idle' ? checkStatus : isRejected ? 'rejected' : 'idle';

  const applied: AppliedCode[] = [
    ...promoCodes.map((code) => {
      const normalized = normalizeCode(code);
      const detail =
        pricing?.couponDetail && normalizeCode(pricing.couponDetail.couponCode) === normalized
          ? pricing.couponDetail.discountFormatted
          : undefined;
      return {
        code: normalized,
        kind: 'promo' as const,
        ...(detail ? { amountFormatted: detail } : {}),
      };
    }),
    ...session.paymentCodes
      .filter((code) => normalizeCode(code) !== refusedCode)
      .map((code) => {
        const normalized = normalizeCode(code);
        const detail = pricing?.paymentCodeDetails.find(
          (d) => normalizeCode(d.code) === normalized,
        );
        return {
          code: normalized,
          kind: 'subscription' as const,
          ...(detail ? { amountFormatted: detail.amountFormatted } : {}),
        };
      }),
  ];

  return {
    isOpen,
    toggle: () => setIsOpen((open) => !open),
    value,
    setValue: (next: string) => {
      // A new code clears the last answer; trimming the same one does not.
      if (next.trim() !== value.trim() && checkStatus !== 'idle') setCheckStatus('idle');
      setValue(next);
    },
    applied,
    status,
    refusal: status === 'invalid' ? refusal : undefined,
    isChecking,
    apply: (typed: string) => void apply(typed),
    remove,
    /**
     * Review Order's part: an open box must hold an applied, valid code and nothing
     * typed that was not applied.
     */
    isReady: !isOpen || (value.trim() === '' && applied.length > 0 && !isRejected),
  };
}
