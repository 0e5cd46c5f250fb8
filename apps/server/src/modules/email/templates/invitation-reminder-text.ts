import { type Locale, PRODUCT_NAME } from '@coparent/domain';

export const INVITATION_REMINDER_TEXT_TEMPLATE = 'invitation-reminder-text';

/**
 * The invitation text's shape (coparent-invitation-text.ts): CoParent Hub's name first, the
 * inviter, the new link on its own line, and the opt-out line carriers expect.
 */
const TEXTS: Record<Locale, (inviter: string, url: string) => string> = {
  en: (inviter, url) =>
    `${PRODUCT_NAME}: ${inviter} is still waiting for you to join as a co-parent. Your new invitation link:\n${url}\nReply STOP to opt out.`,
  'es-MX': (inviter, url) =>
    `${PRODUCT_NAME}: ${inviter} todavía te espera para que te unas como coparente. Tu nuevo enlace de invitación:\n${url}\nResponde STOP para no recibir más mensajes.`,
};

/** A reminder of the co-parent's invitation by text, when the invitation was texted. */
export function invitationReminderText(params: {
  /** The inviting parent's language. */
  locale: Locale;
  inviterFirstName: string;
  inviteUrl: string;
}): { template: string; locale: Locale; body: string } {
  return {
    template: INVITATION_REMINDER_TEXT_TEMPLATE,
    locale: params.locale,
    body: TEXTS[params.locale](params.inviterFirstName.trim(), params.inviteUrl),
  };
}
