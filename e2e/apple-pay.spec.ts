import type { Page } from '@playwright/test';
import { offerApplePay } from './support/apple-pay';
import { expectNoSeriousA11yViolations } from './support/axe';
import { choosePackage, fillReferral, fillTexasAddress } from './support/checkout';
import { completeStepsOneAndTwo } from './support/funnel';
import { t } from './support/i18n';
import { expect, test } from './support/test';

// Apple Pay is offered only where the browser supports it (ApplePaySession.canMakePayments()),
// with the local sandbox gateway as with Braintree. Chromium has no ApplePaySession.

async function paymentMethods(page: Page) {
  await completeStepsOneAndTwo(page, 'en');
  await choosePackage(page, 'en');
  await fillTexasAddress(page, 'en');
  await fillReferral(page, 'en');
  await page.getByRole('button', { name: t('en', 'checkout.billing.submit') }).click();
  const methods = page
    .getByRole('group', { name: t('en', 'checkout.payment.methodLegend') })
    .getByRole('radio');
  await expect(methods.first()).toBeVisible();
  return methods;
}

test('no Apple Pay in a browser without it; offered where ApplePaySession can pay', async ({
  page,
  browser,
}) => {
  const applePay = t('en', 'checkout.methods.APPLE_PAY');
  const without = await paymentMethods(page);
  await expect(without).toHaveCount(1);
  await expect(page.getByRole('radio', { name: applePay })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/payment without Apple Pay');

  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const safari = await context.newPage();
  await offerApplePay(safari);
  await paymentMethods(safari);
  await expect(safari.getByRole('radio', { name: applePay })).toBeVisible();
  await context.close();
});
