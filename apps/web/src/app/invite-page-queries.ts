import { INVITE_PATHS, inviteScreenRedirect, type Locale } from '@coparent/domain';
import { cookieInvitedContextQuery } from '@/api/get-invited-context';
import { invitedOrderPricingQueries } from '@/features/checkout/invited/invited-order-pricing';
import { invitedUserQuery } from '@/features/invite/api/get-invited-user';
import { ownReceiptQueries } from '@/features/invite/receipt/api/own-receipt';
import {
  packagesPath,
  packagesQueryOptions,
  readPackages,
} from '@/features/packages/api/get-packages';
import { invitePricingCriteria } from '@/features/packages/hooks/use-invite-offered-packages';
import { criteriaPackagesQueries } from '@/features/packages/server-queries';
import type { ServerFetch, ServerQuery } from '@/lib/server-queries';

/**
 * The answers an invite screen after the welcome reads, read on the server with the browser's
 * invite cookie (never a token of the page's): the invited context and the co-parent's saved
 * values (all /invite/credentials reads), plus the packages of their pricing group on
 * /invite/packages and /invite/choose-your-own, the order's package and price on
 * /invite/payment; the co-parent's own receipt on /invite/receipt. None (the app's shell)
 * for an invite that has not reached the screen, as its entry rule would send it elsewhere; a
 * refused invite (expired, replaced, finished) fails the read, which is the shell too.
 */
export async function invitePageQueries(
  joinPath: string,
  locale: Locale,
  fetchJson: ServerFetch,
): Promise<ServerQuery[]> {
  // A finished invite has no context to read: its receipt is read with the login it opened (the
  // server writes the page only for the browser logged in as the cookie's invited user).
  if (joinPath === INVITE_PATHS.receipt) return ownReceiptQueries(fetchJson);
  const { context, query } = await cookieInvitedContextQuery(fetchJson);
  if (inviteScreenRedirect(joinPath, context) !== null) return [];
  const { user, query: userQuery } = await invitedUserQuery(context.userId, fetchJson);
  const queries = [query, userQuery];
  if (joinPath === INVITE_PATHS.packages || joinPath === INVITE_PATHS.chooseYourOwn) {
    queries.push(
      ...(await criteriaPackagesQueries(invitePricingCriteria(context, user), locale, fetchJson)),
    );
  }
  if (joinPath === INVITE_PATHS.payment) {
    // The order's package (the summary names it) and its price; no page without an order.
    const order = user.order;
    if (!order) return [];
    const country = user.address.country ?? context.address.country;
    const ids = [order.packageId];
    const [packages, pricing] = await Promise.all([
      fetchJson(packagesPath(ids, country)).then(readPackages),
      invitedOrderPricingQueries(user, locale, fetchJson),
    ]);
    queries.push(
      { queryKey: packagesQueryOptions(ids, country, locale).queryKey, data: packages },
      ...pricing,
    );
  }
  return queries;
}
