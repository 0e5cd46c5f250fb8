import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    // Two files side by side, as the root config says: a project does not inherit its maxWorkers.
    maxWorkers: 2,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One migrated PGlite snapshot per run, which each test file's database starts from.
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
