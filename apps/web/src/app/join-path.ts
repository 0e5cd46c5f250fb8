export const JOIN_BASENAME = '/app/join';

/** Is this page in the join funnel? Other pages outside the account area are the site pages. */
export function isJoinPath(pathname: string): boolean {
  return pathname === JOIN_BASENAME || pathname.startsWith(`${JOIN_BASENAME}/`);
}
