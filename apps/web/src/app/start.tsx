import { readWrittenSubmission } from '../lib/form-submission';
import { renderApp } from './app';
import { JOIN_BASENAME } from './join-path';
import { loadMatchedRoutes } from './load-matched-routes';
import { createAppRouter, routes } from './router';
import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered-paths';

/** Starts the join funnel (/app/join/*); the account area has its own start (start-account.tsx). */
export async function startApp(container: HTMLElement): Promise<void> {
  const hydrate = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
  if (!hydrate) return renderApp(container, createAppRouter);
  await loadMatchedRoutes(routes, window.location, JOIN_BASENAME);
  return renderApp(container, createAppRouter, { hydrate, submission: readWrittenSubmission() });
}
