import type { Receipt } from '@coparent/domain';
import { PDFParse } from 'pdf-parse';
import { describe, expect, it } from 'vitest';
import { receiptPdf } from './receipt-pdf.js';

async function pdfText(content: Buffer): Promise<string> {
  const { text } = await new PDFParse({ data: new Uint8Array(content) }).getText();
  return text.replace(/\s+/g, ' ');
}

const totals = (currencyCode: 'GBP' | 'USD', formatted: Partial<Record<string, string>>) => ({
  currencyCode,
  selectedPackageTotal: 0,
  selectedPackageTotalFormatted: '',
  subTotal: 0,
  subTotalFormatted: '',
  subTotalAfterDiscount: 0,
  subTotalAfterDiscountFormatted: '',
  paymentCodeTotal: 0,
  paymentCodeTotalFormatted: '',
  taxAmount: 0,
  taxAmountFormatted: '',
  total: 0,
  totalFormatted: '',
  ...formatted,
});

/** A UK Premium receipt (VAT wording, included) paid by card. */
const ukReceipt: Receipt = {
  receiptId: '6f1c2d4e-0000-4000-8000-000000000001',
  transactionId: 'txn_42',
  cardLastFour: '4444',
  cardType: 'MasterCard',
  paymentType: 'CREDIT_CARD',
  paymentMethod: 'CREDIT_CARD',
  totals: totals('GBP', {
    subTotalFormatted: '£149.99',
    taxAmountFormatted: '£25.00',
    totalFormatted: '£149.99',
  }),
  payForCoParent: true,
  paymentCodeDetails: [],
  couponDetail: null,
  taxes: [
    {
      kind: 'VAT',
      jurisdiction: 'GB',
      ratePercent: '20',
      amount: 2500,
      amountFormatted: '£25.00',
      included: true,
    },
  ],
  transactionDateTime: '2025-05-01T14:03:00.000Z',
  packageId: 2061,
  packageDisplayName: 'Premium · 1 year',
  receiptText: '',
  subDurationInYears: 1,
  autoRenew: true,
  renewsAt: '2026-05-01T14:03:00.000Z',
  email: 'lukasz@example.com',
};

describe('the PDF receipt', () => {
  it('writes names and amounts beyond WinAnsi as they are (an embedded font)', async () => {
    const pdf = await receiptPdf({
      receipt: ukReceipt,
      orderNumber: 'order-1',
      packageName: 'Premium · 1 año',
      holderName: 'Łukasz Nguyễn Muñoz',
      locale: 'es-MX',
    });
    expect(pdf.fileName).toBe('receipt-order-1.pdf');
    const text = await pdfText(pdf.content);
    for (const part of [
      'Titular de la cuenta Łukasz Nguyễn Muñoz',
      'Paquete Premium · 1 año',
      'IVA (incluido) £25.00',
      'Total cobrado £149.99',
      'Forma de pago MasterCard terminada en 4444',
      'Incluye la suscripción de tu coparente.',
      'Tu suscripción se renueva automáticamente el 1 de mayo de 2026',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('says which codes covered a $0 order instead of a payment method', async () => {
    const covered: Receipt = {
      ...ukReceipt,
      transactionId: null,
      cardLastFour: null,
      cardType: null,
      payForCoParent: false,
      totals: totals('USD', { subTotalFormatted: '$149.99', totalFormatted: '$0.00' }),
      paymentCodeDetails: [{ code: 'PRO-PREM1-DEMO1', amount: 14999, amountFormatted: '$149.99' }],
      taxes: [],
      packageId: 3003,
    };
    const en = await pdfText(
      (
        await receiptPdf({
          receipt: covered,
          orderNumber: 'order-2',
          packageName: 'Premium · 1 year',
          holderName: 'Ana López',
          locale: 'en',
        })
      ).content,
    );
    expect(en).toContain('Code PRO-PREM1-DEMO1 −$149.99');
    expect(en).toContain('Total charged $0.00');
    expect(en).toContain('Payment method Covered by code PRO-PREM1-DEMO1');
    expect(en).not.toContain('Transaction ID');
    expect(en).not.toContain('co-parent’s subscription');
  });
});
