import { AccountHomePage } from '@/features/account/home/account-home-page';
import { SupportChat } from '@/features/support-chat/support-chat';

/** /app/account/ (issue [F7]), with the support chat ([F6]). */
export function AccountHomeRoute() {
  return (
    <>
      <AccountHomePage />
      <SupportChat />
    </>
  );
}
