import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type InvitationParams, invitationLink } from './invitation-link.js';
import { type RenderedEmail, renderEmail } from './render.js';

export const COPARENT_INVITATION_TEMPLATE = 'coparent-invitation';

export type CoParentInvitationParams = InvitationParams & {
  inviterName: string;
  subscriptionPaid: boolean;
};

type Texts = {
  subject: (inviter: string) => string;
  invited: (inviter: string) => string;
  paid: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (inviter) => `${inviter} invited you to ${PRODUCT_NAME}`,
    invited: (inviter) =>
      `${inviter} invited you to join ${PRODUCT_NAME} as a co-parent, to organize your family's schedules, expenses and messages in one place.`,
    paid: 'Your subscription has been paid.',
  },
  'es-MX': {
    subject: (inviter) => `${inviter} te invitó a ${PRODUCT_NAME}`,
    invited: (inviter) =>
      `${inviter} te invitó a unirte a ${PRODUCT_NAME} como coparente, para organizar en un solo lugar los horarios, los gastos y los mensajes de tu familia.`,
    paid: 'Tu suscripción ya está pagada.',
  },
};

/** The co-parent's invitation, sent when Parent A has paid. */
export function coParentInvitationEmail(params: CoParentInvitationParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: COPARENT_INVITATION_TEMPLATE,
    subject: t.subject(params.inviterName),
    body: [
      t.invited(params.inviterName),
      ...(params.subscriptionPaid ? [t.paid] : []),
      ...invitationLink(params),
    ],
  });
}
