import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import {
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type HtmlTagDescriptor,
  type Plugin,
  type Rolldown,
} from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxy = Object.fromEntries(
  ['/v2', '/ofrep', '/healthz', '/pub'].map((path) => [
    path,
    { target: apiTarget, changeOrigin: false },
  ]),
);

/**
 * Writes a .br and a .gz beside each built text file: the server sends them as they are
 * (@fastify/static `preCompressed`), so no request pays for compressing.
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

type Bundle = Rolldown.OutputBundle;

/** A chunk and everything it imports statically (entries left out: the page loads them anyway). */
function staticClosure(bundle: Bundle, fileName: string, seen = new Set<string>()) {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (name: string) => {
    const output = bundle[name];
    if (seen.has(name) || output?.type !== 'chunk' || output.isEntry) return;
    seen.add(name);
    scripts.push(name);
    for (const css of output.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of output.imports) visit(imported);
  };
  visit(fileName);
  return { scripts, styles: [...styles] };
}

function chunkOf(bundle: Bundle, source: string) {
  const chunk = Object.values(bundle).find(
    (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(source),
  );
  if (!chunk) throw new Error(`no chunk for ${source}`);
  return chunk.fileName;
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
        const { scripts, styles } = staticClosure(bundle, chunkOf(bundle, '/app/start.tsx'));
        const link = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        });
        return [
          ...styles.map((file) => link('stylesheet', file)),
          ...scripts.map((file) => link('modulepreload', file)),
        ];
      },
    },
  };
}

/**
 * The app finds a screen's chunk only once it runs, one more link in the chain before the screen
 * paints. `route-preloads.json` lists, per join path (src/app/route-modules.ts), the screen's
 * chunk and its static imports beyond what index.html preloads already; the server adds them to
 * that path's HTML as modulepreload links (apps/server/src/web/route-preloads.ts).
 */
function routePreloads(): Plugin {
  let base = '/';
  let root = '.';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const table = await readFile(join(root, 'src/app/route-modules.ts'), 'utf8');
      const routes = [...table.matchAll(/'(\/[^']*)': \(\) => import\('\.\/(routes\/[\w-]+)'\)/g)];
      if (routes.length === 0) throw new Error('route-preloads: no routes in route-modules.ts');
      const shell = staticClosure(bundle, chunkOf(bundle, '/app/start.tsx'));
      const preloads: Record<string, { scripts: string[]; styles: string[] }> = {};
      for (const [, path, file] of routes) {
        if (!path || !file) continue;
        const { scripts, styles } = staticClosure(
          bundle,
          chunkOf(bundle, `/app/${file}.tsx`),
          new Set(shell.scripts),
        );
        preloads[path] = {
          scripts: scripts.map((name) => `${base}${name}`),
          styles: styles.filter((css) => !shell.styles.includes(css)).map((css) => `${base}${css}`),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: JSON.stringify(preloads),
      });
    },
  };
}

// The join app is served under /app/join/; in dev the API calls go to the server on port 3000.
// `vite build --ssr` builds the server's render of the join pages (src/entry-server.tsx) into
// dist-server/, which the API server loads (apps/server/src/web/server-render.ts).
export default defineConfig(({ isSsrBuild }) => ({
  base: '/app/join/',
  plugins: isSsrBuild ? [react()] : [react(), preloadApp(), routePreloads(), precompress()],
  // 'source' makes @coparent/domain resolve to its TypeScript source (no domain build needed).
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // react-i18next imports this shim for React 17 and older; on React 19 it only hands back
    // React's own useSyncExternalStore, so every page would load its fallback for nothing.
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
      // '@/' is apps/web/src, so a module names what it imports without climbing '../../'.
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    ],
  },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // bench/web-budget.ts reads which chunks each route loads from .vite/manifest.json.
    manifest: !isSsrBuild,
    // No modulepreload links added as the app loads a chunk: on a page the server wrote, the
    // take-over would add one per dependency (dozens at once, each a request started on the main
    // thread) while the page is already on screen. The browser follows the imports itself; the
    // next screens are preloaded when idle (app/layout/route-preloads.ts) and index.html preloads
    // the app (`preloadApp`). A chunk's stylesheets are still added as it loads.
    modulePreload: false,
    rolldownOptions: {
      // The domain's modules only declare rules and tables: an unused one can be left out.
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]domain[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // Every page loads React, React DOM and React Router: one chunk compresses better than the
        // pieces the automatic splitting makes of them (React Router ships one file per module).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173 },
}));
