import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { emailTexts } from './common-texts.js';
import { escapeHtml, htmlEmail } from './html.js';
import type { RenderedEmail } from './professional-welcome.js';

export const COPARENT_INVITATION_TEMPLATE = 'coparent-invitation';

export type CoParentInvitationParams = {
  locale: Locale;
  firstName: string;
  inviterName: string;
  /** `${PUBLIC_URL}/app/join/invite?token=<token>` */
  inviteUrl: string;
  expiresInDays: number;
  subscriptionPaid: boolean;
  supportPhone: string;
};

type Texts = {
  subject: (inviter: string) => string;
  invited: (inviter: string) => string;
  paid: string;
  open: string;
  expires: (days: number) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (inviter) => `${inviter} invited you to ${PRODUCT_NAME}`,
    invited: (inviter) =>
      `${inviter} invited you to join ${PRODUCT_NAME} as a co-parent, to organize your family's schedules, expenses and messages in one place.`,
    paid: 'Your subscription has been paid.',
    open: 'Accept your invitation here:',
    expires: (days) =>
      `This link works for ${days} days. If it has expired, you can ask for a new one from the same page.`,
  },
  'es-MX': {
    subject: (inviter) => `${inviter} te invitó a ${PRODUCT_NAME}`,
    invited: (inviter) =>
      `${inviter} te invitó a unirte a ${PRODUCT_NAME} como coparente, para organizar en un solo lugar los horarios, los gastos y los mensajes de tu familia.`,
    paid: 'Tu suscripción ya está pagada.',
    open: 'Acepta tu invitación aquí:',
    expires: (days) =>
      `Este enlace funciona durante ${days} días. Si venció, puedes pedir uno nuevo desde la misma página.`,
  },
};

/** The co-parent's invitation, sent when Parent A has paid. */
export function coParentInvitationEmail(params: CoParentInvitationParams): RenderedEmail {
  const t = emailTexts(TEXTS, params.locale);
  const paid = params.subscriptionPaid ? [t.paid] : [];
  const text = [
    t.greeting(params.firstName),
    '',
    t.invited(params.inviterName),
    '',
    ...paid.flatMap((line) => [line, '']),
    `${t.open} ${params.inviteUrl}`,
    '',
    t.expires(params.expiresInDays),
    '',
    t.support(params.supportPhone),
    '',
    t.signOff,
    '',
  ].join('\n');
  const link = escapeHtml(params.inviteUrl);
  const subject = t.subject(params.inviterName);
  const html = htmlEmail(params.locale, subject, [
    escapeHtml(t.greeting(params.firstName)),
    escapeHtml(t.invited(params.inviterName)),
    ...paid.map(escapeHtml),
    `${escapeHtml(t.open)} <a href="${link}">${link}</a>`,
    escapeHtml(t.expires(params.expiresInDays)),
    escapeHtml(t.support(params.supportPhone)),
    escapeHtml(t.signOff),
  ]);
  return { template: COPARENT_INVITATION_TEMPLATE, subject, text, html };
}
