import { defineConfig } from 'vitest/config';

// One runner for every unit, component and server suite; each workspace is a project.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
