import { defineProject } from 'vitest/config';
import { FILES_THAT_MOCK_MODULES, serverProjectBase, serverTestBase } from './vitest.shared';

/** The server files that mock a module, each in a fresh module registry (vitest.shared.ts). */
export default defineProject({
  ...serverProjectBase,
  test: {
    ...serverTestBase,
    name: 'server-mocked',
    include: FILES_THAT_MOCK_MODULES,
  },
});
