import type { Locale } from '@coparent/domain';
import { escapeHtml } from './html.js';
import { RECEIPT_ITEM_TEXTS, type ReceiptItemTexts } from './receipt-item-texts.js';
import { type EmailRecipient, type RenderedEmail, renderEmail } from './render.js';

export const RECEIPT_TEMPLATE = 'payment-receipt';
/** The receipt of a renewal's charge (decision 057): the same lines, its own subject. */
export const RENEWAL_RECEIPT_TEMPLATE = 'renewal-receipt';

/** The order's lines as the receipt page lists them, every amount formatted by the server. */
export type ReceiptEmailItems = {
  termYears: 1 | 2;
  subtotal: string;
  /** The promo code's discount. */
  discount?: { code: string; amount: string } | undefined;
  /** Subscription codes' credits. */
  codes: { code: string; amount: string }[];
  /** The tax or VAT line in its wording; an included tax is shown, not added. */
  tax: { label: string; amount: string; isIncluded: boolean };
};

export type ReceiptEmailParams = EmailRecipient & {
  /** The receipt of a renewal: renewed rather than ordered, and nothing to set up next. */
  renewal?: boolean | undefined;
  packageName: string;
  /** The itemised order (the receipt page's lines); absent, only the package and the total. */
  items?: ReceiptEmailItems | undefined;
  /** e.g. '$149.99' */
  totalFormatted: string;
  /** e.g. 'Visa ending in 1881', 'PayPal' */
  paymentMethod: string;
  /** The codes that paid the whole price: the method line names them, as nothing was charged. */
  coveredByCodes?: readonly string[] | undefined;
  transactionId: string | null;
  /** Already formatted in the locale, in GMT. */
  date: string;
  renewsOn: string;
  payForCoParent: boolean;
  coParentName: string | null;
  /**
   * Parent A's single-use link to set the username and password from any browser
   * (`${PUBLIC_URL}/app/join/credentials?token=<token>`), for a parent who lost the tab. Absent
   * for an invited co-parent, who finishes through their invitation.
   */
  credentialsLink?: { url: string; expiresInDays: number } | undefined;
};

type Texts = ReceiptItemTexts & {
  subject: string;
  thanks: string;
  renewalSubject: string;
  renewed: string;
  date: string;
  coParentPaid: (name: string) => string;
  next: string;
  createCredentials: string;
  linkRules: (days: number) => string;
};

const TEXTS: Record<Locale, Texts> = {
  en: {
    ...RECEIPT_ITEM_TEXTS.en,
    subject: 'Your receipt',
    thanks: 'Thank you for your order. Your subscription is active.',
    renewalSubject: 'Your subscription renewed: your receipt',
    renewed: 'Your subscription renewed. Thank you for staying with us.',
    date: 'Date (GMT)',
    coParentPaid: (name) => `You also paid for ${name}'s subscription.`,
    next: 'Next: finish creating your username and password, then download the app.',
    createCredentials: 'Create your username and password here:',
    linkRules: (days) =>
      `This link works once, for ${days} days, in any browser. If you already created them, log in instead.`,
  },
  'es-MX': {
    ...RECEIPT_ITEM_TEXTS['es-MX'],
    subject: 'Tu recibo',
    thanks: 'Gracias por tu pedido. Tu suscripción está activa.',
    renewalSubject: 'Tu suscripción se renovó: tu recibo',
    renewed: 'Tu suscripción se renovó. Gracias por seguir con nosotros.',
    date: 'Fecha (GMT)',
    coParentPaid: (name) => `También pagaste la suscripción de ${name}.`,
    next: 'Siguiente: termina de crear tu nombre de usuario y contraseña, y descarga la aplicación.',
    createCredentials: 'Aquí puedes crear tu nombre de usuario y contraseña:',
    linkRules: (days) =>
      `Este enlace funciona una sola vez, durante ${days} días, en cualquier navegador. Si ya los creaste, mejor inicia sesión.`,
  },
};

/** The receipt after paying (Parent A's, the invited co-parent's, a renewal's), in the payer's language. */
export function receiptEmail(params: ReceiptEmailParams): RenderedEmail {
  const t = TEXTS[params.locale];
  const fields: [string, string][] = [
    [t.package, params.packageName],
    ...(params.items ? itemLines(t, params.items) : []),
    [t.total, params.totalFormatted],
    [
      t.method,
      params.coveredByCodes?.length ? t.coveredBy(params.coveredByCodes) : params.paymentMethod,
    ],
    ...(params.transactionId ? [[t.transaction, params.transactionId] as [string, string]] : []),
    [t.date, params.date],
  ];
  const link = params.credentialsLink;
  const { renewal } = params;
  return renderEmail(params, {
    template: renewal ? RENEWAL_RECEIPT_TEMPLATE : RECEIPT_TEMPLATE,
    subject: renewal ? t.renewalSubject : t.subject,
    body: [
      renewal ? t.renewed : t.thanks,
      {
        text: fields.map(([label, value]) => `${label}: ${value}`).join('\n'),
        html: fields
          .map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`)
          .join('<br>'),
      },
      ...(params.payForCoParent && params.coParentName
        ? [t.coParentPaid(params.coParentName)]
        : []),
      t.renews(params.renewsOn),
      ...(renewal ? [] : [t.next]),
      ...(link
        ? [{ text: t.createCredentials, url: link.url }, t.linkRules(link.expiresInDays)]
        : []),
    ],
  });
}

/** The order's lines between the package and the total, as the receipt page shows them. */
function itemLines(t: Texts, items: ReceiptEmailItems): [string, string][] {
  const lines: [string, string][] = [
    [t.term, t.years(items.termYears)],
    [t.subtotal, items.subtotal],
  ];
  if (items.discount) lines.push([t.discount(items.discount.code), `−${items.discount.amount}`]);
  for (const code of items.codes) lines.push([t.code(code.code), `−${code.amount}`]);
  const { label, amount, isIncluded } = items.tax;
  lines.push([isIncluded ? t.included(label) : label, amount]);
  return lines;
}
