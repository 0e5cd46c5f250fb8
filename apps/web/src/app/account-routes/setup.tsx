import { AccountSetupPage } from '@/features/account/setup/account-setup-page';

/** /app/account/setup: what an invited co-parent still has to do. */
export function SetupRoute() {
  return <AccountSetupPage />;
}
