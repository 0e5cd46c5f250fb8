import type { Locale } from '@coparent/domain';
import {
  RECEIPT_ITEM_TEXTS,
  type ReceiptItemTexts,
} from '../email/templates/receipt-item-texts.js';

/**
 * The PDF receipt's words: the order lines' as the receipt email says them, and its own around
 * them; the lines' values come from `receiptLines`.
 */
export type ReceiptPdfTexts = ReceiptItemTexts & {
  title: string;
  orderNumber: string;
  orderDate: string;
  accountHolder: string;
  email: string;
  coParentPaid: string;
  /** The document's title in a PDF reader and its file, e.g. "Receipt 1234". */
  documentTitle: (order: string) => string;
};

const TEXTS: Record<Locale, ReceiptPdfTexts> = {
  en: {
    ...RECEIPT_ITEM_TEXTS.en,
    title: 'Receipt',
    orderNumber: 'Order number',
    orderDate: 'Order date (GMT)',
    accountHolder: 'Account holder',
    email: 'Email',
    coParentPaid: 'Includes your co-parent’s subscription.',
    documentTitle: (order) => `Receipt ${order}`,
  },
  'es-MX': {
    ...RECEIPT_ITEM_TEXTS['es-MX'],
    title: 'Recibo',
    orderNumber: 'Número de pedido',
    orderDate: 'Fecha del pedido (GMT)',
    accountHolder: 'Titular de la cuenta',
    email: 'Correo electrónico',
    coParentPaid: 'Incluye la suscripción de tu coparente.',
    documentTitle: (order) => `Recibo ${order}`,
  },
};

export function receiptPdfTexts(locale: Locale): ReceiptPdfTexts {
  return TEXTS[locale];
}
