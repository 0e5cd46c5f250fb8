import type { ClientTokenResponse } from '@coparent/domain';
import { useQuery } from '@tanstack/react-query';
import type { BrowserPaymentProvider } from './payment-provider';
import { sandboxProvider } from './sandbox-provider';

type PaymentProviderState =
  | { status: 'loading' }
  | { status: 'ready'; provider: BrowserPaymentProvider }
  /** braintree-web (or its client) could not load: the page says so, with a retry. */
  | { status: 'failed'; retry: () => void };

/**
 * The browser provider for the client token's `provider`. braintree-web is imported here only,
 * dynamically: the SDK and our Braintree components are chunks of their own, fetched on the
 * payment page when the server uses Braintree, never with the funnel's steps.
 */
export function usePaymentProvider(
  token: ClientTokenResponse | undefined,
  country: string | undefined,
): PaymentProviderState {
  const isBraintree = token?.provider === 'braintree';
  const braintree = useQuery({
    // One client per country (its merchant account); a later token for it changes nothing.
    queryKey: ['checkout', 'payment-provider', 'braintree', country ?? ''],
    queryFn: async () => {
      if (!token) throw new Error('No client token');
      const { createBraintreeProvider } = await import('./braintree/braintree-provider');
      return createBraintreeProvider(token);
    },
    enabled: isBraintree,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnWindowFocus: false,
    // The provider holds SDK instances and components: kept as they are.
    structuralSharing: false,
  });
  if (!token) return { status: 'loading' };
  if (!isBraintree) return { status: 'ready', provider: sandboxProvider };
  if (braintree.data) return { status: 'ready', provider: braintree.data };
  if (braintree.isError && !braintree.isFetching)
    return { status: 'failed', retry: () => void braintree.refetch() };
  return { status: 'loading' };
}
