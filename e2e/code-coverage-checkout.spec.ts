import { translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName } from './support/catalog';
import {
  choosePackage,
  fillReferral,
  fillTexasAddress,
  PREMIUM_1_YEAR,
  reviewWithGoodCard,
} from './support/checkout';
import { completeStepsOneAndTwo, openJoin, unique } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// What a subscription code applied on /step3 does on /payment: a code for other packages is
// said, naming them, with Remove code (never "We could not calculate your price"); a code that
// covers the whole price makes a $0 order, confirmed without a card, whose receipt names the
// code. And /payment has one progress indicator: the payment views are step 4's sub-steps.

const ESSENTIALS_1_YEAR = 3001;
/**
 * Single-use demo codes for Premium · 1 year (the demo catalog's), one per language and attempt:
 * a retry in the same server run must not find its code used by the first attempt.
 */
const FULL_COVER_CODES: Record<Language, readonly string[]> = {
  en: ['PRO-PREM1-DEMO2', 'PRO-PREM1-DEMO4'],
  'es-MX': ['PRO-PREM1-DEMO3', 'PRO-PREM1-DEMO5'],
};
const PASSWORD = 'Quiet-Harbor-7421!';

/** /step3's code box: the code applied. */
async function applyCodeOnPackages(page: Page, lang: Language, code: string) {
  await page.getByRole('button', { name: t(lang, 'packages.codeToggle') }).click();
  await page.getByRole('textbox', { name: t(lang, 'packages.codeLabel') }).fill(code);
  await page.getByRole('button', { name: t(lang, 'packages.apply'), exact: true }).click();
  await expect(page.getByText(t(lang, 'packages.codeApplied', { code }))).toBeVisible();
}

/** Billing: the Texas address and the referral, then the Payment view. */
async function submitBilling(page: Page, lang: Language) {
  await fillTexasAddress(page, lang);
  await fillReferral(page, lang);
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'checkout.payment.heading') }),
  ).toBeVisible();
}

/** One indicator: the funnel's steps, step 4 current, its sub-steps the payment views. */
async function expectOneProgressIndicator(page: Page, lang: Language, view: string) {
  const funnel = page.getByRole('navigation', { name: t(lang, 'steps.label') });
  await expect(funnel).toHaveCount(1);
  await expect(
    funnel.getByRole('button', { name: new RegExp(t(lang, 'steps.names.4')) }).first(),
  ).toHaveAttribute('aria-current', 'step');
  const views = funnel.getByRole('navigation', { name: t(lang, 'checkout.steps.label') });
  await expect(views).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: t(lang, 'checkout.steps.label') })).toHaveCount(
    1,
  );
  await expect(
    views.getByRole('button', { name: new RegExp(t(lang, `checkout.steps.${view}`)) }),
  ).toHaveAttribute('aria-current', 'step');
}

