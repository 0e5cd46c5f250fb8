// The global styles are the entry's: the build links them in the HTML's head, so the page's frame
// (index.html) is styled before any JavaScript runs.
import './styles/global.css';
import './lib/zod-jitless';
import { isAccountPath } from './app/account-path';
import { isJoinPath } from './app/join-path';
import { SERVER_RENDERED_ATTRIBUTE } from './app/server-rendered-paths';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;
// Loaded only now: the app's modules build zod schemas as they load, after zod-jitless has run.
// The account area, the join funnel and the site pages (terms, help, page not found…) are separate
// chunks: each page loads only its own.
const path = window.location.pathname;

/** Lets the browser paint and answer input before the next piece of work. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A page the server wrote is already on screen: its app is loaded in two pieces, each run in a
 * task of its own (React with its router, then the app), rather than one long task a tap would
 * wait behind.
 */
async function loadJoinApp() {
  if (root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
    await import('react-dom/client');
    await nextTask();
  }
  return import('./app/start');
}

const start = isAccountPath(path)
  ? import('./app/start-account')
  : isJoinPath(path)
    ? loadJoinApp()
    : import('./app/start-site');
void start.then(({ startApp }) => startApp(root));
