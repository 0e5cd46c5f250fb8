// The global styles are the entry's: the build links them in the HTML's head, so the page's frame
// (index.html) is styled before any JavaScript runs.
import './styles/global.css';
import './lib/zod-jitless';
import { isAccountPath } from './app/account-path';
import { isJoinPath } from './app/join-path';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;
// Loaded only now: the app's modules build zod schemas as they load, after zod-jitless has run.
// The account area, the join funnel and the site pages (terms, help, page not found…) are separate
// chunks: each page loads only its own.
const path = window.location.pathname;
const start = isAccountPath(path)
  ? import('./app/start-account')
  : isJoinPath(path)
    ? import('./app/start')
    : import('./app/start-site');
void start.then(({ startApp }) => startApp(root));
