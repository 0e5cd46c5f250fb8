import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { emailTexts } from './common-texts.js';
import { escapeHtml, htmlEmail } from './html.js';
import type { RenderedEmail } from './professional-welcome.js';

export const INVITE_NEW_LINK_TEMPLATE = 'invite-new-link';

export type InviteNewLinkParams = {
  locale: Locale;
  firstName: string;
  /** `${PUBLIC_URL}/app/join/invite?token=<token>` */
  inviteUrl: string;
  expiresInDays: number;
  supportPhone: string;
};

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
  const t = emailTexts(TEXTS, params.locale);
  const text = [
    t.greeting(params.firstName),
    '',
    `${t.body} ${params.inviteUrl}`,
    '',
    t.expires(params.expiresInDays),
    '',
    t.ignore,
    '',
    t.support(params.supportPhone),
    '',
    t.signOff,
    '',
  ].join('\n');
  const link = escapeHtml(params.inviteUrl);
  const html = htmlEmail(params.locale, t.subject, [
    escapeHtml(t.greeting(params.firstName)),
    `${escapeHtml(t.body)} <a href="${link}">${link}</a>`,
    escapeHtml(t.expires(params.expiresInDays)),
    escapeHtml(t.ignore),
    escapeHtml(t.support(params.supportPhone)),
    escapeHtml(t.signOff),
  ]);
  return { template: INVITE_NEW_LINK_TEMPLATE, subject: t.subject, text, html };
}
