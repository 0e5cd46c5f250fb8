import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

export const ACCOUNT_EXISTS_NOTICE_TEMPLATE = 'account-exists-notice';

/**
 * Why the email address was typed: `SIGNUP` when someone tried to create an account with it (the
 * signup's parent step, the professional registration); `COPARENT` when a parent signing up gave
 * it as the co-parent's address.
 */
export type AccountExistsReason = 'SIGNUP' | 'COPARENT';

/** The recipient is the account's owner (never whoever typed the address). */
export type AccountExistsNoticeParams = EmailRecipient & {
  reason: AccountExistsReason;
  /** When it happened, already formatted in the owner's language and time zone. */
  date: string;
  /** `<PUBLIC_URL>/app/account/login` */
  loginUrl: string;
  /** `<PUBLIC_URL>/app/account/recover` */
  recoverUrl: string;
};

type Texts = {
  subject: string;
  tried: (date: string) => string;
  coParent: (date: string) => string;
  ifYou: string;
  login: string;
  recover: string;
  coParentInvite: string;
  ignore: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: `Someone used your email address on ${PRODUCT_NAME}`,
    tried: (date) =>
      `Someone tried to create a ${PRODUCT_NAME} account with your email address on ${date}.`,
    coParent: (date) =>
      `On ${date}, someone signing up for ${PRODUCT_NAME} entered your email address as their co-parent's.`,
    ifYou: 'If it was you, log in or reset your password:',
    login: 'Log in:',
    recover: 'Reset your password:',
    coParentInvite:
      'If you expect an invitation from your co-parent, it will come in a separate email.',
    ignore: 'If not, you can ignore this email — your account is safe.',
  },
  'es-MX': {
    subject: `Alguien usó tu correo electrónico en ${PRODUCT_NAME}`,
    tried: (date) =>
      `Alguien intentó crear una cuenta de ${PRODUCT_NAME} con tu correo electrónico el ${date}.`,
    coParent: (date) =>
      `El ${date}, alguien que se registraba en ${PRODUCT_NAME} escribió tu correo electrónico como el de su coparente.`,
    ifYou: 'Si fuiste tú, inicia sesión o restablece tu contraseña:',
    login: 'Iniciar sesión:',
    recover: 'Restablecer tu contraseña:',
    coParentInvite: 'Si esperas una invitación de tu coparente, llegará en un correo aparte.',
    ignore: 'Si no, puedes ignorar este correo: tu cuenta está segura.',
  },
};

/**
 * The notice to an account's owner that someone typed their email address in a call whose answer
 * revealed that it has an account (security/email-reveal-limit.ts). It names nobody but the owner.
 */
export function accountExistsNoticeEmail(params: AccountExistsNoticeParams): RenderedEmail {
  const t = TEXTS[params.locale];
  const coParent = params.reason === 'COPARENT';
  return renderEmail(params, {
    template: ACCOUNT_EXISTS_NOTICE_TEMPLATE,
    subject: t.subject,
    body: [
      coParent ? t.coParent(params.date) : t.tried(params.date),
      ...(coParent ? [t.coParentInvite] : []),
      t.ifYou,
      { text: t.login, url: params.loginUrl },
      { text: t.recover, url: params.recoverUrl },
      t.ignore,
    ],
  });
}
