import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type InvitationParams, invitationLink } from './invitation-link.js';
import { type RenderedEmail, renderEmail } from './render.js';

export const INVITATION_REMINDER_TEMPLATE = 'invitation-reminder';

export type InvitationReminderParams = InvitationParams & { inviterName: string };

type Texts = {
  subject: (inviter: string) => string;
  waiting: (inviter: string) => string;
  replaced: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (inviter) => `${inviter} is still waiting for you on ${PRODUCT_NAME}`,
    waiting: (inviter) =>
      `A few days ago ${inviter} invited you to join ${PRODUCT_NAME} as a co-parent. Your invitation is still open.`,
    replaced: 'This email has a new link: the link in earlier emails no longer works.',
  },
  'es-MX': {
    subject: (inviter) => `${inviter} todavía te espera en ${PRODUCT_NAME}`,
    waiting: (inviter) =>
      `Hace unos días, ${inviter} te invitó a unirte a ${PRODUCT_NAME} como coparente. Tu invitación sigue abierta.`,
    replaced: 'Este correo trae un enlace nuevo: el de los correos anteriores ya no funciona.',
  },
};

/** A reminder of the co-parent's invitation, 3 and 7 days after it (decision 046). */
export function invitationReminderEmail(params: InvitationReminderParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: INVITATION_REMINDER_TEMPLATE,
    subject: t.subject(params.inviterName),
    body: [t.waiting(params.inviterName), ...invitationLink(params), t.replaced],
  });
}
