/**
 * The account header's actions (the login link, or the logged-in name and Log out). Filled in by
 * the login and session work of [F7].
 */
export function AccountHeaderActions() {
  return null;
}
