import type { SignupState } from '@coparent/domain';
import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import type { FormSubmission } from '../lib/form-submission';
import { whenLanguageLoaded } from '../lib/i18n';
import type { ServerQuery } from '../lib/server-queries';
import { AppProviders } from './providers';

type Router = ReturnType<typeof createBrowserRouter>;

/** On <html> once the app has rendered (or hydrated) the page: from then on it answers to input. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/** What the server wrote the page with, for the app to take it over with the same. */
type ServerWritten = {
  submission?: FormSubmission;
  signup?: SignupState;
  queries?: readonly ServerQuery[];
};

type AppProps = { createRouter: () => Router; written: ServerWritten };

function App({ createRouter, written }: AppProps) {
  const [router] = useState(createRouter);
  useEffect(() => document.documentElement.setAttribute(APP_READY_ATTRIBUTE, ''), []);
  return (
    <AppProviders submission={written.submission} signup={written.signup} queries={written.queries}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Renders one of the build's apps (the join funnel or the account area) into the page's root, once
 * the page's language is loaded (a language other than English is a chunk of its own); `hydrate`
 * takes over the HTML the server rendered there instead (with the form it answered and the signup it read, if any).
 */
export async function renderApp(
  container: HTMLElement,
  createRouter: () => Router,
  { hydrate = false, ...written }: { hydrate?: boolean } & ServerWritten = {},
): Promise<Root> {
  await whenLanguageLoaded();
  const app = (
    <StrictMode>
      <App createRouter={createRouter} written={written} />
    </StrictMode>
  );
  // The page is already on screen: hydrating in a transition lets the browser answer a tap
  // between slices of the work instead of one long task.
  if (hydrate) {
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(container, app);
    });
    return root as Root;
  }
  const root = createRoot(container);
  root.render(app);
  return root;
}
