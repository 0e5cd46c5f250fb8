import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/v2', '/ofrep', '/healthz'].map((path) => [path, { target: apiTarget, changeOrigin: false }]),
);

// The join app is served under /app/join/; in dev the API calls go to the server on port 3000.
export default defineConfig({
  base: '/app/join/',
  plugins: [react()],
  // 'source' makes @coparent/domain resolve to its TypeScript source (no domain build needed).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // The domain's modules only declare rules and tables: an unused one can be left out.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173 },
});
