import type { Root } from 'react-dom/client';
import { createAccountRouter } from './account-router';
import { renderApp } from './app';

/**
 * Starts the account area (/app/account/*). Its own chunk, so its layout (and the session schemas
 * its header parses with) stays out of what the funnel loads before it renders.
 */
export function startApp(container: HTMLElement): Promise<Root> {
  return renderApp(container, createAccountRouter);
}
