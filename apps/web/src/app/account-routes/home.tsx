import { AccountHomePage } from '../../features/account/home/account-home-page';

/** /app/account/ (issue [F7]). */
export function AccountHomeRoute() {
  return <AccountHomePage />;
}
