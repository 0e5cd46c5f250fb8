import { randomUUID } from 'node:crypto';
import { type Receipt, translateMessage } from '@coparent/domain';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.js';
import { subscriptionCodes } from '../../db/schema.js';
import {
  type LoggedInParent,
  loggedInParent,
  postPayment,
  priceSignup,
  signupReadyToPay,
  TEXAS_ADDRESS,
  type TestSignup,
} from '../../test/signup-fixtures.js';
import { BACKENDS, buildTestApp, useTestDatabase } from '../../test/test-app.js';

const ENV = {
  RATE_LIMIT_PAYMENT_PER_MINUTE: '10000',
  RATE_LIMIT_PRICING_PER_MINUTE: '10000',
  RATE_LIMIT_SIGNUP_CREATE_PER_MINUTE: '10000',
  RATE_LIMIT_CREDENTIALS_PER_MINUTE: '10000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '10000',
};

/** The text a PDF reader would extract, lines joined by single spaces. */
async function pdfText(body: Buffer): Promise<string> {
  const { text } = await new PDFParse({ data: new Uint8Array(body) }).getText();
  return text.replace(/\s+/g, ' ');
}

describe.each(BACKENDS)('PDF receipts on %s', (backend) => {
  const ctx = useTestDatabase(backend);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(ctx.database, { env: ENV });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A $50 subscription code nobody has used. */
  async function freshAmountCode(): Promise<string> {
    const code = `PRO-USD50-${randomUUID().slice(0, 8).toUpperCase()}`;
    await ctx.database.db.insert(subscriptionCodes).values({
      code,
      kind: 'AMOUNT',
      amount: 5000,
      currency: 'USD',
      purchasedBy: 'Test practice',
    });
    return code;
  }

  /** Pays Premium · 1 year in Texas with WELCOME10 and a $50 code; answers the receipt. */
  async function payWithCodes(signup: TestSignup, code: string): Promise<Receipt> {
    const codes = { promoCodes: ['WELCOME10'], paymentCodes: [code] };
    const price = await priceSignup(app, signup, {
      address: TEXAS_ADDRESS,
      orderDetail: { packageId: 3003 },
      ...codes,
    });
    const res = await postPayment(app, signup, {
      order: { packageId: 3003 },
      payment: {
        amountDisplayed: price.totals.total,
        taxAmountDisplayed: price.totals.taxAmount,
        nonce: 'fake-valid-nonce',
      },
      ...codes,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().receipt as Receipt;
  }

  const funnelPdf = (signup: TestSignup, headers: Record<string, string>, query = '') =>
    app.inject({
      method: 'GET',
      url: `/v2/signups/${signup.signupId}/receipt/pdf${query}`,
      headers,
    });

  const signupCookie = (signup: TestSignup) => ({
    cookie: `coparent_signup=${signup.signupId}.${signup.registrationKey}`,
  });

  it('downloads the funnel receipt with every item, in English and in Spanish', async () => {
    const signup = await signupReadyToPay(app);
    const code = await freshAmountCode();
    const receipt = await payWithCodes(signup, code);
    expect(receipt.couponDetail?.couponCode).toBe('WELCOME10');
    expect(receipt.transactionId).not.toBeNull();

    // The browser's own cookie authorises it, as it does the receipt page's call.
    const en = await funnelPdf(signup, signupCookie(signup), '?lang=en');
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers['content-type']).toBe('application/pdf');
    expect(en.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${receipt.receiptId}.pdf"`,
    );
    expect(en.headers['cache-control']).toBe('no-store');
    const text = await pdfText(en.rawPayload);
    for (const part of [
      'CoParent Hub Receipt',
      `Order number ${receipt.receiptId}`,
      'Order date (GMT)',
      'Account holder Ana López',
      `Email ${signup.email}`,
      'Package Premium · 1 year',
      'Term 1 year',
      `Subtotal ${receipt.totals.subTotalFormatted}`,
      `Discount (WELCOME10) −${receipt.couponDetail?.discountFormatted}`,
      `Code ${code} −$50.00`,
      `Sales tax ${receipt.totals.taxAmountFormatted}`,
      `Total charged ${receipt.totals.totalFormatted}`,
      'Payment method Visa ending in 1881',
      `Transaction ID ${receipt.transactionId}`,
      'Your subscription renews automatically on',
    ]) {
      expect(text).toContain(part);
    }

    const es = await funnelPdf(
      signup,
      { 'x-registration-key': signup.registrationKey },
      '?lang=es-MX',
    );
    expect(es.statusCode, es.body).toBe(200);
    const texto = await pdfText(es.rawPayload);
    for (const part of [
      'CoParent Hub Recibo',
      `Número de pedido ${receipt.receiptId}`,
      'Fecha del pedido (GMT)',
      'Titular de la cuenta Ana López',
      'Paquete Premium · 1 año',
      'Plazo 1 año',
      `Descuento (WELCOME10) −${receipt.couponDetail?.discountFormatted}`,
      `Código ${code} −$50.00`,
      `${translateMessage('tax_SALES_TAX', 'es-MX')} ${receipt.totals.taxAmountFormatted}`,
      `Total cobrado ${receipt.totals.totalFormatted}`,
      'Forma de pago Visa terminada en 1881',
      'Tu suscripción se renueva automáticamente el',
    ]) {
      expect(texto).toContain(part);
    }
    expect(texto).not.toContain('Total charged');
  });

  it('is written in the language the visitor chose, then their browser’s, without ?lang', async () => {
    const signup = await signupReadyToPay(app);
    await payWithCodes(signup, await freshAmountCode());
    const chosen = await funnelPdf(signup, {
      ...signupCookie(signup),
      cookie: `${signupCookie(signup).cookie}; coparent_lang=es-MX`,
      'accept-language': 'en-US',
    });
    expect(await pdfText(chosen.rawPayload)).toContain('Total cobrado');
    const browser = await funnelPdf(signup, {
      ...signupCookie(signup),
      'accept-language': 'es-MX,es;q=0.9',
    });
    expect(await pdfText(browser.rawPayload)).toContain('Total cobrado');
  });

  it('refuses another signup’s receipt, a wrong key and an unpaid signup', async () => {
    const paid = await signupReadyToPay(app);
    await payWithCodes(paid, await freshAmountCode());
    const attacker = await signupReadyToPay(app);

    // The attacker's own cookie names their signup, not this one: no key reaches the call.
    const withTheirCookie = await funnelPdf(paid, signupCookie(attacker));
    expect([403, 404]).toContain(withTheirCookie.statusCode);
    expect(withTheirCookie.headers['content-type']).not.toContain('application/pdf');
    const withTheirKey = await funnelPdf(paid, { 'x-registration-key': attacker.registrationKey });
    expect(withTheirKey.statusCode).toBe(403);
    const withNoKey = await funnelPdf(paid, {});
    expect(withNoKey.statusCode).toBe(403);

    const unpaid = await funnelPdf(attacker, signupCookie(attacker));
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json()).toMatchObject({ code: 'RECEIPT_NOT_FOUND' });
  });

  describe('in the account area', () => {
    const accountPdf = (receiptId: string, cookie: string | undefined, query = '') =>
      app.inject({
        method: 'GET',
        url: `/v2/account/receipts/${encodeURIComponent(receiptId)}/pdf${query}`,
        headers: cookie ? { cookie } : {},
      });

    /** Parent A paid (in Spanish) and logged in, with their receipt's id. */
    async function parentWithReceipt(): Promise<LoggedInParent & { receipt: Receipt }> {
      const parent = await loggedInParent(app, 'es-MX');
      const res = await app.inject({
        method: 'GET',
        url: `/v2/signups/${parent.signup.signupId}/receipt`,
        headers: { 'x-registration-key': parent.signup.registrationKey },
      });
      return { ...parent, receipt: res.json() as Receipt };
    }

    it('downloads one of the account’s own receipts, in either language', async () => {
      const parent = await parentWithReceipt();
      const id = parent.receipt.receiptId ?? '';
      const en = await accountPdf(id, parent.cookie, '?lang=en');
      expect(en.statusCode, en.body).toBe(200);
      expect(en.headers['content-type']).toBe('application/pdf');
      expect(en.headers['content-disposition']).toBe(`attachment; filename="receipt-${id}.pdf"`);
      expect(en.headers['cache-control']).toBe('no-store');
      const text = await pdfText(en.rawPayload);
      for (const part of [
        `Order number ${id}`,
        'Account holder Ana López',
        // Paid in Spanish, read in English: the package's English name.
        'Package Premium · 1 year',
        `Total charged ${parent.receipt.totals.totalFormatted}`,
        'Payment method Visa ending in 1881',
      ]) {
        expect(text).toContain(part);
      }

      const es = await accountPdf(id, parent.cookie, '?lang=es-MX');
      const texto = await pdfText(es.rawPayload);
      for (const part of [
        `Número de pedido ${id}`,
        'Titular de la cuenta Ana López',
        'Paquete Premium · 1 año',
        `Total cobrado ${parent.receipt.totals.totalFormatted}`,
      ]) {
        expect(texto).toContain(part);
      }
    });

    it('answers 404 for another account’s receipt and 401 without a session', async () => {
      const owner = await parentWithReceipt();
      const other = await loggedInParent(app);
      const id = owner.receipt.receiptId ?? '';
      for (const receiptId of [id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await accountPdf(receiptId, other.cookie);
        expect(res.statusCode, receiptId).toBe(404);
        expect(res.json()).toMatchObject({ code: 'RECEIPT_NOT_FOUND' });
      }
      const anonymous = await accountPdf(id, undefined);
      expect(anonymous.statusCode).toBe(401);
    });
  });

  it('publishes both downloads in the OpenAPI document as PDF answers', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const path of [
      '/v2/signups/{signupId}/receipt/pdf',
      '/v2/account/receipts/{receiptId}/pdf',
    ]) {
      const get = doc.paths[path]?.get;
      expect(get, path).toBeDefined();
      expect(Object.keys(get.responses['200'].content)).toEqual(['application/pdf']);
      expect(get.parameters.map((p: { name: string }) => p.name)).toContain('lang');
    }
  });
});
