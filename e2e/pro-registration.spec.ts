import { PROFESSIONAL_ROLE_LABELS, translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { chooseLanguage, waitForTheApp } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// Professional registration (/pro), in each language, against the built app: three steps each
// checked by the server, the success page, a refused email, and a failed create.

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const uniqueEmail = () => `pro.${unique()}@example.com`;

/** The server's test hooks (never in production): every create fails / only the first one. */
const FAIL_ON_CREATE = 'FAIL ON CREATE';
const FAIL_ONCE_ON_CREATE = 'FAIL ONCE ON CREATE';

const stepHeading = (page: Page, lang: Language, step: 1 | 2 | 3) =>
  page.getByRole('heading', { level: 2, name: t(lang, `pro.steps.names.${step}`) });

const continueButton = (page: Page, lang: Language) =>
  page.getByRole('button', { name: t(lang, 'common.continue'), exact: true });

async function openPro(page: Page, lang: Language) {
  await page.goto('/app/join/');
  await expect(page).toHaveURL(/\/app\/join\/signup$/);
  if (lang !== 'en') await chooseLanguage(page, lang);
  await page.getByRole('link', { name: t(lang, 'landing.prosTitle') }).click();
  await expect(page).toHaveURL(/\/app\/join\/pro$/);
  // A page load from the landing (no script there): the app takes /pro over.
  await waitForTheApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'pro.title'));
  await expect(stepHeading(page, lang, 1)).toBeVisible();
}

async function fillStepOne(page: Page, lang: Language, email: string) {
  await page.getByLabel(t(lang, 'pro.one.titleLabel')).selectOption('DOCTOR');
  await page.getByLabel(t(lang, 'pro.one.firstName'), { exact: true }).fill('Ana');
  await page.getByLabel(t(lang, 'pro.one.lastName'), { exact: true }).fill('García');
  await page.getByLabel(t(lang, 'pro.one.credentials')).fill('JD');
  await page.getByLabel(t(lang, 'pro.one.email'), { exact: true }).fill(email);
  const phone = page.getByLabel(t(lang, 'phone.number'), { exact: true });
  await phone.pressSequentially('(555) 123-4567');
  await expect(phone).toHaveValue('5551234567');
  await page.getByLabel(t(lang, 'pro.one.extension')).pressSequentially('x12');
  await expect(page.getByLabel(t(lang, 'pro.one.extension'))).toHaveValue('12');
  await page.getByLabel(t(lang, 'pro.one.hearAboutUs'), { exact: true }).selectOption('OTHER');
  await page
    .getByLabel(t(lang, 'pro.one.other'), { exact: true })
    .fill('A talk at the family-law conference');
}

async function fillStepTwo(page: Page, lang: Language, practiceName: string) {
  await page.getByLabel(t(lang, 'pro.two.practiceName'), { exact: true }).fill(practiceName);
  await page.getByLabel(t(lang, 'pro.two.addressLine1'), { exact: true }).fill('100 Main Street');
  await expect(page.getByLabel(t(lang, 'pro.two.country'), { exact: true })).toHaveValue('US');
  await page.getByLabel(t(lang, 'pro.two.city'), { exact: true }).fill('San Francisco');
  await page.getByLabel(t(lang, 'pro.two.region'), { exact: true }).selectOption('CA');
  await page.getByLabel(t(lang, 'pro.two.postalCode'), { exact: true }).fill('94105');
  const zone = page.getByLabel(t(lang, 'pro.two.timezone'), { exact: true });
  await expect(zone.locator('option[value="America/Los_Angeles"]')).toHaveCount(1);
  await zone.selectOption('America/Los_Angeles');
  await page
    .getByRole('checkbox', { name: PROFESSIONAL_ROLE_LABELS.FAMILY_LAW_ATTORNEY[lang] })
    .check();
  await page.getByRole('checkbox', { name: PROFESSIONAL_ROLE_LABELS.MEDIATOR[lang] }).check();
}

