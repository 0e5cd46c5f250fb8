import { RecoveryPage } from '@/features/account/recovery/components/recovery-page';

/** /app/account/recover: the password retrieval tool (the duplicate page and the login link here). */
export function RecoverRoute() {
  return <RecoveryPage />;
}
