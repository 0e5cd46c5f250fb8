// The global styles are the entry's: the build links them in the HTML's head, so the page's frame
// (index.html) is styled before any JavaScript runs.
import './styles/global.css';
import './lib/zod-jitless';
import { isAccountPath } from './app/account-path';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;
// Loaded only now: the app's modules build zod schemas as they load, after zod-jitless has run.
// The account area and the join funnel are separate chunks: each page loads only its own.
const start = isAccountPath(window.location.pathname)
  ? import('./app/start-account')
  : import('./app/start');
void start.then(({ startApp }) => startApp(root));
