import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';
import { renewalLines } from './renewal-lines.js';

/** The confirmations of a change to a subscription's renewal, one template per change. */
export const SUBSCRIPTION_EMAIL_TEMPLATES = {
  AUTO_RENEW_OFF: 'subscription-auto-renew-off',
  AUTO_RENEW_ON: 'subscription-auto-renew-on',
  CANCELED: 'subscription-canceled',
} as const;
export type SubscriptionEmailKind = keyof typeof SUBSCRIPTION_EMAIL_TEMPLATES;

export type SubscriptionEmailParams = EmailRecipient & {
  kind: SubscriptionEmailKind;
  packageName: string;
  /** The end of the paid term (the renewal's date), formatted in the payer's language. */
  endDate: string;
  /** The co-parent whose subscription the same payment renews (Parent A pays for it). */
  coParentName: string | null;
  /** The renewal's price now, e.g. '$159.99'; null when it cannot be priced. */
  renewalPrice: string | null;
  /** e.g. 'Visa ending in 1881'; null when no method is on file. */
  paymentMethod: string | null;
  /** The subscription page, to change it again. */
  subscriptionUrl: string;
  /**
   * Off or canceled while a declined renewal was being tried again: the tries stop and the
   * subscription ended at `endDate` (nothing to turn back on).
   */
  retriesStopped?: boolean;
};

type Texts = {
  subject: Record<SubscriptionEmailKind, (endDate: string) => string>;
  off: (pkg: string, endDate: string) => string;
  canceled: (pkg: string, endDate: string) => string;
  noRefund: string;
  coParentEnds: (name: string, endDate: string) => string;
  turnBackOn: (endDate: string) => string;
  on: (pkg: string, endDate: string) => string;
  change: string;
  stoppedSubject: string;
  stopped: (pkg: string, endDate: string) => string;
  coParentEnded: (name: string) => string;
  page: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      AUTO_RENEW_OFF: (endDate) => `Auto-renewal is off: your subscription ends on ${endDate}`,
      AUTO_RENEW_ON: () => `Auto-renewal is on for your ${PRODUCT_NAME} subscription`,
      CANCELED: (endDate) =>
        `Your ${PRODUCT_NAME} subscription is canceled: access until ${endDate}`,
    },
    off: (pkg, endDate) =>
      `You turned off auto-renewal of your ${pkg} subscription. Nothing more will be charged. You keep access until ${endDate}; then the subscription ends.`,
    canceled: (pkg, endDate) =>
      `You canceled your ${pkg} subscription. Nothing more will be charged. You keep access until ${endDate}, the end of the term you paid for; then the subscription ends.`,
    noRefund: 'The term already paid is not refunded.',
    coParentEnds: (name, endDate) =>
      `You also paid for ${name}'s subscription: it is not renewed either, and ${name} keeps access until ${endDate}.`,
    turnBackOn: (endDate) =>
      `Changed your mind? You can turn auto-renewal back on any time before ${endDate}:`,
    on: (pkg, endDate) =>
      `You turned auto-renewal back on. Your ${pkg} subscription renews on ${endDate}.`,
    change: 'To turn it off or cancel, go to your subscription page:',
    stoppedSubject: `Your ${PRODUCT_NAME} subscription has ended: no more payment tries`,
    stopped: (pkg, endDate) =>
      `You stopped the renewal of your ${pkg} subscription while its payment was being tried again. We will not try again, and nothing was charged. The subscription ended on ${endDate}, the end of the term you paid for.`,
    coParentEnded: (name) => `${name}'s subscription, which you paid for, has ended too.`,
    page: 'Your subscription page:',
  },
  'es-MX': {
    subject: {
      AUTO_RENEW_OFF: (endDate) =>
        `La renovación automática está desactivada: tu suscripción termina el ${endDate}`,
      AUTO_RENEW_ON: () =>
        `La renovación automática de tu suscripción a ${PRODUCT_NAME} está activada`,
      CANCELED: (endDate) =>
        `Cancelaste tu suscripción a ${PRODUCT_NAME}: tienes acceso hasta el ${endDate}`,
    },
    off: (pkg, endDate) =>
      `Desactivaste la renovación automática de tu suscripción ${pkg}. No se hará ningún otro cargo. Tienes acceso hasta el ${endDate}; después, la suscripción termina.`,
    canceled: (pkg, endDate) =>
      `Cancelaste tu suscripción ${pkg}. No se hará ningún otro cargo. Tienes acceso hasta el ${endDate}, el final del periodo que pagaste; después, la suscripción termina.`,
    noRefund: 'No se reembolsa el periodo ya pagado.',
    coParentEnds: (name, endDate) =>
      `También pagaste la suscripción de ${name}: tampoco se renueva, y ${name} tiene acceso hasta el ${endDate}.`,
    turnBackOn: (endDate) =>
      `¿Cambiaste de opinión? Puedes volver a activar la renovación automática en cualquier momento antes del ${endDate}:`,
    on: (pkg, endDate) =>
      `Volviste a activar la renovación automática. Tu suscripción ${pkg} se renueva el ${endDate}.`,
    change: 'Para desactivarla o cancelar, ve a la página de tu suscripción:',
    stoppedSubject: `Tu suscripción a ${PRODUCT_NAME} terminó: no haremos más intentos de pago`,
    stopped: (pkg, endDate) =>
      `Detuviste la renovación de tu suscripción ${pkg} mientras volvíamos a intentar su pago. No lo intentaremos de nuevo y no se hizo ningún cargo. La suscripción terminó el ${endDate}, el final del periodo que pagaste.`,
    coParentEnded: (name) => `La suscripción de ${name}, que pagabas, también terminó.`,
    page: 'La página de tu suscripción:',
  },
};

