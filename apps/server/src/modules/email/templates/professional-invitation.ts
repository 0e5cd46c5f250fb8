import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type InvitationParams, invitationLink } from './invitation-link.js';
import { type RenderedEmail, renderEmail } from './render.js';

export const PROFESSIONAL_INVITATION_TEMPLATE = 'professional-invitation';

/** `firstName` is the invited parent's. */
export type ProfessionalInvitationParams = InvitationParams & {
  /** The professional's full name. */
  proName: string;
};

type Texts = {
  subject: (pro: string) => string;
  invited: (pro: string) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: (pro) => `${pro} invited you to join ${PRODUCT_NAME}`,
    invited: (pro) =>
      `${pro} invited you to join ${PRODUCT_NAME}, to organize your family's schedules, expenses and messages in one place.`,
  },
  'es-MX': {
    subject: (pro) => `${pro} te invitó a unirte a ${PRODUCT_NAME}`,
    invited: (pro) =>
      `${pro} te invitó a unirte a ${PRODUCT_NAME}, para organizar en un solo lugar los horarios, los gastos y los mensajes de tu familia.`,
  },
};

/** A parent's invitation to a family a professional set up ('{pro} invited you to join'). */
export function professionalInvitationEmail(params: ProfessionalInvitationParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: PROFESSIONAL_INVITATION_TEMPLATE,
    subject: t.subject(params.proName),
    body: [t.invited(params.proName), ...invitationLink(params)],
  });
}