async function fillSecrets(page: Page, lang: Language) {
  await page
    .getByLabel(t(lang, 'pro.three.securityAnswer'), { exact: true })
    .fill('Lincoln Elementary');
  const code = page.getByLabel(t(lang, 'pro.three.securityCode'), { exact: true });
  await code.pressSequentially('12a345');
  await expect(code).toHaveValue('1234');
  await page.getByLabel(t(lang, 'pro.three.securityCodeConfirm'), { exact: true }).fill('1234');
}

async function fillStepThree(page: Page, lang: Language) {
  await page
    .getByLabel(t(lang, 'pro.three.securityQuestion'), { exact: true })
    .fill('What was the name of my first school?');
  await fillSecrets(page, lang);
}

/** Steps 1 and 2 accepted by the server: the page is on step 3. */
async function reachStepThree(page: Page, lang: Language, email: string, practiceName: string) {
  await openPro(page, lang);
  await fillStepOne(page, lang, email);
  await continueButton(page, lang).click();
  await expect(stepHeading(page, lang, 2)).toBeFocused();
  await fillStepTwo(page, lang, practiceName);
  await continueButton(page, lang).click();
  await expect(stepHeading(page, lang, 3)).toBeFocused();
}

async function expectSuccess(page: Page, lang: Language, email: string) {
  const welcome = page.getByRole('heading', {
    level: 2,
    name: t(lang, 'pro.success.title', { firstName: 'Ana' }),
  });
  await expect(welcome).toBeVisible();
  await expect(welcome).toBeFocused();
  const details = page.getByRole('region', { name: t(lang, 'pro.success.detailsHeading') });
  await expect(details.getByText(email, { exact: true })).toBeVisible();
  await expect(details.getByText('+1 555 123 4567')).toBeVisible();
  await expect(
    details.getByText(PROFESSIONAL_ROLE_LABELS.FAMILY_LAW_ATTORNEY[lang], { exact: true }),
  ).toBeVisible();
}

