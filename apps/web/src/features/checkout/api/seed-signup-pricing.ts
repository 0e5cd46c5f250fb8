import type { Locale, PricingRequestInput, PricingResponse, SignupState } from '@coparent/domain';
import { packageSavePricingBody } from '@coparent/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '@/lib/use-locale';
import { signupFlowId } from '../flow-id';

// Small and apart from the checkout (its store, its views): /step3 and /alacarte load it.

/**
 * The key of a flow's price of a body: the flow, what is priced (the address too, which the
 * invited flow's server reads from the saved billing) and the language (formatted amounts),
 * never a secret.
 */
export function checkoutPricingKey(flowId: string, body: PricingRequestInput, locale: Locale) {
  return ['checkout', 'pricing', flowId, JSON.stringify(body), locale] as const;
}

/**
 * Keeps the PACKAGE save's price as Parent A's payment page's first pricing answer (so
 * /payment shows its summary without asking again). The server priced the saved order by the
 * parent's phone, without codes and not for the co-parent: kept under that body's key only, so a
 * page that prices anything else (a code, a saved address) still asks the server.
 */
export function seedSignupPricing(
  queryClient: QueryClient,
  { signup, pricing }: { signup: SignupState; pricing: PricingResponse },
  locale: Locale,
) {
  if (!signup.order) return;
  const body = packageSavePricingBody(signup.order, signup.parent);
  queryClient.setQueryData(
    checkoutPricingKey(signupFlowId(signup.signupId), body, locale),
    pricing,
  );
}

/** `seedSignupPricing` with this screen's query client and language. */
export function useSeedSignupPricing() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return (answer: { signup: SignupState; pricing: PricingResponse }) =>
    seedSignupPricing(queryClient, answer, locale);
}
