import { defineProject } from 'vitest/config';
import { TEST_FILE_WORKERS } from '../../vitest.workers';

export default defineProject({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    maxWorkers: TEST_FILE_WORKERS,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One migrated PGlite snapshot per run, which each test file's database starts from.
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
