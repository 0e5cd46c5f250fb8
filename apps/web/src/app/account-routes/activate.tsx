import { ActivatePage } from '@/features/account/cases/activate/activate-page';

/** /app/account/activate?token=…: a professional chooses a username and password. */
export function ActivateRoute() {
  return <ActivatePage />;
}
