import type { Page, Response } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName } from './support/catalog';
import { choosePackage, fillReferral, fillTexasAddress, PREMIUM_1_YEAR } from './support/checkout';
import { completeStepsOneAndTwo, fillStepOne, fillStepTwo, openJoin } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// A browser WITH JavaScript that reloads a later step of the funnel gets the page written by the
// server with its saved answers (decision 049), and the app takes it over: the edits, the package
// and the payment go on as without the reload.

/** What the server answered the reload with, read as a document (no script run on it). */
type Written = { serverRendered: boolean; heading: string; values: Record<string, string> };

/** Reloads the page, and reads the HTML of the navigation's own response. */
async function reloadAndRead(page: Page): Promise<Written> {
  const response = (await page.reload()) as Response;
  expect(response.status()).toBe(200);
  const html = await response.text();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'text/html');
    const values: Record<string, string> = {};
    for (const input of doc.querySelectorAll<HTMLInputElement>('input[name]')) {
      values[input.name] = input.getAttribute('value') ?? '';
    }
    return {
      serverRendered: doc.querySelector('#root[data-server-rendered]') !== null,
      heading: doc.querySelector('h1')?.textContent ?? '',
      values,
    };
  }, html);
}

/** The build-your-own package: choosing it on /step3 opens /alacarte. */
const BUILD_YOUR_OWN_1_YEAR = 3005;

const continueButton = (page: Page, lang: Language) =>
  page.getByRole('button', { name: t(lang, 'common.continue') });

/** Billing, the sandbox card, Review and Pay: on to /credentials. */
async function payByCard(page: Page, lang: Language) {
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'checkout.billing.heading') }),
  ).toBeVisible();
  await fillTexasAddress(page, lang);
  await fillReferral(page, lang);
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  await page.getByLabel(t(lang, 'checkout.card.number')).fill('4111 1111 1111 1111');
  await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
  await page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'checkout.review.heading') }),
  ).toBeVisible();
  await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();
  await expect(page).toHaveURL(/\/credentials$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'credentials.title'));
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test(`a browser with scripts reloads steps 2, 3 and /payment, written by the server, and pays (${lang})`, async ({
    page,
  }) => {
    await openJoin(page, lang, '/step1');
    await fillStepOne(page, lang);
    await continueButton(page, lang).click();
    await expect(page).toHaveURL(/\/step2$/);

    // Step 2 reloaded right after step 1: the server writes it (the app saved step 1).
    const fresh = await reloadAndRead(page);
    expect(fresh.serverRendered).toBe(true);
    expect(fresh.heading).toBe(t(lang, 'stepTwo.title'));

    const coParentEmail = await fillStepTwo(page, lang);
    await continueButton(page, lang).click();
    await expect(page).toHaveURL(/\/step3$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/step2$/);

    // The saved family is in the HTML the server answered the reload with.
    const family = await reloadAndRead(page);
    expect(family.serverRendered).toBe(true);
    expect(family.values).toMatchObject({
      'coParent.firstName': 'Luis',
      'coParent.email': coParentEmail,
      'children.0.firstName': 'Sofía',
    });
    await expectNoSeriousA11yViolations(page, '/step2 reloaded');

    // The app has the page: an edit is saved with Continue.
    const child = page.getByRole('group', {
      name: t(lang, 'stepTwo.childLegend', { number: '1' }),
    });
    await child.getByLabel(t(lang, 'stepTwo.firstName')).fill('Sofía María');
    await continueButton(page, lang).click();
    await expect(page).toHaveURL(/\/step3$/);
    const saved = await page.request.get('/v2/signups/current');
    expect(await saved.json()).toMatchObject({ children: [{ firstName: 'Sofía María' }] });

    const packages = await reloadAndRead(page);
    expect(packages.serverRendered).toBe(true);
    expect(packages.heading).toBe(t(lang, 'stepThree.title'));
    await expectNoSeriousA11yViolations(page, '/step3 reloaded');
    await choosePackage(page, lang);

    const payment = await reloadAndRead(page);
    expect(payment.serverRendered).toBe(true);
    expect(payment.heading).toBe(t(lang, 'paymentStep.title'));
    const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
    await expect(
      summary.getByText(packageName(PREMIUM_1_YEAR, lang), { exact: true }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/payment reloaded');
    await payByCard(page, lang);
  });
}

for (const lang of LANGUAGES) {
  test(`a browser with scripts reloads /alacarte, written by the server with its package (${lang})`, async ({
    page,
  }) => {
    await openJoin(page, lang);
    await completeStepsOneAndTwo(page, lang);
    const buildYourOwn = packageName(BUILD_YOUR_OWN_1_YEAR, lang);
    await page
      .getByRole('button', { name: t(lang, 'packages.choose', { name: buildYourOwn }) })
      .click();
    await expect(page).toHaveURL(/\/alacarte$/);

    const written = await reloadAndRead(page);
    expect(written.serverRendered).toBe(true);
    expect(written.heading).toBe(t(lang, 'alacarte.title'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'alacarte.title'));
    await expectNoSeriousA11yViolations(page, '/alacarte reloaded');
  });
}
