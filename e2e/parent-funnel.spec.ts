import { translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { chooseLanguage, waitForTheApp } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// Parent A from the landing page to the package step, in each language, against the built app.

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function openLandingIn(page: Page, lang: Language) {
  await page.goto('/app/join/');
  await expect(page).toHaveURL(/\/app\/join\/signup$/);
  if (lang !== 'en') await chooseLanguage(page, lang);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'landing.heading'));
}

async function fillStepOne(page: Page, lang: Language, email: string) {
  await page.getByLabel(t(lang, 'stepOne.firstName')).fill('Ana “Lucía”');
  await page.getByLabel(t(lang, 'stepOne.lastName')).fill('García');
  await page.getByLabel(t(lang, 'stepOne.email')).fill(`  ${email} `);
  await page.getByLabel(t(lang, 'phone.number')).pressSequentially('(555) 123-4567');
  await expect(page.getByLabel(t(lang, 'phone.number'))).toHaveValue('5551234567');
  await page
    .getByRole('group', { name: t(lang, 'stepOne.knowsCoParentEmail') })
    .getByLabel(t(lang, 'common.yes'))
    .check();
}

for (const lang of LANGUAGES) {
  test.describe(`parent funnel (${lang})`, () => {
    test('goes from the landing page to the package step, keeping typed values on reload', async ({
      page,
    }) => {
      await openLandingIn(page, lang);
      await expectNoSeriousA11yViolations(page, '/signup');

      await page.getByRole('link', { name: t(lang, 'landing.parentsTitle') }).click();
      await expect(page).toHaveURL(/\/coparentstatus$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await page.getByRole('button', { name: t(lang, 'coParentStatus.yes') }).click();
      await expect(page.getByText(t(lang, 'coParentStatus.spamHint'))).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/coparentstatus (yes)');
      await page.getByRole('button', { name: t(lang, 'coParentStatus.no') }).click();

      // Step 1: an empty submit lists every problem and links each one to its field.
      await expect(page).toHaveURL(/\/step1$/);
      // A page load from /coparentstatus (no script there): the app takes step 1 over.
      await waitForTheApp(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'stepOne.title'));
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
      const summary = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
      await expect(summary).toBeFocused();
      await expect(page).toHaveTitle(new RegExp(`^${t(lang, 'common.errorTitlePrefix')}`));
      await expectNoSeriousA11yViolations(page, '/step1 with errors');
      await summary.getByRole('link').first().click();
      await expect(page.getByLabel(t(lang, 'stepOne.firstName'))).toBeFocused();

      await page.getByLabel(t(lang, 'stepOne.firstName')).fill('Ana 😀');
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
      await expect(
        page.getByText(translateMessage('signup_nameEmoji_error', lang)).first(),
      ).toBeVisible();

      const email = `parent.${unique()}@example.com`;
      await fillStepOne(page, lang, email);
      await page.reload();
      await expect(page.getByLabel(t(lang, 'stepOne.lastName'))).toHaveValue('García');
      await expect(page.getByLabel(t(lang, 'phone.number'))).toHaveValue('5551234567');
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();

      // Step 2: the co-parent and the children; a reload in the middle keeps what was typed.
      await expect(page).toHaveURL(/\/step2$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'stepTwo.title'));
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      await expectNoSeriousA11yViolations(page, '/step2');
      const coParent = page.getByRole('group', { name: t(lang, 'stepTwo.coParentLegend') });
      await coParent.getByLabel(t(lang, 'stepTwo.firstName')).fill('Luis');
      await coParent.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
      await coParent
        .getByLabel(t(lang, 'stepTwo.email'), { exact: false })
        .fill(email.toUpperCase());

      const removeButtons = page.getByRole('button', {
        name: t(lang, 'stepTwo.removeChild', { number: '1' }),
      });
      await expect(removeButtons).toHaveCount(0);
      const firstChild = page.getByRole('group', {
        name: t(lang, 'stepTwo.childLegend', { number: '1' }),
      });
      await firstChild.getByLabel(t(lang, 'stepTwo.firstName')).fill('Sofía');
      await firstChild.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
      await page.getByRole('button', { name: t(lang, 'stepTwo.addChild') }).click();
      const secondChild = page.getByRole('group', {
        name: t(lang, 'stepTwo.childLegend', { number: '2' }),
      });
      await secondChild.getByLabel(t(lang, 'stepTwo.firstName')).fill('Mateo');
      await secondChild.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
      await expect(
        page.getByRole('button', { name: t(lang, 'stepTwo.removeChild', { number: '2' }) }),
      ).toBeVisible();

      await page.reload();
      await expect(coParent.getByLabel(t(lang, 'stepTwo.firstName'))).toHaveValue('Luis');
      await expect(secondChild.getByLabel(t(lang, 'stepTwo.firstName'))).toHaveValue('Mateo');

      // The co-parent's email may not be Parent A's (compared trimmed, whatever the case).
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
      await expect(
        page.getByText(translateMessage('signup_coParentEmailSame_error', lang)).first(),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/step2 with errors');
      await coParent
        .getByLabel(t(lang, 'stepTwo.email'), { exact: false })
        .fill(`coparent.${unique()}@example.com`);
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();

      await expect(page).toHaveURL(/\/step3$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'stepThree.title'));
      await expectNoSeriousA11yViolations(page, '/step3');

      // Going back keeps the family as saved.
      await page.goBack();
      await expect(page).toHaveURL(/\/step2$/);
      await expect(secondChild.getByLabel(t(lang, 'stepTwo.firstName'))).toHaveValue('Mateo');
    });

    test('sends a parent whose email already has an account to /duplicate', async ({ page }) => {
      await openLandingIn(page, lang);
      await page.goto('/app/join/step1');
      await fillStepOne(page, lang, 'taken@example.com');
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
      await expect(page).toHaveURL(/\/duplicate$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'duplicate.title'));
      await expect(page.getByText('taken@example.com')).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/duplicate');

      // A reload: the server writes the screen without the tab's history state, and the app names
      // the email again once it has taken the page over (a mismatch would log an error).
      await page.reload();
      await page.locator('#root[data-server-rendered]').waitFor({ state: 'attached' });
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      await expect(page.getByText('taken@example.com')).toBeVisible();

      // The duplicate screen reset the funnel: step 2 is out of reach again.
      await page.goto('/app/join/step2');
      await expect(page).toHaveURL(/\/step1$/);
      await expect(page.getByLabel(t(lang, 'stepOne.email'))).toHaveValue('');
    });
  });
}

