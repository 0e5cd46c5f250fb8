import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The project runs on the Node that the root package.json's `engines.node` names, whatever Node
 * the machine has: npm puts the `node` devDependency first on every script's PATH, so the test
 * workers and every `node` that a script or a test starts (the browser suite's server, tsx, the
 * children that the shutdown and crash tests spawn) run on it.
 */

const rootPackage = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { engines: { node: string } };
const requiredMajor = Number(/^>=\s*(\d+)/.exec(rootPackage.engines.node)?.[1]);

function majorOf(version: string): number {
  return Number(version.replace(/^v/, '').split('.')[0]);
}

describe('the Node the project runs on', () => {
  it('is named by engines.node as a lower bound on a major version', () => {
    expect(requiredMajor).toBeGreaterThanOrEqual(24);
  });

  it('runs the tests', () => {
    expect(majorOf(process.versions.node)).toBeGreaterThanOrEqual(requiredMajor);
  });

  it('is the `node` found on the PATH that the scripts and the browser suite start', () => {
    const version = execFileSync('node', ['--version'], { encoding: 'utf8' }).trim();
    expect(majorOf(version)).toBeGreaterThanOrEqual(requiredMajor);
  });
});
