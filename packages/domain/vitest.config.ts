import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'domain',
    // Two files side by side, as the root config says: a project does not inherit its maxWorkers.
    maxWorkers: 2,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Pure functions with no mocks and no state a file could leave behind (the module-level
    // caches hold formatters and collators): the files share a worker and its loaded modules
    // instead of paying a fresh worker and a fresh import of the package for each file.
    isolate: false,
  },
});
