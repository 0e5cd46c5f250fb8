import { LoginPage } from '@/features/account/login/login-page';

/** /app/account/login (issue [F7]). */
export function LoginRoute() {
  return <LoginPage />;
}
