import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans, embedded (subset) in every PDF receipt. The PDF's standard Helvetica writes only
 * WinAnsi: accents, "·", "€" and "£" pass, but the minus sign of a discount, the narrow space
 * Intl puts before "AM", and a name such as "Łukasz" or "Nguyễn" would not.
 */
export type ReceiptPdfFonts = { regular: Buffer; bold: Buffer };

let fonts: ReceiptPdfFonts | undefined;

/** Read once, on the first receipt. */
export function receiptPdfFonts(): ReceiptPdfFonts {
  fonts ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}
