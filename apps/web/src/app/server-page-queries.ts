import type { Locale, SignupState } from '@coparent/domain';
import { invitedContextQueries } from '@/api/get-invited-context';
import { savedOrderPricingQueries } from '@/features/checkout/api/signup-order-pricing';
import { offeredPackagesQueries } from '@/features/packages/server-queries';
import { proPageQueries } from '@/features/pro/server-queries';
import { signupReceiptQueries } from '@/features/receipt/api/get-signup-receipt';
import type { FormSubmission } from '@/lib/form-submission';
import type { ServerFetch, ServerQuery } from '@/lib/server-queries';
import { invitePageQueries } from './invite-page-queries';
import { INVITE_PAGE_PATHS } from './server-rendered-paths';

/**
 * The answers a join page's screen reads, for the server to write the page with them: with the
 * browser's signup (the steps), the link's token (the invitation's welcome), the invite cookie (the
 * invite's later screens), or the form the page
 * answers (the professional registration's posted step). A page not listed
 * reads nothing before its first paint.
 */
export async function serverPageQueries(
  joinPath: string,
  {
    signup,
    search,
    locale,
    fetchJson,
    submission,
  }: {
    signup?: SignupState;
    search?: URLSearchParams;
    locale: Locale;
    fetchJson: ServerFetch;
    submission?: FormSubmission;
  },
): Promise<ServerQuery[]> {
  const token = search?.get('token');
  if (joinPath === '/pro') return proPageQueries(locale, submission, fetchJson);
  if (joinPath === '/invite') return token ? invitedContextQueries(token, fetchJson) : [];
  if (INVITE_PAGE_PATHS.includes(joinPath)) return invitePageQueries(joinPath, locale, fetchJson);
  if (!signup) return [];
  switch (joinPath) {
    case '/step3':
    case '/alacarte':
      return offeredPackagesQueries(signup, locale, fetchJson);
    case '/payment': {
      const [packages, pricing] = await Promise.all([
        offeredPackagesQueries(signup, locale, fetchJson),
        savedOrderPricingQueries(signup, locale, fetchJson),
      ]);
      return [...packages, ...pricing];
    }
    case '/receipt':
      return signupReceiptQueries(signup, fetchJson);
    default:
      return [];
  }
}
