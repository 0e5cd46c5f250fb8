import { codesCoveringOrder, type Locale, PRODUCT_NAME, type Receipt } from '@coparent/domain';
import PDFDocument from 'pdfkit';
import { type ReceiptLines, receiptLines } from './receipt-lines.js';
import { receiptPdfFonts } from './receipt-pdf-fonts.js';
import { type ReceiptPdfTexts, receiptPdfTexts } from './receipt-pdf-texts.js';

export type ReceiptPdfInput = {
  receipt: Receipt;
  /** The payment's id: the order number the gateway and the account area know it by. */
  orderNumber: string;
  /** The package's name in the reader's language (the stored receipt has the payment's). */
  packageName: string;
  holderName: string;
  locale: Locale;
};

export type ReceiptPdf = { fileName: string; content: Buffer };

const MARGIN = 56;
const PAGE_WIDTH = 612; // US Letter, in points
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const VALUE_WIDTH = 220;
const GREY = '#555555';

/** One stored receipt as a one-page PDF in the reader's language. */
export async function receiptPdf(input: ReceiptPdfInput): Promise<ReceiptPdf> {
  const { receipt, orderNumber, locale } = input;
  const t = receiptPdfTexts(locale);
  const lines = receiptLines(receipt, locale);
  const fonts = receiptPdfFonts();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    lang: locale,
    displayTitle: true,
    info: { Title: t.documentTitle(orderNumber), Author: PRODUCT_NAME },
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const done = collect(doc);

  doc.font('bold').fontSize(20).text(PRODUCT_NAME);
  doc.font('regular').fontSize(14).fillColor(GREY).text(t.title).fillColor('black');
  doc.moveDown(1.5);

  doc.fontSize(10);
  const row = rowWriter(doc);
  row(t.orderNumber, orderNumber);
  row(t.orderDate, lines.date);
  row(t.accountHolder, input.holderName);
  row(t.email, receipt.email);
  doc.moveDown(1);
  rule(doc);

  row(t.package, input.packageName);
  for (const [label, value] of orderRows(t, lines)) row(label, value);
  rule(doc);
  row(t.total, lines.totalFormatted, { bold: true });
  doc.moveDown(1);

  // Nothing charged: the codes that paid it, by the same rule as the page and the email.
  row(t.method, lines.paymentMethod ?? t.coveredBy(codesCoveringOrder(receipt)));
  if (lines.transactionId) row(t.transaction, lines.transactionId);
  doc.moveDown(1.5);

  doc.x = MARGIN;
  if (lines.payForCoParent) doc.text(t.coParentPaid, { width: CONTENT_WIDTH }).moveDown(0.5);
  doc.text(t.renews(lines.renewsOn), { width: CONTENT_WIDTH });

  doc.end();
  return { fileName: `receipt-${orderNumber}.pdf`, content: await done };
}

/** The order's lines after the package, to the tax, as the receipt page and email list them. */
function orderRows(t: ReceiptPdfTexts, lines: ReceiptLines): [string, string][] {
  const { items } = lines;
  const rows: [string, string][] = [
    [t.term, t.years(items.termYears)],
    [t.subtotal, items.subtotal],
  ];
  if (items.discount) rows.push([t.discount(items.discount.code), `−${items.discount.amount}`]);
  for (const code of items.codes) rows.push([t.code(code.code), `−${code.amount}`]);
  const { label, amount, isIncluded } = items.tax;
  rows.push([isIncluded ? t.included(label) : label, amount]);
  return rows;
}

/** Writes a label on the left and its value on the right of the same line. */
function rowWriter(doc: PDFKit.PDFDocument) {
  return (label: string, value: string, options: { bold?: boolean } = {}) => {
    const y = doc.y;
    doc.font(options.bold ? 'bold' : 'regular');
    const labelWidth = CONTENT_WIDTH - VALUE_WIDTH - 12;
    doc.text(label, MARGIN, y, { width: labelWidth });
    const afterLabel = doc.y;
    doc.text(value, MARGIN + CONTENT_WIDTH - VALUE_WIDTH, y, {
      width: VALUE_WIDTH,
      align: 'right',
    });
    doc.y = Math.max(afterLabel, doc.y) + 4;
    doc.font('regular');
  };
}

function rule(doc: PDFKit.PDFDocument) {
  const y = doc.y + 2;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.y = y + 8;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
