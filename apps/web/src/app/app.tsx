import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ACCOUNT_BASENAME, createAccountRouter } from './account-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** Is this page in the account area? One build serves /app/join/* and /app/account/*. */
export function isAccountPath(pathname: string): boolean {
  return pathname === ACCOUNT_BASENAME || pathname.startsWith(`${ACCOUNT_BASENAME}/`);
}

export function App() {
  const [router] = useState(() =>
    isAccountPath(window.location.pathname) ? createAccountRouter() : createAppRouter(),
  );
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
