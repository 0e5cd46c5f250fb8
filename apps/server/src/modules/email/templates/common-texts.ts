import type { Locale } from '@coparent/domain';

/** The lines every email has: the greeting, the support line and the sign-off. */
export type CommonTexts = {
  greeting: (name: string) => string;
  support: (phone: string) => string;
  signOff: string;
};

const COMMON_TEXTS: Record<Locale, CommonTexts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    support: (phone) => `Questions? Call our support team at ${phone}.`,
    signOff: 'The support team',
  },
  'es-MX': {
    greeting: (name) => `Hola, ${name}:`,
    support: (phone) =>
      `¿Tienes preguntas? Llama a nuestro equipo de atención a clientes al ${phone}.`,
    signOff: 'El equipo de atención a clientes',
  },
};

export function commonTexts(locale: Locale): CommonTexts {
  return COMMON_TEXTS[locale];
}
