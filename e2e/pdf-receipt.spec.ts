import { readFile } from 'node:fs/promises';
import { translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName } from './support/catalog';
import { openPaymentView, PREMIUM_1_YEAR, reviewWithGoodCard } from './support/checkout';
import { unique } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// The receipt downloads as a PDF from the funnel's /receipt and from the account's receipt page,
// in the page's language (docs/checkout.md, "PDF receipt").

/** Starts a download (a click, a key); answers the file's name and its text, on one line. */
async function downloadPdf(
  page: Page,
  start: () => Promise<void>,
): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const content = await readFile(await download.path());
  const { text } = await new PDFParse({ data: new Uint8Array(content) }).getText();
  return { name: download.suggestedFilename(), text: text.replace(/\s+/g, ' ') };
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test(`the receipt downloads as a PDF in its language, from /receipt and My Account (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openPaymentView(page, lang);
    await reviewWithGoodCard(page, lang);
    await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();
    await expect(page).toHaveURL(/\/credentials$/, { timeout: 20_000 });
    await page.getByLabel(t(lang, 'credentials.username')).fill(`ana_${unique()}`.slice(0, 30));
    await page
      .getByLabel(t(lang, 'credentials.password'), { exact: true })
      .fill('Quiet-Harbor-7421!');
    await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
    await page.getByRole('link', { name: t(lang, 'credentials.success.goNow') }).click();
    await expect(page).toHaveURL(/\/app\/join\/receipt$/);

    const payment = page.getByRole('region', { name: t(lang, 'receipt.payment.heading') });
    const transactionId = (await payment.locator('dd').nth(1).textContent()) ?? 'missing';
    const total = (await payment.locator('dd').nth(3).textContent()) ?? 'missing';
    const link = payment.getByRole('link', { name: t(lang, 'receipt.downloadPdf') });
    await expect(link).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/receipt with its PDF link (${lang})`);

    const receipt = await downloadPdf(page, () => link.click());
    expect(receipt.name).toMatch(/^receipt-[0-9a-f-]{36}\.pdf$/);
    const en = lang === 'en';
    for (const part of [
      en ? 'Receipt' : 'Recibo',
      `${en ? 'Account holder' : 'Titular de la cuenta'} Ana García`,
      `${en ? 'Package' : 'Paquete'} ${packageName(PREMIUM_1_YEAR, lang)}`,
      translateMessage('tax_SALES_TAX', lang),
      `${en ? 'Total charged' : 'Total cobrado'} ${total}`,
      `Visa ${en ? 'ending in' : 'terminada en'} 1111`,
      transactionId,
    ]) {
      expect(receipt.text).toContain(part);
    }

    // The same receipt from My Account (the credentials step logged Parent A in).
    await page.getByRole('link', { name: t(lang, 'receipt.account') }).click();
    await page
      .getByRole('region', { name: t(lang, 'accountHome.receipts.heading') })
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/\/app\/account\/receipts\/[0-9a-f-]{36}$/);
    const accountLink = page
      .getByRole('region', { name: t(lang, 'receipt.payment.heading') })
      .getByRole('link', { name: t(lang, 'receipt.downloadPdf') });
    await expectNoSeriousA11yViolations(page, `account receipt with its PDF link (${lang})`);
    // A link like any other: Enter on it downloads too.
    await accountLink.focus();
    const fromAccount = await downloadPdf(page, () => page.keyboard.press('Enter'));
    expect(fromAccount.name).toBe(receipt.name);
    expect(fromAccount.text).toContain(`${en ? 'Total charged' : 'Total cobrado'} ${total}`);
    expect(fromAccount.text).toContain(transactionId);
  });
}
