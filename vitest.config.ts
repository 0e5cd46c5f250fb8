import { defineConfig } from 'vitest/config';

// One runner for every unit, component and server suite; each workspace is a project.
export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.isolated.config.ts',
      'apps/web',
    ],
    // Two test files side by side (the server suites mostly wait on the database). A project
    // does not inherit this: each sets its own, or on two cores Vitest runs its files one by one.
    maxWorkers: 2,
  },
});
