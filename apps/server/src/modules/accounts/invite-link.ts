/** Where an invitation link opens (the browser takes the token out of the address bar). */
export const INVITE_PATH = '/app/join/invite';

/** The link of an invite token: the one the co-parent's and the professional's emails carry. */
export function inviteUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${INVITE_PATH}?token=${encodeURIComponent(token)}`;
}
