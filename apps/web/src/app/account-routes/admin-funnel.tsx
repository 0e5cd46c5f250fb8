import { FunnelPage } from '@/features/account/admin/funnel-page';

/** /app/account/admin/funnel: the funnel report, staff only ([F6]). */
export function AdminFunnelRoute() {
  return <FunnelPage />;
}
