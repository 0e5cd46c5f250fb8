import type { Root } from 'react-dom/client';
import { useFunnelStore } from '@/stores/funnel-store';
import { loadFormChecks } from '../features/join/form-checks';
import { FORM_SUBMISSION_ELEMENT_ID } from '../lib/form-submission';
import { SERVER_QUERIES_ELEMENT_ID } from '../lib/server-queries';
import { SERVER_SIGNUP_ELEMENT_ID } from '../lib/server-signup';
import { renderApp } from './app';
import { JOIN_BASENAME } from './join-path';
import { loadMatchedRoutes } from './load-matched-routes';
import { createAppRouter, routes } from './router';
import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered-paths';
import { takeOverSignup } from './take-over-signup';

/** Starts the join funnel (/app/join/*); the account area has its own start (start-account.tsx). */
export async function startApp(container: HTMLElement): Promise<Root> {
  const hydrate = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
  if (!hydrate) return renderApp(container, createAppRouter);
  const [signup, queries, submission] = await Promise.all([
    takeOverServerSignup(),
    readServerQueries(),
    readServerSubmission(),
    loadMatchedRoutes(routes, window.location, JOIN_BASENAME),
  ]);
  return renderApp(container, () => createAppRouter({ takesOverWrittenPage: true }), {
    hydrate,
    submission,
    signup,
    queries,
  });
}

/**
 * The signup the server wrote in the page, which the tab then goes on with (take-over-signup.ts);
 * its reader loads only then. Its schema checks it once the page is taken over (decision 058): a
 * signup it refuses is forgotten, as an expired one is, and the step guard sends the person back.
 */
async function takeOverServerSignup() {
  if (!document.getElementById(SERVER_SIGNUP_ELEMENT_ID)) return undefined;
  const { readWrittenSignup, isWrittenSignupValid } = await import('../lib/read-written-signup');
  const signup = readWrittenSignup();
  if (!signup) return undefined;
  takeOverSignup(signup);
  whenIdle(async () => {
    if (await isWrittenSignupValid(signup)) return;
    const funnel = useFunnelStore.getState();
    if (funnel.signupId === signup.signupId) funnel.endSignup();
  });
  return signup;
}

/** After the take-over's own work: when the browser is idle (or at once where it cannot say). */
function whenIdle(task: () => Promise<void>): void {
  const run = () => void task();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
  else setTimeout(run, 0);
}

/** The answers the server wrote in the page (their reader loads only then). */
async function readServerQueries() {
  if (!document.getElementById(SERVER_QUERIES_ELEMENT_ID)) return [];
  const { readWrittenQueries } = await import('../lib/read-written-queries');
  return readWrittenQueries();
}

/**
 * The post the page answers, when the server wrote one (its reader loads only then), with its
 * form's checks: the page shows the post's problems from its first render.
 */
async function readServerSubmission() {
  if (!document.getElementById(FORM_SUBMISSION_ELEMENT_ID)) return undefined;
  const { readWrittenSubmission } = await import('../lib/read-written-submission');
  const submission = readWrittenSubmission();
  if (submission) await loadFormChecks(submission.path);
  return submission;
}
