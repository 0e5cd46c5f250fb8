import { NoticePage } from '@/components/notice-page';

/** Any other path under /app/account. */
export function AccountNotFoundRoute() {
  return <NoticePage messages="account.notFound" to="/" />;
}
