import { translateMessage } from '@coparent/domain';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName } from './support/catalog';
import { PREMIUM_1_YEAR } from './support/checkout';
import { unique } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// Parent A's funnel with a browser that runs no script, from step 1 to the payment and on: every
// page is written by the server and every form posted to it (docs/web.md).

const GOOD_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 1111 1111 1115';

const v = (key: string, lang: Language) => translateMessage(key, lang);
const browserLocale = (lang: Language) => (lang === 'en' ? 'en-US' : lang);

async function browserWithoutScripts(browser: Browser, lang: Language) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: browserLocale(lang),
  });
  return { context, page: await context.newPage() };
}

/**
 * axe is a script: it checks the same page (its HTML as the server answered it, the cookies, the
 * language) in a browser whose app scripts never arrive.
 */
async function expectAccessibleWithoutScripts(
  browser: Browser,
  page: Page,
  lang: Language,
  label: string,
  html: string,
) {
  const context = await browser.newContext({ locale: browserLocale(lang) });
  await context.addCookies(await page.context().cookies());
  await context.route('**/*.js', (route) => route.abort());
  await context.route(page.url(), (route) =>
    route.fulfill({ body: html.replace(/<\/?noscript>/g, ''), contentType: 'text/html' }),
  );
  const copy = await context.newPage();
  await copy.goto(page.url());
  await expectNoSeriousA11yViolations(copy, label);
  await context.close();
}

/** Posts the page's form by its button and answers the response (its status and HTML). */
async function submit(page: Page, button: string) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/app/join/'),
  );
  await page.getByRole('button', { name: button, exact: true }).click();
  const response = await answered;
  await page.waitForLoadState();
  return response;
}

/** Steps 1 to 3 by form posts: a US parent, a co-parent by email, one child, Premium 1 year. */
async function postStepsToPayment(page: Page, lang: Language) {
  const parentEmail = `nojs.pay.${unique()}@example.com`;
  await page.goto('/app/join/step1');
  await page.getByLabel(t(lang, 'stepOne.firstName')).fill('Ana');
  await page.getByLabel(t(lang, 'stepOne.lastName')).fill('García');
  await page.getByLabel(t(lang, 'stepOne.email')).fill(parentEmail);
  await page.getByLabel(t(lang, 'phone.countryCode')).selectOption('US_CANADA');
  await page.getByLabel(t(lang, 'phone.number')).fill('5551234567');
  await page
    .getByRole('group', { name: t(lang, 'stepOne.knowsCoParentEmail') })
    .getByLabel(t(lang, 'common.yes'))
    .check();
  await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
  await expect(page).toHaveURL(/\/app\/join\/step2$/);

  const coParent = page.getByRole('group', { name: t(lang, 'stepTwo.coParentLegend') });
  await coParent.getByLabel(t(lang, 'stepTwo.firstName')).fill('Luis');
  await coParent.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
  await coParent
    .getByLabel(t(lang, 'stepTwo.email'), { exact: false })
    .fill(`nojs.coparent.${unique()}@example.com`);
  const child = page.getByRole('group', { name: t(lang, 'stepTwo.childLegend', { number: '1' }) });
  await child.getByLabel(t(lang, 'stepTwo.firstName')).fill('Sofía');
  await child.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
  await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
  await expect(page).toHaveURL(/\/app\/join\/step3$/);

  const name = packageName(PREMIUM_1_YEAR, lang);
  await page
    .getByRole('button', { name: t(lang, 'packages.choose', { name }), exact: true })
    .click();
  await expect(page).toHaveURL(/\/app\/join\/payment$/);
  return parentEmail;
}

const heading2 = (page: Page, lang: Language, key: string) =>
  page.getByRole('heading', { level: 2, name: t(lang, key) });

async function fillCard(page: Page, lang: Language, number: string) {
  await page.getByLabel(t(lang, 'checkout.card.number')).fill(number);
  await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
}

