import { CasesPage } from '@/features/account/cases/cases-page';

/** /app/account/cases: a professional's My Cases. */
export function CasesRoute() {
  return <CasesPage />;
}
