export const ACCOUNT_BASENAME = '/app/account';

/** Is this page in the account area? One build serves /app/join/* and /app/account/*. */
export function isAccountPath(pathname: string): boolean {
  return pathname === ACCOUNT_BASENAME || pathname.startsWith(`${ACCOUNT_BASENAME}/`);
}
