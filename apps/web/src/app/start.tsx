import { readWrittenSubmission } from '../lib/form-submission';
import { SERVER_SIGNUP_ELEMENT_ID } from '../lib/server-signup';
import { useFunnelStore } from '../stores/funnel-store';
import { renderApp } from './app';
import { JOIN_BASENAME } from './join-path';
import { loadMatchedRoutes } from './load-matched-routes';
import { createAppRouter, routes } from './router';
import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered-paths';

/** Starts the join funnel (/app/join/*); the account area has its own start (start-account.tsx). */
export async function startApp(container: HTMLElement): Promise<void> {
  const hydrate = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
  if (!hydrate) return renderApp(container, createAppRouter);
  const [signup] = await Promise.all([
    readServerSignup(),
    loadMatchedRoutes(routes, window.location, JOIN_BASENAME),
  ]);
  // The tab goes on with the signup the page was written with when it has none of its own.
  const funnel = useFunnelStore.getState();
  if (signup && !signup.paid && funnel.signupId === undefined) funnel.adoptSignup(signup);
  return renderApp(container, createAppRouter, {
    hydrate,
    submission: readWrittenSubmission(),
    signup,
  });
}

/** The signup the server wrote in the page (its reader, with its schema, loads only then). */
async function readServerSignup() {
  if (!document.getElementById(SERVER_SIGNUP_ELEMENT_ID)) return undefined;
  const { readWrittenSignup } = await import('../lib/read-written-signup');
  return readWrittenSignup();
}
