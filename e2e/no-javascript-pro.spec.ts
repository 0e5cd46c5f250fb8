import { PROFESSIONAL_ROLE_LABELS, translateMessage } from '@coparent/domain';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The professional registration with a browser that runs no script: /pro written by the server,
// each step posted as a form, to the success page (docs/web.md, docs/professionals.md).

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const browserLocale = (lang: Language) => (lang === 'en' ? 'en-US' : lang);

const stepHeading = (page: Page, lang: Language, step: 1 | 2 | 3) =>
  page.getByRole('heading', { level: 2, name: t(lang, `pro.steps.names.${step}`) });
const field = (page: Page, lang: Language, key: string) =>
  page.getByLabel(t(lang, key), { exact: true });

/** axe is a script: it checks the page as the server answered it, in a browser without the app's. */
async function expectAccessibleWithoutScripts(
  browser: Browser,
  page: Page,
  lang: Language,
  label: string,
) {
  const html = await page.content();
  const context = await browser.newContext({ locale: browserLocale(lang) });
  await context.route('**/*.js', (route) => route.abort());
  await context.route(page.url(), (route) =>
    route.fulfill({ body: html.replace(/<\/?noscript>/g, ''), contentType: 'text/html' }),
  );
  const copy = await context.newPage();
  await copy.goto(page.url());
  await expectNoSeriousA11yViolations(copy, label);
  await context.close();
}

/** Presses a form's button and waits for the server's answer (its status). */
async function press(page: Page, name: string) {
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/app/join/pro'),
  );
  await page.getByRole('button', { name, exact: true }).click();
  const response = await answered;
  await page.waitForLoadState();
  return response.status();
}

for (const lang of LANGUAGES) {
  test(`registers a professional without JavaScript (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: browserLocale(lang),
    });
    const page = await context.newPage();
    const email = `nojs.pro.${unique()}@example.com`;
    const next = t(lang, 'common.continue');

    await page.goto('/app/join/pro');
    await expect(stepHeading(page, lang, 1)).toBeVisible();
    // Continue with nothing typed: the server's problems, in the summary and beside the fields.
    expect(await press(page, next)).toBe(422);
    await expect(page.getByRole('alert')).toContainText(
      translateMessage('signup_firstName_error', lang),
    );
    await expect(field(page, lang, 'pro.one.firstName')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleWithoutScripts(browser, page, lang, `/pro step 1 refused (${lang})`);

    await field(page, lang, 'pro.one.firstName').fill('Ana');
    await field(page, lang, 'pro.one.lastName').fill('García');
    await field(page, lang, 'pro.one.email').fill(email);
    await page.getByLabel(t(lang, 'phone.number'), { exact: true }).fill('5551234567');
    // "Other" has a follow-up: without a script, Update shows it, with what was typed kept.
    await field(page, lang, 'pro.one.hearAboutUs').selectOption('OTHER');
    await expect(field(page, lang, 'pro.one.other')).toHaveCount(0);
    expect(await press(page, t(lang, 'pro.one.updateFollowUps'))).toBe(200);
    await expect(field(page, lang, 'pro.one.other')).toBeVisible();
    await expect(field(page, lang, 'pro.one.email')).toHaveValue(email);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await field(page, lang, 'pro.one.hearAboutUs').selectOption('SEARCH_ENGINE');
    expect(await press(page, next)).toBe(200);
    await expect(stepHeading(page, lang, 2)).toBeVisible();

    // Another country's states or provinces come with Update; back to the United States.
    await field(page, lang, 'pro.two.country').selectOption('CA');
    expect(await press(page, t(lang, 'pro.two.updateLists'))).toBe(200);
    await expect(field(page, lang, 'pro.two.region').locator('option[value="ON"]')).toHaveCount(1);
    await field(page, lang, 'pro.two.country').selectOption('US');
    expect(await press(page, t(lang, 'pro.two.updateLists'))).toBe(200);

    await field(page, lang, 'pro.two.practiceName').fill(`No Script Law ${unique()}`);
    await field(page, lang, 'pro.two.addressLine1').fill('100 Main Street');
    await field(page, lang, 'pro.two.city').fill('San Francisco');
    await field(page, lang, 'pro.two.region').selectOption('CA');
    await field(page, lang, 'pro.two.postalCode').fill('94105');
    await field(page, lang, 'pro.two.timezone').selectOption('America/Los_Angeles');
    const roles = PROFESSIONAL_ROLE_LABELS;
    await page.getByRole('checkbox', { name: roles.FAMILY_LAW_ATTORNEY[lang] }).check();
    await page.getByRole('checkbox', { name: roles.MEDIATOR[lang] }).check();
    await expectAccessibleWithoutScripts(browser, page, lang, `/pro step 2 (${lang})`);

    // Back keeps both steps: step 1 shows its values, Continue brings step 2 back as it was.
    expect(await press(page, t(lang, 'common.back'))).toBe(200);
    await expect(stepHeading(page, lang, 1)).toBeVisible();
    await expect(field(page, lang, 'pro.one.email')).toHaveValue(email);
    expect(await press(page, next)).toBe(200);
    await expect(field(page, lang, 'pro.two.city')).toHaveValue('San Francisco');
    await expect(page.getByRole('checkbox', { name: roles.MEDIATOR[lang] })).toBeChecked();
    expect(await press(page, next)).toBe(200);
    await expect(stepHeading(page, lang, 3)).toBeVisible();

    await field(page, lang, 'pro.three.securityQuestion').fill('What was my first school?');
    await field(page, lang, 'pro.three.securityAnswer').fill('Lincoln Elementary');
    await field(page, lang, 'pro.three.securityCode').fill('1234');
    await field(page, lang, 'pro.three.securityCodeConfirm').fill('9999');
    expect(await press(page, t(lang, 'pro.three.complete'))).toBe(422);
    // The answer and the code are never written back into the page.
    await expect(field(page, lang, 'pro.three.securityAnswer')).toHaveValue('');
    await expect(field(page, lang, 'pro.three.securityCode')).toHaveValue('');
    await expectAccessibleWithoutScripts(browser, page, lang, `/pro step 3 refused (${lang})`);

    await field(page, lang, 'pro.three.securityAnswer').fill('Lincoln Elementary');
    await field(page, lang, 'pro.three.securityCode').fill('1234');
    await field(page, lang, 'pro.three.securityCodeConfirm').fill('1234');
    expect(await press(page, t(lang, 'pro.three.complete'))).toBe(200);
    await expect(
      page.getByRole('heading', {
        level: 2,
        name: t(lang, 'pro.success.title', { firstName: 'Ana' }),
      }),
    ).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.locator('body')).not.toContainText('Lincoln Elementary');
    await expectAccessibleWithoutScripts(browser, page, lang, `/pro success (${lang})`);
    await context.close();
  });
}
