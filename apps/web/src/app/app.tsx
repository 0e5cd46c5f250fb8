import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { whenLanguageLoaded } from '../lib/i18n';
import { AppProviders } from './providers';

type Router = ReturnType<typeof createBrowserRouter>;

/** On <html> once the app has rendered (or hydrated) the page: from then on it answers to input. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

function App({ createRouter }: { createRouter: () => Router }) {
  const [router] = useState(createRouter);
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Renders one of the build's apps (the join funnel or the account area) into the page's root, once
 * the page's language is loaded (a language other than English is a chunk of its own); `hydrate`
 * takes over the HTML the server rendered there instead.
 */
export async function renderApp(
  container: HTMLElement,
  createRouter: () => Router,
  { hydrate = false }: { hydrate?: boolean } = {},
): Promise<void> {
  await whenLanguageLoaded();
  const app = (
    <StrictMode>
      <App createRouter={createRouter} />
    </StrictMode>
  );
  // The page is already on screen: hydrating in a transition lets the browser answer a tap
  // between slices of the work instead of one long task.
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
