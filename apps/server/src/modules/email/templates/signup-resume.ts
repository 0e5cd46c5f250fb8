import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

export const SIGNUP_RESUME_TEMPLATE = 'signup-resume';

export type SignupResumeParams = EmailRecipient & {
  /** `${PUBLIC_URL}/app/join/resume?token=<token>`: single use. */
  resumeUrl: string;
};

/**
 * Transactional: it answers the person's own signup and says nothing else (no offer, no pitch),
 * so it needs no marketing consent and reads the same whether or not they accept marketing
 * (decision 046).
 */
const TEXTS: Record<
  Locale,
  { subject: string; saved: string; open: string; once: string; ignore: string }
> = {
  en: {
    subject: `Continue your ${PRODUCT_NAME} signup`,
    saved: `You started signing up for ${PRODUCT_NAME}. Your answers are saved.`,
    open: 'Continue where you left off, on any device:',
    once: 'This link works once, while your signup is saved (a few days after your last change). Once used, the signup goes on only in the browser that opened it.',
    ignore: 'If you did not start this signup, you can ignore this email.',
  },
  'es-MX': {
    subject: `Continúa tu registro en ${PRODUCT_NAME}`,
    saved: `Empezaste a registrarte en ${PRODUCT_NAME}. Tus respuestas están guardadas.`,
    open: 'Continúa donde te quedaste, desde cualquier dispositivo:',
    once: 'Este enlace funciona una sola vez, mientras tu registro esté guardado (unos días después de tu último cambio). Después de usarlo, el registro sigue solo en el navegador donde lo abriste.',
    ignore: 'Si no empezaste este registro, puedes ignorar este correo.',
  },
};

/** The one email to Parent A who left an unfinished signup, with the link back into it. */
export function signupResumeEmail(params: SignupResumeParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: SIGNUP_RESUME_TEMPLATE,
    subject: t.subject,
    body: [t.saved, { text: t.open, url: params.resumeUrl }, t.once, t.ignore],
  });
}
