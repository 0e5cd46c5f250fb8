import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { choosePackage, fillReferral } from './support/checkout';
import { completeStepsOneAndTwo, openJoin, UK_PHONE } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The pages behind the footer's links and the payment consent box's, in each language, reached as
// a person reaches them: from the signup's footer, then from page to page, and from the consent
// box in a new tab. Then a page that does not exist: the app's "page not found", status 404, with
// a way home.

/** Each legal text says it is a sample until counsel's version replaces its content file. */
const SAMPLE_MARK: Record<Language, string> = { en: 'Sample text:', 'es-MX': 'Texto de ejemplo:' };

/** Premium, one year, in the United Kingdom: outside the US the payment asks for consent. */
const UK_PREMIUM_1_YEAR = 2061;

const PAGES = [
  { key: 'footer.terms', path: '/legal/terms', isSample: true },
  { key: 'footer.privacy', path: '/legal/privacy', isSample: true },
  { key: 'footer.help', path: '/help', isSample: false },
  { key: 'footer.contact', path: '/contact', isSample: false },
] as const;

function pageHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test(`terms, privacy, help and contact from the footer (${lang})`, async ({ page }) => {
    await openJoin(page, lang);
    for (const { key, path, isSample } of PAGES) {
      const link = page.getByRole('contentinfo').getByRole('link', { name: t(lang, key) });
      await expect(link).toHaveAttribute('href', path);
      await link.click();
      await expect(page).toHaveURL(path);
      await expect(pageHeading(page, t(lang, key))).toBeVisible();
      await expect(page).toHaveTitle(`${t(lang, key)} – ${t(lang, 'app.productName')}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const main = page.getByRole('main');
      if (isSample) {
        await expect(main.getByText(SAMPLE_MARK[lang])).toBeVisible();
        await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
      }
      if (path === '/help') {
        await expect(main.getByRole('heading', { level: 3 }).first()).toBeVisible();
      }
      if (path === '/contact') {
        await expect(main.getByRole('link', { name: '(866) 755-9991' }).first()).toHaveAttribute(
          'href',
          'tel:+18667559991',
        );
        await expect(main.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
      }
      await expectNoSeriousA11yViolations(page, `${path} (${lang})`);
    }
  });

  test.describe(() => {
    // The browser logs the page's own 404, which this test asks for and checks.
    test.use({ expectedConsoleMessages: [/status of 404 \(Not Found\)/] });
    test(`an unknown page is the app's "page not found" with a link home (${lang})`, async ({
      page,
    }) => {
      await openJoin(page, lang);
      const answer = await page.goto('/no/such/page');
      expect(answer?.status()).toBe(404);
      await expect(pageHeading(page, t(lang, 'sitePages.notFound.title'))).toBeVisible();
      await expect(page).toHaveTitle(
        `${t(lang, 'sitePages.notFound.title')} – ${t(lang, 'app.productName')}`,
      );
      await expectNoSeriousA11yViolations(page, `page not found (${lang})`);

      await page.getByRole('link', { name: t(lang, 'sitePages.notFound.home') }).click();
      await expect(page).toHaveURL(/\/app\/join\/signup$/);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

      // An API client asking for the same page still reads problem+json.
      const api = await page.request.get('/no/such/page', {
        headers: { accept: 'application/json' },
      });
      expect(api.status()).toBe(404);
      expect(api.headers()['content-type']).toMatch(/^application\/problem\+json/);
    });
  });
}

test('the payment consent box opens the terms and the privacy policy in a new tab (es-MX)', async ({
  page,
  context,
}) => {
  test.slow();
  const lang = 'es-MX';
  await openJoin(page, lang);
  await completeStepsOneAndTwo(page, lang, UK_PHONE);
  await choosePackage(page, lang, UK_PREMIUM_1_YEAR);
  await expect(page.getByLabel(t(lang, 'checkout.billing.country'))).toHaveValue('GB');
  await page
    .getByLabel(t(lang, 'checkout.billing.address'), { exact: true })
    .fill('10 Downing Street');
  await page.getByLabel(t(lang, 'checkout.billing.city')).fill('London');
  await page.getByLabel(t(lang, 'checkout.billing.region'), { exact: true }).selectOption('ENG');
  await page.getByLabel(t(lang, 'checkout.billing.postalCode')).fill('SW1A 2AA');
  await fillReferral(page, lang);
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'checkout.payment.heading') }),
  ).toBeVisible();

  const consentLinks = page.locator('label[for="payment-consent-terms"]').getByRole('link');
  await expect(consentLinks).toHaveCount(2);
  for (const [index, key] of [
    [0, 'footer.terms'],
    [1, 'footer.privacy'],
  ] as const) {
    const opened = context.waitForEvent('page');
    await consentLinks.nth(index).click();
    const tab = await opened;
    await expect(pageHeading(tab, t(lang, key))).toBeVisible();
    await expect(tab.getByRole('main').getByText(SAMPLE_MARK[lang])).toBeVisible();
    await tab.close();
  }
  // The payment page stayed where it was.
  await expect(page).toHaveURL(/\/app\/join\/payment$/);
  await expect(page.locator('#payment-consent-terms')).toBeVisible();
});
