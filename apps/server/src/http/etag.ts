/**
 * If-None-Match's weak comparison (RFC 9110, 13.1.2): the field is `*`, or one of its listed tags
 * equals `etag` once a `W/` prefix is dropped.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch?.trim() === '*') return true;
  const tags = ifNoneMatch?.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return tags?.includes(etag) ?? false;
}
