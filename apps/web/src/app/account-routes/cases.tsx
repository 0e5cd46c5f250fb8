import { CasesPage } from '@/features/account/cases/cases-page';

/** /app/account/cases: a professional's My Cases ([F5]). */
export function CasesRoute() {
  return <CasesPage />;
}
