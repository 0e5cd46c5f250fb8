import { renderApp } from './app';
import { createAppRouter } from './router';

/** Starts the join funnel (/app/join/*); the account area has its own start (start-account.tsx). */
export function startApp(container: HTMLElement): Promise<void> {
  return renderApp(container, createAppRouter);
}
