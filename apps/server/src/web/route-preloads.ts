import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** What the web build writes (apps/web/vite.config.ts, `routePreloads`): per join path, its chunks. */
const RoutePreloadsSchema = z.record(
  z.string(),
  z.object({ scripts: z.array(z.string()), styles: z.array(z.string()) }),
);

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The app shell for each join path with its screen's chunks as `modulepreload` links (and its
 * styles as preloads, `crossorigin` like the stylesheets the app then adds, or the browser fetches
 * them twice and warns), so the browser fetches them beside the entry instead of after the app has
 * started and found the screen (a faster first paint). Built once at start-up; an empty map
 * when the build has no `route-preloads.json` (every path then gets the plain index.html).
 */
export function routeShells(distDir: string, indexHtml: string): Map<string, string> {
  const shells = new Map<string, string>();
  const file = join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return shells;
  const preloads = RoutePreloadsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const headEnd = indexHtml.indexOf('</head>');
  if (headEnd < 0) return shells;
  for (const [path, { scripts, styles }] of Object.entries(preloads)) {
    const links = [
      ...styles.map(
        (href) => `<link rel="preload" as="style" crossorigin href="${escapeAttribute(href)}">`,
      ),
      ...scripts.map(
        (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
      ),
    ].join('');
    shells.set(path, `${indexHtml.slice(0, headEnd)}${links}${indexHtml.slice(headEnd)}`);
  }
  return shells;
}