/**
 * The payer's confirmation of a renewal change (decision 054): auto-renewal off (when it ends and
 * how to turn it back on), on again (when it renews, for how much, charged to what), or canceled
 * (access until the end of the paid term, no refund, and the co-parent's subscription); off or
 * canceled while a declined renewal was tried again says the tries stopped and it ended.
 */
export function subscriptionRenewalEmail(params: SubscriptionEmailParams): RenderedEmail {
  const t = TEXTS[params.locale];
  const lines = renewalLines(params.locale);
  const { kind, packageName, endDate, coParentName } = params;
  const link = (text: string) => ({ text, url: params.subscriptionUrl });
  if (params.retriesStopped && kind !== 'AUTO_RENEW_ON') {
    return renderEmail(params, {
      template: SUBSCRIPTION_EMAIL_TEMPLATES[kind],
      subject: t.stoppedSubject,
      body: [
        t.stopped(packageName, endDate),
        ...(coParentName ? [t.coParentEnded(coParentName)] : []),
        link(t.page),
      ],
    });
  }
  const body =
    kind === 'AUTO_RENEW_ON'
      ? [
          t.on(packageName, endDate),
          lines.charge(params.renewalPrice, params.paymentMethod),
          ...(coParentName ? [lines.coParentRenews(coParentName)] : []),
          link(t.change),
        ]
      : [
          kind === 'CANCELED' ? t.canceled(packageName, endDate) : t.off(packageName, endDate),
          ...(kind === 'CANCELED' ? [t.noRefund] : []),
          ...(coParentName ? [t.coParentEnds(coParentName, endDate)] : []),
          link(t.turnBackOn(endDate)),
        ];
  return renderEmail(params, {
    template: SUBSCRIPTION_EMAIL_TEMPLATES[kind],
    subject: t.subject[kind](endDate),
    body,
  });
}

const ENDING_IN: Record<Locale, string> = { en: 'ending in', 'es-MX': 'terminada en' };
const WALLETS: Record<string, string> = {
  PAYPAL: 'PayPal',
  VENMO: 'Venmo',
  APPLE_PAY: 'Apple Pay',
};

/** 'Visa ending in 1881', 'PayPal', 'Apple Pay (Visa ending in 1881)', as the billing page says. */
export function paymentMethodWords(
  method: { paymentType: string; cardType: string | null; cardLastFour: string | null },
  locale: Locale,
): string {
  const card = method.cardLastFour
    ? `${method.cardType ?? (locale === 'en' ? 'Card' : 'Tarjeta')} ${ENDING_IN[locale]} ${method.cardLastFour}`
    : null;
  const wallet = WALLETS[method.paymentType];
  if (!wallet) return card ?? (locale === 'en' ? 'card' : 'tarjeta');
  return card ? `${wallet} (${card})` : wallet;
}
