import { translateMessage } from '@coparent/domain';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { choosePackage, fillReferral, fillTexasAddress } from './support/checkout';
import { completeStepsOneAndTwo, openJoin } from './support/funnel';
import { t } from './support/i18n';
import { expect, test } from './support/test';

// The brand-refresh look (flag `brand-refresh`, forced with `?flags=`): one attribute on <html>
// swaps the token set on every screen, the header logo changes, and both screens pass axe.

/** The brand-refresh primary colour (styles/tokens.css) as the browser computes it. */
const REFRESH_PRIMARY = 'rgb(91, 42, 134)';

/** The root attribute, one token as a screen draws it (`property` of `drawn`), and the new logo. */
async function expectBrandRefresh(page: Page, drawn: Locator, property: string) {
  await expect(page.locator('html')).toHaveAttribute('data-look', 'brand-refresh');
  await expect(drawn).toHaveCSS(property, REFRESH_PRIMARY);
  const home = page.getByRole('banner').getByRole('link', { name: t('en', 'app.homeLink') });
  await expect(home.getByRole('img', { name: t('en', 'brand.logoAlt') })).toBeVisible();
}

test('the brand-refresh look on /signup and /payment, with the billing time zone required', async ({
  page,
}) => {
  await openJoin(page, 'en', '/signup?flags=brand-refresh:true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'landing.heading'));
  await expectBrandRefresh(
    page,
    page.getByRole('link', { name: t('en', 'landing.parentsTitle') }),
    'color',
  );
  await expectNoSeriousA11yViolations(page, '/signup in the brand-refresh look');

  // The override is remembered for the tab: the funnel keeps the look up to /payment.
  await completeStepsOneAndTwo(page, 'en');
  await choosePackage(page, 'en');
  await expectBrandRefresh(
    page,
    page.getByRole('button', { name: t('en', 'checkout.billing.submit') }),
    'background-color',
  );
  await expectNoSeriousA11yViolations(page, '/payment Billing in the brand-refresh look');

  // Everything but the time zone (Texas has two): the summary and the field say what is missing.
  await fillTexasAddress(page, 'en', { timeZone: false });
  await fillReferral(page, 'en');
  await page.getByRole('button', { name: t('en', 'checkout.billing.submit') }).click();
  const message = translateMessage('signup_timezone_error', 'en');
  const errorSummary = page.getByRole('alert').filter({ hasText: t('en', 'errorSummary.title') });
  await expect(errorSummary.getByRole('link', { name: message })).toBeVisible();
  await expect(page.getByLabel(t('en', 'checkout.billing.timezone'))).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoSeriousA11yViolations(page, '/payment Billing errors in the brand-refresh look');
});
