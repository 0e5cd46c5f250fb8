import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';

// The pages behind the footer's links (and the consent boxes' terms and privacy links), in each
// language, reached as a person reaches them: from the signup's footer, then from page to page.
// Then a page that does not exist: the app's own "page not found", status 404, with a way home.

/** Each legal text says it is a sample until counsel's version replaces its content file. */
const SAMPLE_MARK: Record<Language, string> = { en: 'Sample text:', 'es-MX': 'Texto de ejemplo:' };

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
}
