import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/v2', '/ofrep', '/healthz', '/pub'].map((path) => [
    path,
    { target: apiTarget, changeOrigin: false },
  ]),
);

/**
 * Writes a .br and a .gz beside each built text file: the server sends them as they are
 * (@fastify/static `preCompressed`), so no request pays for compressing (issue [F8]).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir = 'dist' }, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg)$/.test(name));
      for (const name of files) {
        const path = join(dir, name);
        const source = await readFile(path);
        await writeFile(`${path}.br`, brotliCompressSync(source));
        await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * main.tsx loads the app by a dynamic import (zod is told not to probe `new Function` first:
 * lib/zod-jitless.ts), which alone would cost a round trip after the entry. Modulepreload links
 * for the app's chunk and its static imports let the browser fetch them beside the entry.
 */
function preloadApp(): Plugin {
  let base = '/';
  return {
    name: 'preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const start = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith('/app/start.tsx'),
        );
        if (!start) throw new Error('preload-app: no chunk for src/app/start.tsx');
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          const output = bundle[fileName];
          if (scripts.has(fileName) || output?.type !== 'chunk' || output.isEntry) return;
          scripts.add(fileName);
          for (const css of output.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of output.imports) visit(imported);
        };
        visit(start.fileName);
        const link = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        });
        return [
          ...[...styles].map((file) => link('stylesheet', file)),
          ...[...scripts].map((file) => link('modulepreload', file)),
        ];
      },
    },
  };
}

// The join app is served under /app/join/; in dev the API calls go to the server on port 3000.
export default defineConfig({
  base: '/app/join/',
  plugins: [react(), preloadApp(), precompress()],
  // 'source' makes @coparent/domain resolve to its TypeScript source (no domain build needed).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/web-budget.ts reads which chunks each route loads from .vite/manifest.json.
    manifest: true,
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
