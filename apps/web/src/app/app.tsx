import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { whenLanguageLoaded } from '../lib/i18n';
import { AppProviders } from './providers';

type Router = ReturnType<typeof createBrowserRouter>;

function App({ createRouter }: { createRouter: () => Router }) {
  const [router] = useState(createRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Renders one of the build's apps (the join funnel or the account area) into the page's root, once
 * the page's language is loaded (a language other than English is a chunk of its own).
 */
export async function renderApp(container: HTMLElement, createRouter: () => Router): Promise<void> {
  await whenLanguageLoaded();
  createRoot(container).render(
    <StrictMode>
      <App createRouter={createRouter} />
    </StrictMode>,
  );
}
