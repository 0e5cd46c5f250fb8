import type { Locale } from '@coparent/domain';

/** The PDF receipt's own words; the lines' values come from `receiptLines`. */
export type ReceiptPdfTexts = {
  title: string;
  orderNumber: string;
  orderDate: string;
  accountHolder: string;
  email: string;
  package: string;
  term: string;
  years: (count: 1 | 2) => string;
  subtotal: string;
  discount: (code: string) => string;
  code: (code: string) => string;
  included: (label: string) => string;
  total: string;
  method: string;
  coveredByCodes: (codes: string[]) => string;
  transaction: string;
  coParentPaid: string;
  renews: (date: string) => string;
  /** The document's title in a PDF reader and its file, e.g. "Receipt 1234". */
  documentTitle: (order: string) => string;
};

const TEXTS: Record<Locale, ReceiptPdfTexts> = {
  en: {
    title: 'Receipt',
    orderNumber: 'Order number',
    orderDate: 'Order date (GMT)',
    accountHolder: 'Account holder',
    email: 'Email',
    package: 'Package',
    term: 'Term',
    years: (count) => (count === 1 ? '1 year' : '2 years'),
    subtotal: 'Subtotal',
    discount: (code) => `Discount (${code})`,
    code: (code) => `Code ${code}`,
    included: (label) => `${label} (included)`,
    total: 'Total charged',
    method: 'Payment method',
    coveredByCodes: (codes) =>
      codes.length > 1 ? `Covered by codes ${codes.join(', ')}` : `Covered by code ${codes[0]}`,
    transaction: 'Transaction ID',
    coParentPaid: 'Includes your co-parent’s subscription.',
    renews: (date) =>
      `Your subscription renews automatically on ${date} until you cancel, plus applicable taxes.`,
    documentTitle: (order) => `Receipt ${order}`,
  },
  'es-MX': {
    title: 'Recibo',
    orderNumber: 'Número de pedido',
    orderDate: 'Fecha del pedido (GMT)',
    accountHolder: 'Titular de la cuenta',
    email: 'Correo electrónico',
    package: 'Paquete',
    term: 'Plazo',
    years: (count) => (count === 1 ? '1 año' : '2 años'),
    subtotal: 'Subtotal',
    discount: (code) => `Descuento (${code})`,
    code: (code) => `Código ${code}`,
    included: (label) => `${label} (incluido)`,
    total: 'Total cobrado',
    method: 'Forma de pago',
    coveredByCodes: (codes) =>
      codes.length > 1
        ? `Cubierto con los códigos ${codes.join(', ')}`
        : `Cubierto con el código ${codes[0]}`,
    transaction: 'ID de transacción',
    coParentPaid: 'Incluye la suscripción de tu coparente.',
    renews: (date) =>
      `Tu suscripción se renueva automáticamente el ${date} hasta que la canceles, más los impuestos aplicables.`,
    documentTitle: (order) => `Recibo ${order}`,
  },
};

export function receiptPdfTexts(locale: Locale): ReceiptPdfTexts {
  return TEXTS[locale];
}
