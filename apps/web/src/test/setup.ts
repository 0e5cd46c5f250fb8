import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useFunnelStore } from '@/stores/funnel-store';
import { useCheckoutStore } from '../features/checkout/checkout-store';
import { useProStore } from '../features/pro/pro-store';
import { clearAnalytics } from '../lib/analytics';
import { i18n } from '../lib/i18n';
import '../features/join/form-checks';
import { loadEverythingDeclaredOnDemand } from '../lib/on-demand';
import { addOtherPagesCatalogue } from '../locales/catalogue-other-pages.en';

// Screens render after mocked calls resolve; on a busy two-core CI machine that can take more than
// Testing Library's default second. A real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Components render alone here, without the route that adds their page's texts in the app.
addOtherPagesCatalogue();

beforeEach(async () => {
  await i18n.changeLanguage('en');
  // The form checks the screens load on their first check (the numbered steps' declared by the
  // import above, since their routes load lazily): in before the test types.
  await loadEverythingDeclaredOnDemand();
});

afterEach(() => {
  cleanup();
  useFunnelStore.getState().reset();
  useCheckoutStore.getState().reset();
  useProStore.getState().reset();
  window.sessionStorage.clear();
  window.localStorage.clear();
  // The cookies the app shares with the server's pages (the anonymous id among them) too.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  clearAnalytics();
  vi.unstubAllGlobals();
  document.title = '';
});
