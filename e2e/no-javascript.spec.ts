import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { LANGUAGES, type Language, t } from './support/i18n';
import { invitationViaApi, newestInviteLink } from './support/invite';
import { expect, test } from './support/test';

// A phone whose browser runs no script (turned off, blocked, or the script still on its way):
// the pages the server writes with their screen work as they are, in the visitor's language.

/** The browser's own language setting (what it sends as Accept-Language). */
const browserLocale = (lang: Language) => (lang === 'en' ? 'en-US' : lang);

async function browserWithoutScripts(browser: Browser, lang: Language) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    locale: browserLocale(lang),
  });
  return { context, page: await context.newPage() };
}

/**
 * axe is a script, and a page without scripts cannot run it: it checks the same page (URL, cookies,
 * language) in a browser whose app scripts never arrive and whose `<noscript>` parts are shown,
 * which is what the browser without scripts built.
 */
async function expectAccessibleWithoutScripts(
  browser: Browser,
  page: Page,
  lang: Language,
  label: string,
  /** The page's HTML when the page answered a post (a GET of its URL would be another page). */
  answeredHtml?: string,
) {
  const context = await browser.newContext({ locale: browserLocale(lang) });
  await context.addCookies(await page.context().cookies());
  await context.route('**/*.js', (route) => route.abort());
  await context.route(page.url(), async (route) => {
    const response = await route.fetch();
    const body = (answeredHtml ?? (await response.text())).replace(/<\/?noscript>/g, '');
    await route.fulfill({ response, body });
  });
  const copy = await context.newPage();
  await copy.goto(page.url());
  await expect(copy.getByRole('heading', { level: 1 })).toHaveText(
    (await page.getByRole('heading', { level: 1 }).textContent()) ?? '',
  );
  await expectNoSeriousA11yViolations(copy, label);
  await context.close();
}

