import { type Locale, PRODUCT_NAME } from '@coparent/domain';

export const COPARENT_INVITATION_TEXT_TEMPLATE = 'coparent-invitation-text';

export type CoParentInvitationTextParams = {
  /** The inviting parent's language: the text is written in it. */
  locale: Locale;
  /** The inviting parent's first name. */
  inviterFirstName: string;
  /** The same link the invitation email carries (`${PUBLIC_URL}/app/join/invite?token=…`). */
  inviteUrl: string;
};

/**
 * Short: CoParent Hub's name first (the recipient does not know the number), who invited them,
 * the link on its own line (phones make it tappable), and how to opt out, as carriers expect.
 */
const TEXTS: Record<Locale, (inviter: string, url: string) => string> = {
  en: (inviter, url) =>
    `${PRODUCT_NAME}: ${inviter} invited you to join as a co-parent. Accept your invitation:\n${url}\nReply STOP to opt out.`,
  'es-MX': (inviter, url) =>
    `${PRODUCT_NAME}: ${inviter} te invitó a unirte como coparente. Acepta tu invitación:\n${url}\nResponde STOP para no recibir más mensajes.`,
};

/** The co-parent's invitation by text, when Parent A knew only their phone number. */
export function coParentInvitationText(params: CoParentInvitationTextParams): {
  template: string;
  locale: Locale;
  body: string;
} {
  return {
    template: COPARENT_INVITATION_TEXT_TEMPLATE,
    locale: params.locale,
    body: TEXTS[params.locale](params.inviterFirstName.trim(), params.inviteUrl),
  };
}
