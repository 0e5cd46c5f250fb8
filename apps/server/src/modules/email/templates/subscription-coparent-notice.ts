import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

/**
 * The co-parent's notices when the parent who pays for them changes its renewal (decision 054),
 * or when the renewal did not go through and the subscription ended (decision 057: after the
 * last declined retry, or the payer stopped the retries).
 */
export const COPARENT_NOTICE_TEMPLATES = {
  ENDS: 'subscription-coparent-ends',
  RENEWS: 'subscription-coparent-renews',
  ENDED: 'subscription-coparent-ended',
} as const;
export type CoParentNoticeKind = keyof typeof COPARENT_NOTICE_TEMPLATES;

export type CoParentNoticeParams = EmailRecipient & {
  kind: CoParentNoticeKind;
  /** The parent who pays for the co-parent's subscription. */
  payerName: string;
  packageName: string;
  /** The end of the paid term (ENDED: the day it ended), formatted in the co-parent's language. */
  endDate: string;
};

type Texts = {
  subject: Record<CoParentNoticeKind, (payer: string, endDate: string) => string>;
  ends: (payer: string, pkg: string, endDate: string) => string;
  renews: (payer: string, pkg: string, endDate: string) => string;
  ended: (payer: string, pkg: string, endDate: string) => string;
  again: (payer: string) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    subject: {
      ENDS: (_, endDate) => `Your subscription will not renew: access until ${endDate}`,
      RENEWS: (payer) => `${payer} turned your subscription's renewal back on`,
      ENDED: () => `Your ${PRODUCT_NAME} subscription has ended`,
    },
    ends: (payer, pkg, endDate) =>
      `${payer}, who pays for your ${pkg} subscription, stopped its renewal. You keep access until ${endDate}, the end of the term already paid; then it ends.`,
    renews: (payer, pkg, endDate) =>
      `${payer}, who pays for your ${pkg} subscription, turned its renewal back on. It renews on ${endDate}, paid by ${payer}; there is nothing for you to do.`,
    ended: (payer, pkg, endDate) =>
      `Your ${pkg} subscription, which ${payer} paid for, was not renewed, so it ended on ${endDate}.`,
    again: (payer) =>
      `To keep using ${PRODUCT_NAME}, you can start a subscription of your own, or ask ${payer} about it.`,
  },
  'es-MX': {
    subject: {
      ENDS: (_, endDate) => `Tu suscripción no se renovará: tienes acceso hasta el ${endDate}`,
      RENEWS: (payer) => `${payer} volvió a activar la renovación de tu suscripción`,
      ENDED: () => `Tu suscripción a ${PRODUCT_NAME} terminó`,
    },
    ends: (payer, pkg, endDate) =>
      `${payer}, quien paga tu suscripción ${pkg}, detuvo su renovación. Tienes acceso hasta el ${endDate}, el final del periodo ya pagado; después, termina.`,
    renews: (payer, pkg, endDate) =>
      `${payer}, quien paga tu suscripción ${pkg}, volvió a activar su renovación. Se renueva el ${endDate} y la paga ${payer}; no tienes que hacer nada.`,
    ended: (payer, pkg, endDate) =>
      `Tu suscripción ${pkg}, que pagaba ${payer}, no se renovó, así que terminó el ${endDate}.`,
    again: (payer) =>
      `Para seguir usando ${PRODUCT_NAME}, puedes empezar una suscripción propia, o preguntarle a ${payer}.`,
  },
};

/**
 * The co-parent whose subscription Parent A pays learns when that stops (access to the end of
 * the paid term, then it ends), starts again, or ended because the renewal did not go through:
 * the change is not theirs, but the access is.
 */
export function coParentRenewalNotice(params: CoParentNoticeParams): RenderedEmail {
  const t = TEXTS[params.locale];
  const { kind, payerName, packageName, endDate } = params;
  return renderEmail(params, {
    template: COPARENT_NOTICE_TEMPLATES[kind],
    subject: t.subject[kind](payerName, endDate),
    body:
      kind === 'ENDS'
        ? [t.ends(payerName, packageName, endDate)]
        : kind === 'ENDED'
          ? [t.ended(payerName, packageName, endDate), t.again(payerName)]
          : [t.renews(payerName, packageName, endDate)],
  });
}
