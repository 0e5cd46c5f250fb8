import { FunnelPage } from '@/features/account/admin/funnel-page';

/** /app/account/admin/funnel: the funnel report, staff only. */
export function AdminFunnelRoute() {
  return <FunnelPage />;
}
