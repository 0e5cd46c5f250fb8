import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

export const EMAIL_CHANGE_REQUESTED_TEMPLATE = 'email-change-requested';

export type EmailChangeRequestedParams = EmailRecipient & {
  /** The address the change asks for (the notice itself goes to the current one). */
  newEmail: string;
  /** When it was asked, already formatted in the owner's language and time zone. */
  date: string;
};

type Texts = {
  subject: string;
  asked: (email: string, date: string) => string;
  until: string;
  ifYou: string;
  ifNot: (phone: string) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: `A change of your ${PRODUCT_NAME} email address was requested`,
    asked: (email, date) =>
      `On ${date}, someone logged in to your ${PRODUCT_NAME} account asked to change its email address to ${email}. We sent a link to that address to confirm it.`,
    until: 'Your email address stays the same until the link is opened.',
    ifYou: 'If this was you, there is nothing else to do.',
    ifNot: (phone) =>
      `If this was not you, change your password now and contact our support team at ${phone}: we will help you secure your account.`,
  },
  'es-MX': {
    subject: `Se pidió cambiar el correo electrónico de tu cuenta de ${PRODUCT_NAME}`,
    asked: (email, date) =>
      `El ${date}, alguien con sesión iniciada en tu cuenta de ${PRODUCT_NAME} pidió cambiar su correo electrónico a ${email}. Enviamos un enlace a ese correo para confirmarlo.`,
    until: 'Tu correo electrónico sigue siendo el mismo hasta que se abra el enlace.',
    ifYou: 'Si fuiste tú, no tienes que hacer nada más.',
    ifNot: (phone) =>
      `Si no fuiste tú, cambia tu contraseña ahora y comunícate con nuestro equipo de atención a clientes al ${phone}: te ayudaremos a proteger tu cuenta.`,
  },
};

/**
 * Sent to the CURRENT address when an email change is asked for (decision 059): the owner learns
 * of it while the link is still unopened, and can act before anything changes.
 */
export function emailChangeRequestedEmail(params: EmailChangeRequestedParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: EMAIL_CHANGE_REQUESTED_TEMPLATE,
    subject: t.subject,
    body: [t.asked(params.newEmail, params.date), t.until, t.ifYou, t.ifNot(params.supportPhone)],
    supportLine: false,
  });
}
