import { expectNoSeriousA11yViolations } from './support/axe';
import { openPaymentView } from './support/checkout';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// The card fields behave like the gateway's hosted fields as the digits are typed one by one: the
// number grouped for its brand with the brand's mark, the expiry's slash added (1230 is 12 / 30),
// the security code as long as the brand's.

for (const lang of LANGUAGES) {
  test(`card fields format as they are typed, then pay (${lang})`, async ({ page }) => {
    await openPaymentView(page, lang);

    const number = page.getByLabel(t(lang, 'checkout.card.number'));
    const expiry = page.getByLabel(t(lang, 'checkout.card.expiry'));
    const cvv = page.getByLabel(t(lang, 'checkout.card.cvv'));
    await number.pressSequentially('378282246310005');
    await expect(number).toHaveValue('3782 822463 10005');
    await expect(page.getByText('AMEX', { exact: true })).toBeVisible();
    await cvv.pressSequentially('12345');
    await expect(cvv).toHaveValue('1234');

    await number.clear();
    await number.pressSequentially('4111111111111111');
    await expect(number).toHaveValue('4111 1111 1111 1111');
    await expect(page.getByText(t(lang, 'checkout.card.brand', { brand: 'Visa' }))).toBeVisible();
    await expiry.pressSequentially('1230');
    await expect(expiry).toHaveValue('12 / 30');
    await cvv.clear();
    await cvv.pressSequentially('123');
    await expectNoSeriousA11yViolations(page, `/payment card fields (${lang})`);

    await page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') }).click();
    await expect(
      page.getByText(t(lang, 'checkout.review.card', { brand: 'Visa', lastFour: '1111' })),
    ).toBeVisible();
  });
}
