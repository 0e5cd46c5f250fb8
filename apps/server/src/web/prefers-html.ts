/** The media types an API client reads; a browser's page load never lists them. */
const API_TYPES = ['application/json', 'application/problem+json'];

/** Each media range of an Accept header with its quality (`text/html;q=0.9` → 0.9). */
function qualities(accept: string): Map<string, number> {
  const byType = new Map<string, number>();
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    if (!type) continue;
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    byType.set(type, Number.isFinite(quality) ? quality : 0);
  }
  return byType;
}

/**
 * Does the request come from a browser opening a page? Only when its Accept header names
 * text/html and ranks it above JSON: `*\/*` alone (fetch, curl) and any JSON client get the API's
 * answer.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const byType = qualities(accept);
  const html = byType.get('text/html') ?? 0;
  return html > 0 && API_TYPES.every((type) => (byType.get(type) ?? 0) < html);
}
