import { AccountHomePage } from '@/features/account/home/account-home-page';
import { SupportChat } from '@/features/support-chat/support-chat';

/** /app/account/, with the support chat. */
export function AccountHomeRoute() {
  return (
    <>
      <AccountHomePage />
      <SupportChat />
    </>
  );
}