/** /credentials: a username and password, then on to the receipt. */
async function setCredentialsAndOpenReceipt(page: Page, lang: Language) {
  await expect(page).toHaveURL(/\/credentials$/);
  await page.getByLabel(t(lang, 'credentials.username')).fill(`ana_${unique()}`.slice(0, 30));
  await page.getByLabel(t(lang, 'credentials.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
  await page.getByRole('link', { name: t(lang, 'credentials.success.goNow') }).click();
  await expect(page).toHaveURL(/\/receipt$/);
}

for (const lang of LANGUAGES) {
  test.describe(`codes on the checkout (${lang})`, () => {
    test('a code for another package says which it is for; Remove code prices the order, which is paid by card', async ({
      page,
    }) => {
      await openJoin(page, lang);
      await completeStepsOneAndTwo(page, lang);
      await applyCodeOnPackages(page, lang, 'PRO-ESS1-DEMO1');
      await choosePackage(page, lang, PREMIUM_1_YEAR);

      // Still on /payment: the code, the packages it is for and the one chosen, Remove code.
      await expect(
        page.getByText(t(lang, 'checkout.codeRefusal.heading', { code: 'PRO-ESS1-DEMO1' })),
      ).toBeVisible();
      await expect(
        page.getByText(
          translateMessage('code_otherPackageChosen_error', lang, {
            packages: packageName(ESSENTIALS_1_YEAR, lang),
            chosen: packageName(PREMIUM_1_YEAR, lang),
          }),
        ),
      ).toBeVisible();
      await expect(
        page.getByText(translateMessage('payment_pricing_error', lang), { exact: true }),
      ).toHaveCount(0);
      await expectOneProgressIndicator(page, lang, 'BILLING');
      await expectNoSeriousA11yViolations(
        page,
        `/payment with a code for other packages (${lang})`,
      );

      await page.getByRole('button', { name: t(lang, 'checkout.codeRefusal.remove') }).click();
      await expect(
        page.getByText(t(lang, 'checkout.codeRefusal.heading', { code: 'PRO-ESS1-DEMO1' })),
      ).toHaveCount(0);
      const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
      await expect(summary.getByText(t(lang, 'orderSummary.total'))).toBeVisible();
      await expect(
        summary.getByText(packageName(PREMIUM_1_YEAR, lang), { exact: true }),
      ).toBeVisible();

      await submitBilling(page, lang);
      await expectOneProgressIndicator(page, lang, 'PAYMENT');
      await reviewWithGoodCard(page, lang);
      await expect(
        page.getByText(t(lang, 'checkout.review.card', { brand: 'Visa', lastFour: '1111' }), {
          exact: true,
        }),
      ).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();
      await expect(page).toHaveURL(/\/credentials$/);
    });

    test('a code that covers the whole price makes a $0 order: no card, Confirm order, and a receipt that names the code', async ({
      page,
    }, testInfo) => {
      const code = FULL_COVER_CODES[lang][testInfo.retry];
      if (!code) throw new Error(`no demo code left for attempt ${testInfo.retry + 1}`);
      await openJoin(page, lang);
      await completeStepsOneAndTwo(page, lang);
      await applyCodeOnPackages(page, lang, code);
      await choosePackage(page, lang, PREMIUM_1_YEAR);
      await submitBilling(page, lang);

      // Payment: the code covers it all; no method and no card fields.
      await expect(
        page.getByText(t(lang, 'checkout.payment.coveredBy_one', { codes: code })),
      ).toBeVisible();
      await expect(page.getByLabel(t(lang, 'checkout.card.number'))).toHaveCount(0);
      await expect(
        page.getByRole('group', { name: t(lang, 'checkout.payment.methodLegend') }),
      ).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `/payment Payment, $0 order (${lang})`);
      await page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') }).click();

      // Review: covered by the code, Confirm order (not "Pay now").
      const method = page.getByRole('region', { name: t(lang, 'checkout.review.method') });
      await expect(
        method.getByText(t(lang, 'checkout.review.coveredBy_one', { codes: code })),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }),
      ).toHaveCount(0);
      await expectOneProgressIndicator(page, lang, 'REVIEW');
      await expectNoSeriousA11yViolations(page, `/payment Review, $0 order (${lang})`);
      await page.getByRole('button', { name: t(lang, 'checkout.review.confirm') }).click();

      await setCredentialsAndOpenReceipt(page, lang);
      const payment = page.getByRole('region', { name: t(lang, 'receipt.payment.heading') });
      await expect(
        payment.getByText(t(lang, 'receipt.payment.coveredBy_one', { codes: code })),
      ).toBeVisible();
      await expect(payment.getByText(t(lang, 'receipt.payment.noCharge'))).toBeVisible();
      await expect(payment).not.toContainText(t(lang, 'checkout.methods.CREDIT_CARD'));
      await expectNoSeriousA11yViolations(page, `/receipt, $0 order (${lang})`);
    });
  });
}
