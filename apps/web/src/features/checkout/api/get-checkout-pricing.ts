import {
  type Locale,
  orderPricingBody,
  type PricingRequestInput,
  type PricingResponse,
  PricingResponseSchema,
  type SignupState,
} from '@coparent/domain';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useLocale } from '../../../lib/use-locale';
import type { CheckoutSession } from '../checkout-session';
import { signupFlowId } from '../checkout-store';

export type CheckoutPricingInput = {
  signupId: string;
  registrationKey: string;
  body: PricingRequestInput;
};

/** A pricing call's 200 answer, checked. */
export function parsePricingResponse(answer: unknown): PricingResponse {
  const parsed = PricingResponseSchema.safeParse(answer);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'INVALID_RESPONSE', message: 'Unexpected pricing' });
  }
  return parsed.data;
}

/**
 * POST /v2/signups/{signupId}/pricing: the server's price of the order with the billing address,
 * the codes and pay-for-co-parent. The amounts shown and sent to the payment come from here only.
 */
export async function getCheckoutPricing({
  signupId,
  registrationKey,
  body,
}: CheckoutPricingInput): Promise<PricingResponse> {
  const answer = await apiRequest<unknown>(`/v2/signups/${encodeURIComponent(signupId)}/pricing`, {
    method: 'POST',
    body: { limboId: signupId, ...body },
    registrationKey,
  });
  return parsePricingResponse(answer);
}

type PricingFlow = Pick<CheckoutSession, 'flowId' | 'calls'>;

/**
 * The key of a flow's price of a body: the flow, what is priced (the address too, which the
 * invited flow's server reads from the saved billing) and the language (formatted amounts),
 * never a secret.
 */
function checkoutPricingKey(flowId: string, body: PricingRequestInput, locale: Locale) {
  return ['checkout', 'pricing', flowId, JSON.stringify(body), locale] as const;
}

/** The flow's price of a body. */
export function checkoutPricingQueryOptions(
  flow: PricingFlow,
  body: PricingRequestInput,
  locale: Locale,
) {
  return queryOptions({
    queryKey: checkoutPricingKey(flow.flowId, body, locale),
    queryFn: () => flow.calls.price(body),
    staleTime: 60 * 1000,
    retry: false,
  });
}

/** The order summary's pricing; while a new price loads the previous one stays on screen. */
export function useCheckoutPricing(
  flow: PricingFlow,
  body: PricingRequestInput,
  locale: Locale,
  { enabled = true } = {},
) {
  return useQuery({
    ...checkoutPricingQueryOptions(flow, body, locale),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * Keeps the PACKAGE save's price as Parent A's payment page's first pricing answer (issue [F8]:
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
  const body = orderPricingBody({
    order: signup.order,
    phoneCountryCode: signup.parent.phoneCountryCode,
    phoneNumber: signup.parent.phoneNumber,
    payForCoparent: false,
    paymentCodes: [],
    promoCodes: [],
  });
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
