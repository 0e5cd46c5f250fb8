import { defineProject } from 'vitest/config';
import { FILES_THAT_MOCK_MODULES, serverProjectBase, serverTestBase } from './vitest.shared';

export default defineProject({
  ...serverProjectBase,
  test: {
    ...serverTestBase,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: FILES_THAT_MOCK_MODULES,
    // One migrated PGlite snapshot per run, which each test file's database starts from.
    globalSetup: ['src/test/global-setup.ts'],
    // The files share their worker's loaded modules instead of importing the server (Fastify,
    // Drizzle, the Braintree and Twilio SDKs) afresh for each one: each file builds its own app
    // and database, and no server module keeps state a file could leave behind.
    isolate: false,
  },
});
