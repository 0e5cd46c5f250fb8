import { ConfirmEmailPage } from '@/features/account/email/confirm-email-page';

/** /app/account/email/confirm?token=…: the email change's link (no login needed). */
export function EmailConfirmRoute() {
  return <ConfirmEmailPage />;
}
