import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

export const EMAIL_CHANGED_NOTICE_TEMPLATE = 'email-changed-notice';

export type EmailChangedNoticeParams = EmailRecipient & {
  /** The address the account has now (the notice itself goes to the old one). */
  newEmail: string;
  /** When it happened, already formatted in the owner's language and time zone. */
  date: string;
};

type Texts = {
  subject: string;
  changed: (email: string, date: string) => string;
  from: string;
  ifYou: string;
  ifNot: (phone: string) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    changed: (email, date) =>
      `On ${date}, the email address of your ${PRODUCT_NAME} account was changed to ${email}.`,
    from: 'From now on our emails, password resets included, go to that address.',
    ifYou: 'If this was you, there is nothing else to do.',
    ifNot: (phone) =>
      `If this was not you, contact our support team right away at ${phone} and we will help you secure your account.`,
  },
  'es-MX': {
    subject: `Se cambió el correo electrónico de tu cuenta de ${PRODUCT_NAME}`,
    changed: (email, date) =>
      `El ${date}, el correo electrónico de tu cuenta de ${PRODUCT_NAME} se cambió a ${email}.`,
    from: 'A partir de ahora, nuestros correos, incluidos los de restablecimiento de contraseña, llegarán a esa dirección.',
    ifYou: 'Si fuiste tú, no tienes que hacer nada más.',
    ifNot: (phone) =>
      `Si no fuiste tú, comunícate de inmediato con nuestro equipo de atención a clientes al ${phone} y te ayudaremos a proteger tu cuenta.`,
  },
};

/**
 * The notice sent to an account's previous address when its email changes: whoever changed it
 * cannot silence it, so the owner learns of a takeover while they can still act. Its last
 * paragraph already names the support phone, so it has no separate support line.
 */
export function emailChangedNoticeEmail(params: EmailChangedNoticeParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: EMAIL_CHANGED_NOTICE_TEMPLATE,
    subject: t.subject,
    body: [t.changed(params.newEmail, params.date), t.from, t.ifYou, t.ifNot(params.supportPhone)],
    supportLine: false,
  });
}
