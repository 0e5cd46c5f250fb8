import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    conditions: ['source'],
    // '@/' is apps/web/src, as in vite.config.ts and tsconfig.json.
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  test: {
    name: 'web',
    // Two files side by side, as the root config says: a project does not inherit its maxWorkers.
    maxWorkers: 2,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    // A whole screen in jsdom (router, query client, i18n, user-event typing) is slow on a busy
    // two-core machine; the default 5 s timed tests out there.
    testTimeout: 20_000,
  },
});
