import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { useCheckoutStore } from '../features/checkout/checkout-store';
import { useFunnelStore } from '../features/join/funnel-store';
import { useProStore } from '../features/pro/pro-store';
import { clearAnalytics } from '../lib/analytics';
import { i18n } from '../lib/i18n';

// jsdom does not scroll; the router's scroll restoration calls it on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  useFunnelStore.getState().reset();
  useCheckoutStore.getState().reset();
  useProStore.getState().reset();
  window.sessionStorage.clear();
  window.localStorage.clear();
  clearAnalytics();
  vi.unstubAllGlobals();
  document.title = '';
});
