import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';
import { renewalLines } from './renewal-lines.js';

/** The renewal job's emails to the payer (decision 057), one template each. */
export const RENEWAL_NOTICE_TEMPLATES = {
  /** 7 days before the renewal: when, how much, and how to stop it. */
  REMINDER: 'subscription-renewal-reminder',
  /** A declined renewal that will be tried again: update the payment method. */
  DECLINED: 'subscription-renewal-declined',
  /** The last try was declined: the subscription has ended. */
  ENDED: 'subscription-renewal-ended',
} as const;
export type RenewalNoticeKind = keyof typeof RENEWAL_NOTICE_TEMPLATES;

export type RenewalNoticeParams = EmailRecipient & {
  kind: RenewalNoticeKind;
  packageName: string;
  /** The renewal's date (the end of the paid term), formatted in the payer's language. */
  renewalDate: string;
  /** The renewal's price, e.g. '$159.99'; null when it cannot be priced. */
  price: string | null;
  /** e.g. 'Visa ending in 1881'; null when no method is on file. */
  paymentMethod: string | null;
  /** The co-parent whose subscription the same payment renews (Parent A pays for it). */
  coParentName: string | null;
  /** DECLINED: when the next try is, and the day the subscription ends if none goes through. */
  retry?: { nextDate: string; lastDate: string } | undefined;
  /** The subscription page (auto-renewal off, cancel). */
  subscriptionUrl: string;
  /** The billing page (the payment method). */
  billingUrl: string;
};

type Texts = {
  subject: Record<RenewalNoticeKind, (date: string) => string>;
  renews: (pkg: string, date: string) => string;
  stop: (date: string) => string;
  declined: (pkg: string, method: string | null) => string;
  retry: (next: string, last: string) => string;
  update: string;
  ended: (pkg: string, method: string | null, date: string) => string;
  coParentEnded: (name: string) => string;
  again: string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      REMINDER: (date) => `Your ${PRODUCT_NAME} subscription renews on ${date}`,
      DECLINED: () => `We could not renew your ${PRODUCT_NAME} subscription: update your card`,
      ENDED: () => `Your ${PRODUCT_NAME} subscription has ended`,
    },
    renews: (pkg, date) => `Your ${pkg} subscription renews automatically on ${date}.`,
    stop: (date) =>
      `Don't want it to renew? Turn off auto-renewal or cancel before ${date} on your subscription page:`,
    declined: (pkg, method) =>
      `We tried to renew your ${pkg} subscription, but ${method ? `the payment with ${method}` : 'the payment'} was declined. Nothing was charged.`,
    retry: (next, last) =>
      `We will try again on ${next}. If no payment goes through by ${last}, your subscription ends.`,
    update: 'To keep it, update your payment method on your billing page:',
    ended: (pkg, method, date) =>
      `We could not renew your ${pkg} subscription: ${method ? `the payments with ${method}` : 'the payments'} were declined on every try since ${date}, so the subscription has ended. Nothing was charged.`,
    coParentEnded: (name) => `${name}'s subscription, which you paid for, has ended too.`,
    again: 'Want to come back? Call us and we will help you subscribe again.',
  },
  'es-MX': {
    subject: {
      REMINDER: (date) => `Tu suscripción a ${PRODUCT_NAME} se renueva el ${date}`,
      DECLINED: () => `No pudimos renovar tu suscripción a ${PRODUCT_NAME}: actualiza tu tarjeta`,
      ENDED: () => `Tu suscripción a ${PRODUCT_NAME} terminó`,
    },
    renews: (pkg, date) => `Tu suscripción ${pkg} se renueva automáticamente el ${date}.`,
    stop: (date) =>
      `¿No quieres que se renueve? Desactiva la renovación automática o cancela antes del ${date} en la página de tu suscripción:`,
    declined: (pkg, method) =>
      `Intentamos renovar tu suscripción ${pkg}, pero ${method ? `el pago con tu ${method}` : 'el pago'} fue rechazado. No se hizo ningún cargo.`,
    retry: (next, last) =>
      `Lo intentaremos de nuevo el ${next}. Si ningún pago se aprueba a más tardar el ${last}, tu suscripción termina.`,
    update: 'Para conservarla, actualiza tu forma de pago en tu página de facturación:',
    ended: (pkg, method, date) =>
      `No pudimos renovar tu suscripción ${pkg}: ${method ? `los pagos con tu ${method}` : 'los pagos'} fueron rechazados en cada intento desde el ${date}, así que la suscripción terminó. No se hizo ningún cargo.`,
    coParentEnded: (name) => `La suscripción de ${name}, que tú pagabas, también terminó.`,
    again: '¿Quieres volver? Llámanos y te ayudamos a suscribirte de nuevo.',
  },
};

/**
 * The payer's renewal notices: the reminder 7 days before (the date, the price, the method, how
 * to turn auto-renewal off: required for annual auto-renewals in several US states), a declined
 * renewal (when it is tried again, until when, where to update the card), and the end after the
 * last declined try.
 */
export function renewalNoticeEmail(params: RenewalNoticeParams): RenderedEmail {
  const t = TEXTS[params.locale];
  const lines = renewalLines(params.locale);
  const { kind, packageName, renewalDate, paymentMethod, coParentName, retry } = params;
  const body =
    kind === 'REMINDER'
      ? [
          t.renews(packageName, renewalDate),
          lines.charge(params.price, paymentMethod),
          ...(coParentName ? [lines.coParentRenews(coParentName)] : []),
          { text: t.stop(renewalDate), url: params.subscriptionUrl },
        ]
      : kind === 'DECLINED'
        ? [
            t.declined(packageName, paymentMethod),
            ...(retry ? [t.retry(retry.nextDate, retry.lastDate)] : []),
            { text: t.update, url: params.billingUrl },
          ]
        : [
            t.ended(packageName, paymentMethod, renewalDate),
            ...(coParentName ? [t.coParentEnded(coParentName)] : []),
            t.again,
          ];
  return renderEmail(params, {
    template: RENEWAL_NOTICE_TEMPLATES[kind],
    subject: t.subject[kind](renewalDate),
    body,
  });
}
