// Says which Node runs the scripts, and stops them when it is older than `engines.node`: on a
// machine whose own Node is older, the project's `node` devDependency must be first on the PATH
// (npm puts node_modules/.bin there for every script), and an install that skipped its set-up
// would otherwise run everything on the old Node without a word.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const requiredMajor = Number(/^>=\s*(\d+)/.exec(engines.node)?.[1]);
const runningMajor = Number(process.versions.node.split('.')[0]);

console.log(`Node ${process.version} (${process.execPath})`);

if (!(runningMajor >= requiredMajor)) {
  console.error(
    `This project runs on Node ${engines.node}; this is ${process.version}. ` +
      'Run `npm install` (it brings Node 24 from the npm registry), or put a Node 24 first on the PATH.',
  );
  process.exit(1);
}
