import type { Locale } from '@coparent/domain';

/** The words of a receipt's order lines: the same in the receipt email and the PDF receipt. */
export type ReceiptItemTexts = {
  package: string;
  term: string;
  years: (count: 1 | 2) => string;
  subtotal: string;
  discount: (code: string) => string;
  code: (code: string) => string;
  included: (label: string) => string;
  total: string;
  method: string;
  /** The method line of an order codes paid in full: nothing was charged. */
  coveredBy: (codes: readonly string[]) => string;
  transaction: string;
  renews: (date: string) => string;
};

export const RECEIPT_ITEM_TEXTS: Record<Locale, ReceiptItemTexts> = {
  en: {
    package: 'Package',
    term: 'Term',
    years: (count) => (count === 1 ? '1 year' : '2 years'),
    subtotal: 'Subtotal',
    discount: (code) => `Discount (${code})`,
    code: (code) => `Code ${code}`,
    included: (label) => `${label} (included)`,
    total: 'Total charged',
    method: 'Payment method',
    coveredBy: (codes) =>
      codes.length === 1 ? `Covered by code ${codes[0]}` : `Covered by codes ${codes.join(', ')}`,
    transaction: 'Transaction ID',
    renews: (date) =>
      `Your subscription renews automatically on ${date} until you cancel, plus applicable taxes.`,
  },
  'es-MX': {
    package: 'Paquete',
    term: 'Plazo',
    years: (count) => (count === 1 ? '1 año' : '2 años'),
    subtotal: 'Subtotal',
    discount: (code) => `Descuento (${code})`,
    code: (code) => `Código ${code}`,
    included: (label) => `${label} (incluido)`,
    total: 'Total cobrado',
    method: 'Forma de pago',
    coveredBy: (codes) =>
      codes.length === 1
        ? `Cubierto con el código ${codes[0]}`
        : `Cubierto con los códigos ${codes.join(', ')}`,
    transaction: 'ID de transacción',
    renews: (date) =>
      `Tu suscripción se renueva automáticamente el ${date} hasta que la canceles, más los impuestos aplicables.`,
  },
};