for (const lang of LANGUAGES) {
  test(`without JavaScript (${lang}): Parent A pays by card on the pages the server writes, then sets the credentials and sees the receipt`, async ({
    browser,
  }) => {
    const { context, page } = await browserWithoutScripts(browser, lang);
    const parentEmail = await postStepsToPayment(page, lang);

    // Billing: written with the order's summary, the +1 phone's country chosen.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'paymentStep.title'));
    await expect(heading2(page, lang, 'checkout.billing.heading')).toBeVisible();
    await expect(page.getByLabel(t(lang, 'checkout.billing.country'))).toHaveValue('US');
    const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
    await expect(
      summary.getByText(packageName(PREMIUM_1_YEAR, lang), { exact: true }),
    ).toBeVisible();

    // Sent with the address half done: the page again, its problems listed, what was typed kept.
    await page
      .getByLabel(t(lang, 'checkout.billing.address'), { exact: true })
      .fill('100 Congress Ave');
    const refused = await submit(page, t(lang, 'checkout.billing.submit'));
    expect(refused.status()).toBe(422);
    const problems = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
    await expect(problems.getByRole('link').first()).toBeVisible();
    await expect(problems.getByText(v('signup_city_error', lang))).toBeVisible();
    await expect(page.getByLabel(t(lang, 'checkout.billing.address'), { exact: true })).toHaveValue(
      '100 Congress Ave',
    );
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/payment Billing with problems without JavaScript (${lang})`,
      await refused.text(),
    );

    await page.getByLabel(t(lang, 'checkout.billing.city')).fill('Austin');
    await page.getByLabel(t(lang, 'checkout.billing.region'), { exact: true }).selectOption('TX');
    await page.getByLabel(t(lang, 'checkout.billing.postalCode')).fill('78701');
    await page.getByLabel(t(lang, 'checkout.billing.timezone')).selectOption('America/Chicago');
    await page.getByLabel(t(lang, 'checkout.billing.referral')).selectOption('SEARCH_ENGINE');
    await submit(page, t(lang, 'checkout.billing.submit'));
    await expect(page).toHaveURL(/\/app\/join\/payment\?view=PAYMENT$/);
    await expect(heading2(page, lang, 'checkout.payment.heading')).toBeVisible();

    // A card the bank declines: the Payment view again, saying so; the card is asked again.
    await fillCard(page, lang, DECLINED_CARD);
    const toReview = await submit(page, t(lang, 'checkout.payment.reviewOrder'));
    expect(toReview.status()).toBe(200);
    await expect(heading2(page, lang, 'checkout.review.heading')).toBeVisible();
    await expect(page.getByText(parentEmail, { exact: true })).toBeVisible();
    await expect(page.getByText('100 Congress Ave')).toBeVisible();
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/payment Review without JavaScript (${lang})`,
      await toReview.text(),
    );
    const declined = await submit(page, t(lang, 'checkout.review.pay'));
    expect(declined.status()).toBe(402);
    await expect(heading2(page, lang, 'checkout.payment.heading')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(v('payment_declined_error', lang));
    await expect(page.getByLabel(t(lang, 'checkout.card.number'))).toHaveValue('');

    // Another card pays: on to the username and password, the credentials token in a cookie only.
    await fillCard(page, lang, GOOD_CARD);
    await submit(page, t(lang, 'checkout.payment.reviewOrder'));
    await expect(
      page.getByText(t(lang, 'checkout.review.card', { brand: 'Visa', lastFour: '1111' })),
    ).toBeVisible();
    await submit(page, t(lang, 'checkout.review.pay'));
    await expect(page).toHaveURL(/\/app\/join\/credentials$/);
    const cookies = await context.cookies();
    const token = cookies.find((cookie) => cookie.name === 'coparent_credentials');
    expect(token?.httpOnly).toBe(true);
    expect(await page.content()).not.toContain(token?.value ?? '-');

    // The username and password: a weak password comes back refused, the password never written.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'credentials.title'));
    await expect(
      page.getByText(t(lang, 'credentials.orderConfirmed', { email: parentEmail })),
    ).toBeVisible();
    const username = `ana_${unique()}`.slice(0, 30);
    await page.getByLabel(t(lang, 'credentials.username')).fill(username);
    const password = page.getByLabel(t(lang, 'credentials.password'), { exact: true });
    await password.fill('short1!');
    const weak = await submit(page, t(lang, 'credentials.submit'));
    expect(weak.status()).toBe(422);
    await expect(page.getByLabel(t(lang, 'credentials.username'))).toHaveValue(username);
    await expect(password).toHaveValue('');
    expect(await weak.text()).not.toContain('short1!');
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/credentials with problems without JavaScript (${lang})`,
      await weak.text(),
    );
    await password.fill('Quiet-Harbor-7421!');
    await submit(page, t(lang, 'credentials.submit'));

    // The receipt, written by the server from the paid signup.
    await expect(page).toHaveURL(/\/app\/join\/receipt$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'receipt.title'));
    await expect(page.getByRole('main')).toContainText(packageName(PREMIUM_1_YEAR, lang));
    expect((await context.cookies()).some((c) => c.name === 'coparent_credentials')).toBe(false);
    // Its PDF is a plain link, authorised by the signup's cookie.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: t(lang, 'receipt.downloadPdf') }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^receipt-[0-9a-f-]{36}\.pdf$/);
    const receipt = await page.request.get(page.url());
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/receipt without JavaScript (${lang})`,
      await receipt.text(),
    );
    await context.close();
  });
}
