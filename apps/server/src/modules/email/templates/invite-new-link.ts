import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import type { InvitationParams } from './invitation-link.js';
import { type RenderedEmail, renderEmail } from './render.js';

export const INVITE_NEW_LINK_TEMPLATE = 'invite-new-link';

export type InviteNewLinkParams = InvitationParams;

const TEXTS: Record<
  Locale,
  {
    subject: string;
    body: string;
    expires: (days: number) => string;
    ignore: string;
  }
> = {
  en: {
    subject: `Your new ${PRODUCT_NAME} invitation link`,
    body: 'Here is your new invitation link (earlier links no longer work):',
    expires: (days) => `This link works for ${days} days.`,
    ignore: 'If you did not ask for a new link, you can ignore this email.',
  },
  'es-MX': {
    subject: `Tu nuevo enlace de invitación a ${PRODUCT_NAME}`,
    body: 'Este es tu nuevo enlace de invitación (los enlaces anteriores ya no funcionan):',
    expires: (days) => `Este enlace funciona durante ${days} días.`,
    ignore: 'Si no pediste un enlace nuevo, puedes ignorar este correo.',
  },
};

/** A new invitation link, sent by POST /v2/invites/request. */
export function inviteNewLinkEmail(params: InviteNewLinkParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: INVITE_NEW_LINK_TEMPLATE,
    subject: t.subject,
    body: [{ text: t.body, url: params.inviteUrl }, t.expires(params.expiresInDays), t.ignore],
  });
}
