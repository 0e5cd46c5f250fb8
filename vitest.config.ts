import { defineConfig } from 'vitest/config';

// One runner for every unit, component and server suite; each workspace is a project.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
    // Vitest's default on a two-core machine is one worker; the server suites mostly wait on the
    // database, so two run side by side in about two thirds of the time.
    maxWorkers: 2,
  },
});
