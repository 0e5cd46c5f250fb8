import { LoginPage } from '@/features/account/login/login-page';

/** /app/account/login. */
export function LoginRoute() {
  return <LoginPage />;
}
