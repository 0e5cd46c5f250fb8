import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { chooseLanguage, waitForTheApp } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// Decision 052: the landing, /coparentstatus and /duplicate are written by the server with no
// script at all, in a browser with scripts too, and still do their job: the language menu, the
// links and answers, the discount link kept for the next pages (where the app runs again).

/** Every script the page asked for (none on a page written with no script). */
function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

const DISCOUNT_LINK = '?discount=1&referrerKey=demo-coach&percentage=MTU=';

for (const lang of LANGUAGES) {
  test(`the landing and the co-parent question load no script and work with scripts on (${lang})`, async ({
    page,
  }) => {
    const scripts = scriptsRequested(page);
    await page.goto(`/app/join/signup${DISCOUNT_LINK}`);
    if (lang !== 'en') await chooseLanguage(page, lang);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(t(lang, 'landing.heading'));
    await expect(page.getByText(t(lang, 'discount.banner', { percent: '15' }))).toBeVisible();
    await expect(page.locator('script')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `/signup with no script (${lang})`);

    await page.getByRole('link', { name: t(lang, 'landing.parentsTitle') }).click();
    await expect(page).toHaveURL(/\/coparentstatus$/);
    await expect(heading).toHaveText(t(lang, 'coParentStatus.title'));
    // A page load, and the heading is where a step change puts the focus.
    await expect(heading).toBeFocused();
    // The discount link is kept for the tab without a script.
    await expect(page.getByText(t(lang, 'discount.banner', { percent: '15' }))).toBeVisible();
    await page.getByRole('button', { name: t(lang, 'coParentStatus.yes') }).click();
    await expect(page.getByText(t(lang, 'coParentStatus.spamHint'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, `/coparentstatus (yes) with no script (${lang})`);
    expect(scripts).toEqual([]);

    // Step 1 is the app's again: it takes the discount link over from the landing.
    await page.getByRole('button', { name: t(lang, 'coParentStatus.no') }).click();
    await expect(page).toHaveURL(/\/step1$/);
    await waitForTheApp(page);
    expect(scripts.length).toBeGreaterThan(0);
    await expect(heading).toHaveText(t(lang, 'stepOne.title'));
    await expect(page.getByText(t(lang, 'discount.banner', { percent: '15' }))).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.getItem('coparent.discount'))).toContain(
      'demo-coach',
    );
  });

  test(`/duplicate loads no script with scripts on (${lang})`, async ({ page }) => {
    await page.goto('/app/join/signup');
    if (lang !== 'en') await chooseLanguage(page, lang);
    const scripts = scriptsRequested(page);
    await page.goto('/app/join/duplicate');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'duplicate.title'));
    await expect(page.getByText(t(lang, 'duplicate.text'))).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: t(lang, 'duplicate.recoverLink') }),
    ).toHaveAttribute('href', '/app/account/recover');
    await expect(page.locator('script')).toHaveCount(0);
    expect(scripts).toEqual([]);
    await expectNoSeriousA11yViolations(page, `/duplicate with no script (${lang})`);
  });
}
