import { type Locale, PRODUCT_NAME } from '@coparent/domain';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

export type PaymentMethodUpdatedParams = EmailRecipient & {
  /** e.g. 'MasterCard ending in 4444' (paymentMethodWords): never more of the card. */
  paymentMethod: string;
  /** A wallet (PayPal, Venmo, Apple Pay) rather than a card: the subject says "payment method". */
  isWallet?: boolean;
  /** The billing page, to see it or change it again. */
  billingUrl: string;
};

const TEXTS: Record<
  Locale,
  {
    subject: string;
    walletSubject: string;
    updated: (method: string) => string;
    notYou: string;
    see: string;
  }
> = {
  en: {
    subject: `Your card on file for ${PRODUCT_NAME} was updated`,
    walletSubject: `Your payment method on file for ${PRODUCT_NAME} was updated`,
    updated: (method) =>
      `The payment method on file for your subscription is now ${method}. Your renewal will be charged to it; the previous one was removed.`,
    notYou: 'If you did not make this change, call us right away and change your password.',
    see: 'To see it or change it again, go to your billing page:',
  },
  'es-MX': {
    subject: `Se actualizó tu tarjeta registrada en ${PRODUCT_NAME}`,
    walletSubject: `Se actualizó tu forma de pago registrada en ${PRODUCT_NAME}`,
    updated: (method) =>
      `La forma de pago registrada para tu suscripción ahora es ${method}. La renovación se cobrará ahí; la anterior se eliminó.`,
    notYou: 'Si no hiciste este cambio, llámanos de inmediato y cambia tu contraseña.',
    see: 'Para verla o volver a cambiarla, ve a tu página de facturación:',
  },
};

/** The payer's confirmation that the card or wallet on file changed (decision 060). */
export function paymentMethodUpdatedEmail(params: PaymentMethodUpdatedParams): RenderedEmail {
  const t = TEXTS[params.locale];
  return renderEmail(params, {
    template: 'payment-method-updated',
    subject: params.isWallet ? t.walletSubject : t.subject,
    body: [t.updated(params.paymentMethod), t.notYou, { text: t.see, url: params.billingUrl }],
  });
}
