import type { Locale } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

export const PROFESSIONAL_WELCOME_TEMPLATE = 'professional-welcome';

export type ProfessionalWelcomeParams = EmailRecipient & {
  lastName: string;
  /** `<PUBLIC_URL>/app/account/login` */
  loginUrl: string;
  /** `<PUBLIC_URL>/app/account/activate?token=…`: the single-use link to choose credentials. */
  activateUrl: string;
  /** How long the activation link works. */
  activateExpiresInHours: number;
};

type Texts = {
  subject: string;
  ready: string;
  activate: string;
  activateExpires: (hours: number) => string;
  login: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: 'Your professional account is ready',
    ready:
      'Your professional account is ready. Thank you for registering: you can now log in and ' +
      'open your cases.',
    activate: 'First, choose your username and password here:',
    activateExpires: (hours) =>
      `This link works once, for ${hours} hours. If it has expired, call us and we will send a new one.`,
    login: 'Afterwards, log in here:',
  },
  'es-MX': {
    subject: 'Tu cuenta profesional está lista',
    ready:
      'Tu cuenta profesional está lista. Gracias por registrarte: ya puedes iniciar sesión y ' +
      'abrir tus casos.',
    activate: 'Primero, elige tu nombre de usuario y tu contraseña aquí:',
    activateExpires: (hours) =>
      `Este enlace funciona una sola vez, durante ${hours} horas. Si venció, llámanos y te enviaremos uno nuevo.`,
    login: 'Después, inicia sesión aquí:',
  },
};

/**
 * The welcome email a professional gets after registering, in the language they used: the
 * single-use link to choose a username and password, then the login page.
 */
export function professionalWelcomeEmail(params: ProfessionalWelcomeParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: PROFESSIONAL_WELCOME_TEMPLATE,
    subject: t.subject,
    name: `${params.firstName} ${params.lastName}`,
    body: [
      t.ready,
      { text: t.activate, url: params.activateUrl },
      t.activateExpires(params.activateExpiresInHours),
      { text: t.login, url: params.loginUrl },
    ],
  });
}
