import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import type { FormSubmission } from '../lib/form-submission';
import { whenLanguageLoaded } from '../lib/i18n';
import { AppProviders } from './providers';

type Router = ReturnType<typeof createBrowserRouter>;

/** On <html> once the app has rendered (or hydrated) the page: from then on it answers to input. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

type AppProps = { createRouter: () => Router; submission: FormSubmission | undefined };

function App({ createRouter, submission }: AppProps) {
  const [router] = useState(createRouter);
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);
  return (
    <AppProviders submission={submission}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Renders one of the build's apps (the join funnel or the account area) into the page's root, once
 * the page's language is loaded (a language other than English is a chunk of its own); `hydrate`
 * takes over the HTML the server rendered there instead (with the form it answered, if any).
 */
export async function renderApp(
  container: HTMLElement,
  createRouter: () => Router,
  { hydrate = false, submission }: { hydrate?: boolean; submission?: FormSubmission } = {},
): Promise<void> {
  await whenLanguageLoaded();
  const app = (
    <StrictMode>
      <App createRouter={createRouter} submission={submission} />
    </StrictMode>
  );
  // The page is already on screen: hydrating in a transition lets the browser answer a tap
  // between slices of the work instead of one long task.
  if (hydrate) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
