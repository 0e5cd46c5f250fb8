import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { emailTexts } from './common-texts.js';
import { escapeHtml, htmlEmail } from './html.js';
import type { RenderedEmail } from './professional-welcome.js';

export const PROFESSIONAL_INVITATION_TEMPLATE = 'professional-invitation';

export type ProfessionalInvitationParams = {
  locale: Locale;
  /** The invited parent's first name. */
  firstName: string;
  /** The professional's full name. */
  proName: string;
  /** `${PUBLIC_URL}/app/join/invite?token=<token>` */
  inviteUrl: string;
  expiresInDays: number;
  supportPhone: string;
};

type Texts = {
  subject: (pro: string) => string;
  invited: (pro: string) => string;
  open: string;
  expires: (days: number) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (pro) => `${pro} invited you to join ${PRODUCT_NAME}`,
    invited: (pro) =>
      `${pro} invited you to join ${PRODUCT_NAME}, to organize your family's schedules, expenses and messages in one place.`,
    open: 'Accept your invitation here:',
    expires: (days) =>
      `This link works for ${days} days. If it has expired, you can ask for a new one from the same page.`,
  },
  'es-MX': {
    subject: (pro) => `${pro} te invitó a unirte a ${PRODUCT_NAME}`,
    invited: (pro) =>
      `${pro} te invitó a unirte a ${PRODUCT_NAME}, para organizar en un solo lugar los horarios, los gastos y los mensajes de tu familia.`,
    open: 'Acepta tu invitación aquí:',
    expires: (days) =>
      `Este enlace funciona durante ${days} días. Si venció, puedes pedir uno nuevo desde la misma página.`,
  },
};

/** A parent's invitation to a family a professional set up ('{pro} invited you to join'). */
export function professionalInvitationEmail(params: ProfessionalInvitationParams): RenderedEmail {
  const t = emailTexts(TEXTS, params.locale);
  const subject = t.subject(params.proName);
  const text = [
    t.greeting(params.firstName),
    '',
    t.invited(params.proName),
    '',
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
  const html = htmlEmail(params.locale, subject, [
    escapeHtml(t.greeting(params.firstName)),
    escapeHtml(t.invited(params.proName)),
    `${escapeHtml(t.open)} <a href="${link}">${link}</a>`,
    escapeHtml(t.expires(params.expiresInDays)),
    escapeHtml(t.support(params.supportPhone)),
    escapeHtml(t.signOff),
  ]);
  return { template: PROFESSIONAL_INVITATION_TEMPLATE, subject, text, html };
}
