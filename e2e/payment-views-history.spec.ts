import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openPaymentView, reviewWithGoodCard } from './support/checkout';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The payment page's three views each take a step of the browser's history: Back goes Review →
// Payment → Billing and then leaves for the packages; Forward comes back. The address stays
// /payment.

const viewHeading = (page: Page, lang: Language, key: string) =>
  page.getByRole('heading', { level: 2, name: t(lang, key) });

for (const lang of LANGUAGES) {
  test(`the browser's Back and Forward move between Billing, Payment and Review (${lang})`, async ({
    page,
  }) => {
    await openPaymentView(page, lang);
    await reviewWithGoodCard(page, lang);

    await page.goBack();
    await expect(viewHeading(page, lang, 'checkout.payment.heading')).toBeVisible();
    await expect(page).toHaveURL(/\/app\/join\/payment$/);
    // The view starts from its heading, as a new page would.
    await expect(viewHeading(page, lang, 'checkout.payment.heading')).toBeFocused();
    await expectNoSeriousA11yViolations(page, `/payment Payment after Back (${lang})`);

    await page.goBack();
    await expect(viewHeading(page, lang, 'checkout.billing.heading')).toBeVisible();
    await expect(page.getByLabel(t(lang, 'checkout.billing.postalCode'))).toHaveValue('78701');

    await page.goForward();
    await expect(viewHeading(page, lang, 'checkout.payment.heading')).toBeVisible();
    await page.goForward();
    await expect(viewHeading(page, lang, 'checkout.review.heading')).toBeVisible();
    await expect(
      page.getByText(t(lang, 'checkout.review.card', { brand: 'Visa', lastFour: '1111' })),
    ).toBeVisible();

    // From Billing, Back leaves the page for the packages.
    await page.goBack();
    await page.goBack();
    await expect(viewHeading(page, lang, 'checkout.billing.heading')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/app\/join\/step3$/);
  });
}
