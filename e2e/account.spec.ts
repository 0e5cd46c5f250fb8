import { translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName } from './support/catalog';
import { choosePackage, fillReferral, fillTexasAddress, PREMIUM_1_YEAR } from './support/checkout';
import { completeStepsOneAndTwo, openJoin, unique } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The account area (issue [F7]): Parent A finishes the funnel in the browser, then logs out, logs
// in and opens the receipt; a reloaded /receipt leads through the login to the same receipt.
// Against the built server (docs/account.md).

const PASSWORD = 'Quiet-Harbor-7421!';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Parent A through the whole funnel in the browser, up to the receipt. Answers the username. */
async function finishFunnel(page: Page, lang: Language): Promise<{ username: string }> {
  await openJoin(page, lang, '/signup');
  await completeStepsOneAndTwo(page, lang);
  await choosePackage(page, lang);
  await fillTexasAddress(page, lang);
  await fillReferral(page, lang);
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();

  await page.getByLabel(t(lang, 'checkout.card.number')).fill('4111 1111 1111 1111');
  await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
  await page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') }).click();
  await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();

  await expect(page).toHaveURL(/\/credentials$/, { timeout: 20_000 });
  const username = `ana_${unique()}`.slice(0, 30);
  await page.getByLabel(t(lang, 'credentials.username')).fill(username);
  await page.getByLabel(t(lang, 'credentials.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
  await page.getByRole('link', { name: t(lang, 'credentials.success.goNow') }).click();
  await expect(page).toHaveURL(/\/app\/join\/receipt$/);
  await expect(h1(page)).toHaveText(t(lang, 'receipt.title'));
  return { username };
}

/** The account login form: the username and password, then Sign In. */
async function logIn(page: Page, lang: Language, username: string, password = PASSWORD) {
  await expect(h1(page)).toHaveText(t(lang, 'accountLogin.title'));
  await page.getByLabel(t(lang, 'accountLogin.username')).fill(username);
  await page.getByLabel(t(lang, 'accountLogin.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(lang, 'accountLogin.submit'), exact: true }).click();
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`account (${lang})`, () => {
    test('Parent A finishes the funnel, logs out, logs in and opens the receipt', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const { username } = await finishFunnel(page, lang);
      const transaction = await page
        .getByRole('region', { name: t(lang, 'receipt.payment.heading') })
        .locator('dd')
        .nth(1)
        .textContent();

      // The credentials step logged Parent A in: My Account opens at once.
      await page.getByRole('link', { name: t(lang, 'receipt.account') }).click();
      await expect(page).toHaveURL(/\/app\/account\/$/);
      await expect(h1(page)).toHaveText(t(lang, 'accountHome.greeting', { name: 'Ana' }));
      const family = page.getByRole('region', { name: t(lang, 'accountHome.family.heading') });
      await expect(family).toContainText(`Ana García ${t(lang, 'accountHome.family.you')}`);
      await expect(family).toContainText('Luis Pérez');
      await expect(family).toContainText('Sofía Pérez');
      const subscription = page.getByRole('region', {
        name: t(lang, 'accountHome.subscription.heading'),
      });
      await expect(subscription).toContainText(packageName(PREMIUM_1_YEAR, lang));
      await expect(subscription).toContainText(t(lang, 'accountHome.subscription.current'));
      await expect(subscription).toContainText(t(lang, 'accountHome.subscription.paidByYou'));
      await expectNoSeriousA11yViolations(page, 'account home');

      await page.getByRole('button', { name: t(lang, 'account.logout') }).click();
      await expect(page).toHaveURL(/\/app\/account\/login$/);
      await expect(page.getByText(t(lang, 'accountLogin.loggedOut'))).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'account login');
      // Logged out: the home asks to log in again.
      await page.goto('/app/account/');
      await expect(page).toHaveURL(/\/app\/account\/login$/);

      // A wrong password: login_error on the password field.
      await logIn(page, lang, username, 'Wrong-Harbor-0000!');
      const message = translateMessage('login_error', lang);
      await expect(page.getByRole('alert').getByRole('link', { name: message })).toBeVisible();
      await expect(
        page.getByLabel(t(lang, 'accountLogin.password'), { exact: true }),
      ).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousA11yViolations(page, 'account login with errors');

      await logIn(page, lang, username);
      await expect(page).toHaveURL(/\/app\/account\/?$/);
      await expect(page.getByText(t(lang, 'account.loggedInAs', { name: 'Ana' }))).toBeVisible();
      await page
        .getByRole('region', { name: t(lang, 'accountHome.receipts.heading') })
        .getByRole('link')
        .click();
      await expect(page).toHaveURL(/\/app\/account\/receipts\/[0-9a-f-]{36}$/);
      await expect(h1(page)).toHaveText(t(lang, 'accountHome.receipt.title'));
      await expect(
        page.getByRole('region', { name: t(lang, 'receipt.payment.heading') }),
      ).toContainText(transaction ?? 'missing');
      await expectNoSeriousA11yViolations(page, 'account receipt');
    });

    test('a reloaded /receipt leads through the login to the same receipt', async ({ page }) => {
      test.setTimeout(120_000);
      const { username } = await finishFunnel(page, lang);
      // As on another day: the session from the signup has ended.
      expect((await page.request.post('/v2/logout')).status()).toBe(204);

      await page.reload();
      await expect(page.getByText(t(lang, 'receipt.reload'))).toBeVisible();
      const login = page.getByRole('main').getByRole('link', { name: t(lang, 'common.login') });
      const href = (await login.getAttribute('href')) ?? '';
      const receiptId = /returnTo=%2Freceipts%2F([0-9a-f-]{36})$/.exec(href)?.[1];
      expect(receiptId, href).toBeTruthy();
      await login.click();
      await expect(page).toHaveURL(/\/app\/account\/login\?returnTo=/);
      await expect(page.getByText(t(lang, 'accountLogin.returnNotice'))).toBeVisible();
      await logIn(page, lang, username);
      await expect(page).toHaveURL(new RegExp(`/app/account/receipts/${receiptId}$`));
      await expect(h1(page)).toHaveText(t(lang, 'accountHome.receipt.title'));
      await expect(
        page.getByRole('region', { name: t(lang, 'receipt.payment.heading') }),
      ).toContainText('1111');
    });
  });
}
