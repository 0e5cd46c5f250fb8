import { defineConfig } from 'vitest/config';
import { TEST_FILE_WORKERS } from './vitest.workers';

// One runner for every unit, component and server suite; each workspace is a project.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    maxWorkers: TEST_FILE_WORKERS,
  },
});
