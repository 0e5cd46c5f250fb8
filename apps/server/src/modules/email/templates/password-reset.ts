import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { escapeHtml } from './html.js';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

export const PASSWORD_RESET_TEMPLATE = 'password-reset';

export type PasswordResetParams = EmailRecipient & {
  username: string;
  /** The 6-digit code for the recovery page. */
  code: string;
  /** `${PUBLIC_URL}/app/account/recover?token=<token>` */
  resetUrl: string;
  expiresInMinutes: number;
};

type Texts = {
  subject: string;
  asked: (username: string) => string;
  code: string;
  link: string;
  expires: (minutes: number) => string;
  ignore: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    asked: (username) =>
      `Someone asked to reset the password of your account (username: ${username}).`,
    code: 'Your code is:',
    link: 'Or open this link to choose a new password:',
    expires: (minutes) =>
      `The code and the link work once, for ${minutes} minutes. Earlier codes no longer work.`,
    ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  },
  'es-MX': {
    subject: `Restablece tu contraseña de ${PRODUCT_NAME}`,
    asked: (username) =>
      `Alguien pidió restablecer la contraseña de tu cuenta (nombre de usuario: ${username}).`,
    code: 'Tu código es:',
    link: 'O abre este enlace para elegir una contraseña nueva:',
    expires: (minutes) =>
      `El código y el enlace funcionan una vez, durante ${minutes} minutos. Los códigos anteriores ya no funcionan.`,
    ignore: 'Si no lo pediste, puedes ignorar este correo: tu contraseña sigue siendo la misma.',
  },
};

/** The password recovery email (POST /v2/account/recovery): the code and the link. */
export function passwordResetEmail(params: PasswordResetParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: PASSWORD_RESET_TEMPLATE,
    subject: t.subject,
    body: [
      t.asked(params.username),
      {
        text: `${t.code} ${params.code}`,
        html: `${escapeHtml(t.code)} <strong style="font-size:24px;letter-spacing:4px">${escapeHtml(params.code)}</strong>`,
      },
      { text: t.link, url: params.resetUrl },
      t.expires(params.expiresInMinutes),
      t.ignore,
    ],
  });
}