for (const lang of LANGUAGES) {
  const other: Language = lang === 'en' ? 'es-MX' : 'en';

  test(`without JavaScript (${lang}): the landing and the co-parent question work in the browser's language`, async ({
    browser,
  }) => {
    const { context, page } = await browserWithoutScripts(browser, lang);
    const heading = page.getByRole('heading', { level: 1 });

    await page.goto('/app/join/');
    await expect(page).toHaveURL(/\/app\/join\/signup$/);
    await expect(heading).toHaveText(t(lang, 'landing.heading'));
    await expect(page).toHaveTitle(`${t(lang, 'landing.title')} – ${t(lang, 'app.productName')}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/signup without JavaScript (${lang})`,
    );

    // The language menu is a form: the choice is kept and the page comes back in it.
    await page.getByLabel(t(lang, 'header.language')).selectOption(other);
    await page.getByRole('button', { name: t(lang, 'header.changeLanguage') }).click();
    await expect(heading).toHaveText(t(other, 'landing.heading'));
    await expect(page).toHaveURL(/\/app\/join\/signup$/);
    await page.getByLabel(t(other, 'header.language')).selectOption(lang);
    await page.getByRole('button', { name: t(other, 'header.changeLanguage') }).click();
    await expect(heading).toHaveText(t(lang, 'landing.heading'));

    await page.getByRole('link', { name: t(lang, 'landing.parentsTitle') }).click();
    await expect(page).toHaveURL(/\/coparentstatus$/);
    await expect(heading).toHaveText(t(lang, 'coParentStatus.title'));
    const yes = page.getByRole('button', { name: t(lang, 'coParentStatus.yes') });
    await expect(yes).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText(t(lang, 'coParentStatus.spamHint'))).toBeHidden();

    await yes.click();
    await expect(page.getByText(t(lang, 'coParentStatus.spamHint'))).toBeVisible();
    await expect(yes).toHaveAttribute('aria-expanded', 'true');
    await expect(heading).toHaveText(t(lang, 'coParentStatus.title'));
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/coparentstatus (yes) without JavaScript (${lang})`,
    );

    await page.getByRole('button', { name: t(lang, 'coParentStatus.no') }).click();
    await expect(page).toHaveURL(/\/app\/join\/step1\??$/);
    await context.close();
  });

  test(`without JavaScript (${lang}): the invitation's link opens its welcome, with the family`, async ({
    browser,
    request,
  }) => {
    const { coParentEmail } = await invitationViaApi(request, { payForCoparent: false });
    const link = await newestInviteLink(request, coParentEmail);
    const { context, page } = await browserWithoutScripts(browser, lang);

    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t(lang, 'invite.welcome.title'),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('main')).toContainText('Ana');
    await expect(
      page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }),
    ).toHaveAttribute('href', '/app/join/invite/step1');
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/invite without JavaScript (${lang})`,
    );
    await context.close();
  });

  test(`without JavaScript (${lang}): the duplicate account screen is written in the browser's language`, async ({
    browser,
  }) => {
    const { context, page } = await browserWithoutScripts(browser, lang);

    await page.goto('/app/join/duplicate');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'duplicate.title'));
    await expect(page).toHaveTitle(`${t(lang, 'duplicate.title')} – ${t(lang, 'app.productName')}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByText(t(lang, 'duplicate.text'))).toBeVisible();
    const main = page.getByRole('main');
    await expect(
      main.getByRole('link', { name: t(lang, 'duplicate.recoverLink') }),
    ).toHaveAttribute('href', '/app/account/recover');
    await expect(main.getByRole('link', { name: t(lang, 'common.login') })).toHaveAttribute(
      'href',
      '/app/account/login',
    );
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/duplicate without JavaScript (${lang})`,
    );
    await context.close();
  });

  test(`without JavaScript (${lang}): step 1 is checked by the server and saved, then step 2 follows`, async ({
    browser,
  }) => {
    const { context, page } = await browserWithoutScripts(browser, lang);
    const heading = page.getByRole('heading', { level: 1 });
    const title = `${t(lang, 'stepOne.title')} – ${t(lang, 'app.productName')}`;

    await page.goto('/app/join/step1');
    await expect(heading).toHaveText(t(lang, 'stepOne.title'));
    await expect(page).toHaveTitle(title);
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/step1 without JavaScript (${lang})`,
    );

    // Sent half filled in: the same page comes back with its problems and what was typed.
    await page.getByLabel(t(lang, 'stepOne.firstName')).fill('Ana');
    await page.getByLabel(t(lang, 'stepOne.email')).fill('ana@example');
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/step1'),
    );
    await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
    const answer = await answered;
    expect(answer.status()).toBe(422);
    await expect(page).toHaveTitle(`${t(lang, 'common.errorTitlePrefix')}${title}`);
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('heading')).toHaveText(t(lang, 'errorSummary.title'));
    // Last name, email, phone number and the co-parent question, each a link to its field.
    await expect(summary.getByRole('link')).toHaveCount(4);
    await expect(page.getByLabel(t(lang, 'stepOne.firstName'))).toHaveValue('Ana');
    await expect(page.getByLabel(t(lang, 'stepOne.email'))).toHaveValue('ana@example');
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/step1 with problems without JavaScript (${lang})`,
      await answer.text(),
    );
    await summary.getByRole('link').first().click();
    await expect(page.getByLabel(t(lang, 'stepOne.lastName'))).toBeFocused();

    // Put right: the signup is saved and its key kept where no script can read it.
    const email = `nojs.${Date.now()}@example.com`;
    await page.getByLabel(t(lang, 'stepOne.lastName')).fill('García');
    await page.getByLabel(t(lang, 'stepOne.email')).fill(email);
    await page.getByLabel(t(lang, 'phone.countryCode')).selectOption('MEXICO');
    await page.getByLabel(t(lang, 'phone.number')).fill('5512345678');
    await page
      .getByRole('group', { name: t(lang, 'stepOne.knowsCoParentEmail') })
      .getByLabel(t(lang, 'common.no'))
      .check();
    await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
    await expect(page).toHaveURL(/\/app\/join\/step2$/);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'coparent_signup')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });

    // Step 1 again: the server writes it with what was saved.
    await page.goto('/app/join/step1');
    await expect(page.getByLabel(t(lang, 'stepOne.lastName'))).toHaveValue('García');
    await expect(page.getByLabel(t(lang, 'stepOne.email'))).toHaveValue(email);
    await expect(page.getByLabel(t(lang, 'phone.countryCode'))).toHaveValue('MEXICO');
    await context.close();
  });

  test(`a script that comes late (${lang}): step 1 sent before the app ran goes on in the app at step 2`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: browserLocale(lang) });
    const page = await context.newPage();
    // The page is on screen, its script still on its way (a slow phone's connection).
    await context.route('**/*.js', (route) => route.abort());
    await page.goto('/app/join/step1');
    await page.getByLabel(t(lang, 'stepOne.firstName')).fill('Ana');
    await page.getByLabel(t(lang, 'stepOne.lastName')).fill('García');
    await page.getByLabel(t(lang, 'stepOne.email')).fill(`late.${Date.now()}@example.com`);
    await page.getByLabel(t(lang, 'phone.number')).fill('5551234567');
    await page
      .getByRole('group', { name: t(lang, 'stepOne.knowsCoParentEmail') })
      .getByLabel(t(lang, 'common.yes'))
      .check();
    await context.unroute('**/*.js');
    await page.getByRole('button', { name: t(lang, 'common.continue') }).click();

    // The next page's script runs: the app finds the signup the form saved and opens step 2.
    await expect(page).toHaveURL(/\/app\/join\/step2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'stepTwo.title'));
    await page.getByRole('button', { name: t(lang, 'common.back') }).click();
    await expect(page).toHaveURL(/\/app\/join\/step1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'stepOne.title'));
    await expect(page.getByLabel(t(lang, 'stepOne.firstName'))).toHaveValue('Ana');
    await context.close();
  });

  test(`without JavaScript (${lang}): step 2's children are added and removed, the family saved, a package built`, async ({
    browser,
  }) => {
    const { context, page } = await browserWithoutScripts(browser, lang);
    const heading = page.getByRole('heading', { level: 1 });
    await page.goto('/app/join/step1');
    await page.getByLabel(t(lang, 'stepOne.firstName')).fill('Ana');
    await page.getByLabel(t(lang, 'stepOne.lastName')).fill('García');
    await page.getByLabel(t(lang, 'stepOne.email')).fill(`nojs.family.${Date.now()}@example.com`);
    await page.getByLabel(t(lang, 'phone.countryCode')).selectOption('MEXICO');
    await page.getByLabel(t(lang, 'phone.number')).fill('5512345678');
    await page
      .getByRole('group', { name: t(lang, 'stepOne.knowsCoParentEmail') })
      .getByLabel(t(lang, 'common.no'))
      .check();
    await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
    await expect(page).toHaveURL(/\/app\/join\/step2$/);
    await expect(heading).toHaveText(t(lang, 'stepTwo.title'));
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/step2 without JavaScript (${lang})`,
    );

    const coParent = page.getByRole('group', { name: t(lang, 'stepTwo.coParentLegend') });
    const child = (number: number) =>
      page.getByRole('group', { name: t(lang, 'stepTwo.childLegend', { number: String(number) }) });
    await coParent.getByLabel(t(lang, 'stepTwo.firstName')).fill('Luis');
    await coParent.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
    await child(1).getByLabel(t(lang, 'stepTwo.firstName')).fill('Mateo');
    await child(1).getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');

    // Add child: the server answers the page with a second child, what was typed kept.
    await page.getByRole('button', { name: t(lang, 'stepTwo.addChild') }).click();
    await expect(child(2)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(child(1).getByLabel(t(lang, 'stepTwo.firstName'))).toHaveValue('Mateo');
    await expect(coParent.getByLabel(t(lang, 'stepTwo.firstName'))).toHaveValue('Luis');
    await child(2).getByRole('button').click();
    await expect(child(2)).toHaveCount(0);

    // Step 1 said the co-parent's email is unknown: their phone is needed.
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith('/step2'),
    );
    await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
    const answer = await answered;
    expect(answer.status()).toBe(422);
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('link')).toHaveCount(1);
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/step2 with problems without JavaScript (${lang})`,
      await answer.text(),
    );
    await summary.getByRole('link').click();
    const phone = coParent.getByLabel(t(lang, 'phone.number'));
    await expect(phone).toBeFocused();

    // Enter in a field sends the form (Continue, not Add child).
    await phone.fill('5587654321');
    await phone.press('Enter');
    await expect(page).toHaveURL(/\/app\/join\/step3$/);

    // Step 3 is written with the packages offered to the step-1 phone.
    await expect(heading).toHaveText(t(lang, 'stepThree.title'));
    const cards = page.getByRole('list', { name: t(lang, 'packages.listLabel') });
    await expect(cards.getByRole('article').first()).toBeVisible();
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/step3 without JavaScript (${lang})`,
    );

    // Step 2 again: the server writes it with the saved family.
    await page.goto('/app/join/step2');
    await expect(coParent.getByLabel(t(lang, 'phone.number'))).toHaveValue('5587654321');
    await expect(child(1).getByLabel(t(lang, 'stepTwo.lastName'))).toHaveValue('Pérez');
    await expect(child(2)).toHaveCount(0);
    await page.getByRole('button', { name: t(lang, 'common.back') }).click();
    await expect(page).toHaveURL(/\/app\/join\/step1$/);
    await expect(page.getByLabel(t(lang, 'stepOne.firstName'))).toHaveValue('Ana');

    // A card's Choose saves the package: build your own asks for its options, then the payment.
    await page.goto('/app/join/step3');
    const own = cards
      .getByRole('article')
      .filter({ hasText: t(lang, 'packages.buildYourOwnText') })
      .first();
    const name = (await own.getByRole('heading').first().textContent()) ?? '';
    await own.getByRole('button', { name: t(lang, 'packages.choose', { name }) }).click();
    await expect(page).toHaveURL(/\/app\/join\/alacarte$/);
    await expect(heading).toHaveText(t(lang, 'alacarte.title'));
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/alacarte without JavaScript (${lang})`,
    );
    await page.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
    await expect(page).toHaveURL(/\/app\/join\/payment$/);
    await context.close();
  });
}
