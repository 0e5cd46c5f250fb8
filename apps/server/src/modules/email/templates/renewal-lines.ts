import type { Locale } from '@coparent/domain';

/**
 * The sentences every renewal email shares (auto-renewal back on, the reminder before the
 * renewal): what the renewal charges, to what, and the co-parent it renews too.
 */
type RenewalLines = {
  charge: (price: string | null, method: string | null) => string;
  coParentRenews: (name: string) => string;
};

const LINES: Record<Locale, RenewalLines> = {
  en: {
    charge: (price, method) =>
      `${price ? `We will charge ${price}` : 'We will charge the price of that day'}${method ? ` to ${method}` : ''}, with applicable taxes, and email you the receipt.`,
    coParentRenews: (name) => `${name}'s subscription, which you pay for, renews with it.`,
  },
  'es-MX': {
    charge: (price, method) =>
      `${price ? `Cobraremos ${price}` : 'Cobraremos el precio vigente ese día'}${method ? ` a tu ${method}` : ''}, más los impuestos aplicables, y te enviaremos el recibo por correo.`,
    coParentRenews: (name) =>
      `La suscripción de ${name}, que tú pagas, se renueva junto con la tuya.`,
  },
};

export function renewalLines(locale: Locale): RenewalLines {
  return LINES[locale];
}
