import { ChangeEmailPage } from '@/features/account/email/change-email-page';

/** /app/account/email: change the account's email address (with the current password). */
export function EmailRoute() {
  return <ChangeEmailPage />;
}
