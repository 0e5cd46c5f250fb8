import './lib/zod-jitless';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = container;
// Loaded only now: the app's modules build zod schemas as they load, after zod-jitless has run.
void import('./app/start').then(({ startApp }) => startApp(root));