test('parents skip the co-parent status page when that experiment is in treatment', async ({
  page,
}) => {
  await page.goto('/app/join/signup?flags=remove-coparent-status:Treatment');
  await page.getByRole('link', { name: t('en', 'landing.parentsTitle') }).click();
  await expect(page).toHaveURL(/\/step1$/);
});

test('the professionals choice leads to /pro', async ({ page }) => {
  await page.goto('/app/join/signup');
  await page.getByRole('link', { name: t('en', 'landing.prosTitle') }).click();
  await expect(page).toHaveURL(/\/pro$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'pro.title'));
  await expectNoSeriousA11yViolations(page, '/pro');
});

test('the back button records a back-click event', async ({ page }) => {
  await page.goto('/app/join/signup');
  await page.getByRole('link', { name: t('en', 'landing.parentsTitle') }).click();
  await page.getByRole('button', { name: t('en', 'coParentStatus.no') }).click();
  await expect(page).toHaveURL(/\/step1$/);
  await waitForTheApp(page);
  await fillStepOne(page, 'en', `back.${unique()}@example.com`);
  await page.getByRole('button', { name: t('en', 'common.continue') }).click();
  await expect(page).toHaveURL(/\/step2$/);
  await page.getByRole('button', { name: t('en', 'common.back') }).click();
  await expect(page).toHaveURL(/\/step1$/);
  const events = await page.evaluate(
    () =>
      (window as unknown as { __analyticsEvents?: { event: string }[] }).__analyticsEvents ?? [],
  );
  expect(events.map((entry) => entry.event)).toContain('Back Clicked');
});
