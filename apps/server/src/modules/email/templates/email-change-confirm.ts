import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

export const EMAIL_CHANGE_CONFIRM_TEMPLATE = 'email-change-confirm';

export type EmailChangeConfirmParams = EmailRecipient & {
  /** `${PUBLIC_URL}/app/account/email/confirm?token=<token>` */
  confirmUrl: string;
  expiresInHours: number;
};

type Texts = {
  subject: string;
  asked: string;
  link: string;
  expires: (hours: number) => string;
  ignore: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: `Confirm your new ${PRODUCT_NAME} email address`,
    asked: `You asked to use this address for your ${PRODUCT_NAME} account.`,
    link: 'Open this link to confirm it:',
    expires: (hours) =>
      `The link works once, for ${hours} hours. Until you open it, your account keeps its current email address.`,
    ignore: 'If you did not ask for this, ignore this email: nothing will change.',
  },
  'es-MX': {
    subject: `Confirma tu nuevo correo electrónico de ${PRODUCT_NAME}`,
    asked: `Pediste usar este correo electrónico para tu cuenta de ${PRODUCT_NAME}.`,
    link: 'Abre este enlace para confirmarlo:',
    expires: (hours) =>
      `El enlace funciona una vez, durante ${hours} horas. Hasta que lo abras, tu cuenta conserva su correo electrónico actual.`,
    ignore: 'Si no lo pediste, ignora este correo: no cambiará nada.',
  },
};

/**
 * Sent to the NEW address of an email change (decision 059): opening its link proves the person
 * reads that mailbox, and only then does the account's email change.
 */
export function emailChangeConfirmEmail(params: EmailChangeConfirmParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: EMAIL_CHANGE_CONFIRM_TEMPLATE,
    subject: t.subject,
    body: [
      t.asked,
      { text: t.link, url: params.confirmUrl },
      t.expires(params.expiresInHours),
      t.ignore,
    ],
  });
}