for (const lang of LANGUAGES) {
  test.describe(`professional registration (${lang})`, () => {
    test('registers a professional from the landing page to the success page', async ({ page }) => {
      const email = uniqueEmail();
      await openPro(page, lang);
      await expectNoSeriousA11yViolations(page, '/pro step 1');
      const progress = page.getByRole('navigation', { name: t(lang, 'pro.steps.label') });
      await expect(progress.getByRole('button')).toHaveCount(3);
      await expect(progress.getByRole('button').nth(1)).toBeDisabled();
      await expect(progress.getByRole('button').nth(2)).toBeDisabled();

      // An empty Continue lists each problem, in the browser, before asking the server.
      await continueButton(page, lang).click();
      const summary = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
      await expect(summary).toBeFocused();
      await expect(page).toHaveTitle(new RegExp(`^${t(lang, 'common.errorTitlePrefix')}`));
      await expectNoSeriousA11yViolations(page, '/pro step 1 with errors');

      await fillStepOne(page, lang, email);
      await page.reload();
      await expect(page.getByLabel(t(lang, 'pro.one.lastName'), { exact: true })).toHaveValue(
        'García',
      );
      await expect(page.getByLabel(t(lang, 'pro.one.other'), { exact: true })).toHaveValue(
        'A talk at the family-law conference',
      );
      await continueButton(page, lang).click();

      await expect(stepHeading(page, lang, 2)).toBeFocused();
      await expect(page).toHaveTitle(new RegExp(t(lang, 'pro.steps.names.2')));
      await expect(progress.getByRole('button').nth(0)).toBeEnabled();
      await expect(progress.getByRole('button').nth(2)).toBeDisabled();
      await expectNoSeriousA11yViolations(page, '/pro step 2');
      await fillStepTwo(page, lang, 'García Family Law');
      await continueButton(page, lang).click();

      await expect(stepHeading(page, lang, 3)).toBeFocused();
      await expectNoSeriousA11yViolations(page, '/pro step 3');
      for (const [key, href] of [
        ['footer.terms', '/legal/terms'],
        ['footer.privacy', '/legal/privacy'],
      ] as const) {
        await expect(
          page.getByRole('link', { name: `${t(lang, key)} ${t(lang, 'pro.three.newTab')}` }),
        ).toHaveAttribute('href', href);
      }
      await fillStepThree(page, lang);

      // A reload keeps the question but never the answer or the code: they are asked again.
      await page.reload();
      await expect(stepHeading(page, lang, 3)).toBeVisible();
      await expect(
        page.getByLabel(t(lang, 'pro.three.securityQuestion'), { exact: true }),
      ).toHaveValue('What was the name of my first school?');
      await expect(
        page.getByLabel(t(lang, 'pro.three.securityAnswer'), { exact: true }),
      ).toHaveValue('');
      await expect(page.getByText(t(lang, 'pro.three.reloaded'))).toBeVisible();
      await fillSecrets(page, lang);

      await page.getByRole('button', { name: t(lang, 'pro.three.complete'), exact: true }).click();
      await expectSuccess(page, lang, email);
      const next = page.getByRole('list', { name: t(lang, 'pro.success.nextHeading') });
      await expect(next.getByRole('listitem')).toHaveCount(3);
      await expect(next.getByRole('link')).toHaveAttribute('href', '/app/account/login');
      await expectNoSeriousA11yViolations(page, '/pro success');
      const events = await page.evaluate(
        () =>
          (window as unknown as { __analyticsEvents?: { event?: string }[] }).__analyticsEvents ??
          [],
      );
      expect(events.map((entry) => entry.event)).toContain('Pro Registration Completed');
    });

    test('shows the server’s message beside the email when it already has an account', async ({
      page,
    }) => {
      await openPro(page, lang);
      await fillStepOne(page, lang, 'taken@example.com');
      await continueButton(page, lang).click();
      const message = translateMessage('signup_emailTaken_error', lang);
      const summary = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
      const email = page.getByLabel(t(lang, 'pro.one.email'), { exact: true });
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(new RegExp(message));
      await expect(email).toHaveValue('taken@example.com');
      await expect(stepHeading(page, lang, 1)).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/pro step 1 refused by the server');

      // Step 2 stays out of reach until the server accepts step 1.
      const progress = page.getByRole('navigation', { name: t(lang, 'pro.steps.label') });
      await expect(progress.getByRole('button').nth(1)).toBeDisabled();
    });

    test('a failed create shows the error with Try again; back to step 2, fixed, it succeeds', async ({
      page,
    }) => {
      const email = uniqueEmail();
      await reachStepThree(page, lang, email, FAIL_ON_CREATE);
      await fillStepThree(page, lang);
      await page.getByRole('button', { name: t(lang, 'pro.three.complete'), exact: true }).click();

      const banner = page.getByRole('alert').filter({ hasText: t(lang, 'pro.error.text') });
      await expect(banner.getByRole('heading', { name: t(lang, 'pro.error.title') })).toBeFocused();
      await expect(banner.getByRole('button', { name: t(lang, 'pro.error.retry') })).toBeVisible();
      await expect(banner.getByRole('link', { name: '(866) 755-9991' })).toHaveAttribute(
        'href',
        'tel:+18667559991',
      );
      await expect(stepHeading(page, lang, 3)).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/pro error');

      // ERROR → TWO: fix the practice name, check step 2 again, complete.
      await page.getByRole('button', { name: t(lang, 'common.back') }).click();
      await expect(stepHeading(page, lang, 2)).toBeFocused();
      await page
        .getByLabel(t(lang, 'pro.two.practiceName'), { exact: true })
        .fill('García Family Law');
      await continueButton(page, lang).click();
      await expect(stepHeading(page, lang, 3)).toBeFocused();
      await page.getByRole('button', { name: t(lang, 'pro.three.complete'), exact: true }).click();
      await expectSuccess(page, lang, email);
    });

    test('Try again sends the same registration again after a failed create', async ({ page }) => {
      const email = uniqueEmail();
      await reachStepThree(page, lang, email, FAIL_ONCE_ON_CREATE);
      await fillStepThree(page, lang);
      await page.getByRole('button', { name: t(lang, 'pro.three.complete'), exact: true }).click();
      const banner = page.getByRole('alert').filter({ hasText: t(lang, 'pro.error.text') });
      await banner.getByRole('button', { name: t(lang, 'pro.error.retry') }).click();
      await expectSuccess(page, lang, email);
    });
  });
}
