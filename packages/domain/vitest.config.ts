import { defineProject } from 'vitest/config';
import { TEST_FILE_WORKERS } from '../../vitest.workers';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'domain',
    maxWorkers: TEST_FILE_WORKERS,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Pure functions with no mocks and no state a file could leave behind (the module-level
    // caches hold formatters and collators): the files share a worker and its loaded modules
    // instead of paying a fresh worker and a fresh import of the package for each file.
    isolate: false,
  },
});
