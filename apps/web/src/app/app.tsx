import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { type createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import '../styles/global.css';

type Router = ReturnType<typeof createBrowserRouter>;

function App({ createRouter }: { createRouter: () => Router }) {
  const [router] = useState(createRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/** Renders one of the build's apps (the join funnel or the account area) into the page's root. */
export function renderApp(container: HTMLElement, createRouter: () => Router): void {
  createRoot(container).render(
    <StrictMode>
      <App createRouter={createRouter} />
    </StrictMode>,
  );
}
