import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { catalogPackage, money, packageName } from './support/catalog';
import { choosePackage } from './support/checkout';
import { completeStepsOneAndTwo, openJoin } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { showTerm, termLink } from './support/packages';
import { expect, test } from './support/test';

// Step 3 compares the packages one term at a time, as a person reads them on a laptop and on a
// small phone: what each includes (the catalog's own lines), its price per month beside the
// total, what two years save, one recommended package; the switch works without a script too.

const VIEWPORTS = [
  { name: 'laptop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const card = (page: Page, lang: Language, id: number) =>
  page.getByRole('article', { name: packageName(id, lang), exact: true });

type CatalogFeatures = { features: Record<Language, string[]> };
const featuresOf = (id: number, lang: Language) =>
  (catalogPackage(id) as unknown as CatalogFeatures).features[lang];

/** Nothing wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const lang of LANGUAGES) {
  for (const viewport of VIEWPORTS) {
    test(`the packages compare at ${viewport.width} px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openJoin(page, lang);
      await completeStepsOneAndTwo(page, lang);

      // One year first: Essentials, Premium (recommended), Build your own.
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(
        [3001, 3003, 3005].map((id) => packageName(id, lang)),
      );
      await expect(termLink(page, lang, 1)).toHaveAttribute('aria-current', 'true');
      await expect(termLink(page, lang, 2)).toContainText(
        t(lang, 'packages.term.saveUpTo', { percent: 17 }),
      );
      for (const id of [3001, 3003, 3005]) {
        const included = card(page, lang, id).getByRole('list', {
          name: t(lang, 'packages.included'),
        });
        await expect(included.getByRole('listitem')).toHaveText(featuresOf(id, lang));
      }
      const premium = card(page, lang, 3003);
      await expect(
        page.getByText(t(lang, 'packages.recommendedBadge'), { exact: true }),
      ).toHaveCount(1);
      await expect(premium.getByText(t(lang, 'packages.recommendedBadge'))).toBeVisible();
      await expect(
        premium.getByText(t(lang, 'packages.perMonth', { price: money(1250, 'USD', lang, 'US') })),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);

      // Side by side on a laptop, one under another on a phone.
      const first = await card(page, lang, 3001).boundingBox();
      const second = await premium.boundingBox();
      if (!first || !second) throw new Error('cards not laid out');
      if (viewport.width >= 1280) expect(second.y).toBe(first.y);
      else expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
      await expectNoSeriousA11yViolations(page, `/step3 comparison ${viewport.width} px (${lang})`);

      // Two years: what each saves against two single years; the term is kept on a reload.
      await showTerm(page, lang, 2);
      await expect(page).toHaveURL(/\/step3\?term=2$/);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(
        [3002, 3004, 3006].map((id) => packageName(id, lang)),
      );
      const saving = t(lang, 'packages.twoYearSaving', {
        amount: money(4999, 'USD', lang, 'US'),
        percent: 17,
      });
      await expect(card(page, lang, 3004).getByText(saving)).toBeVisible();
      await expect(
        card(page, lang, 3004).getByText(
          t(lang, 'packages.perMonth', { price: money(1042, 'USD', lang, 'US') }),
        ),
      ).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yViolations(page, `/step3 two years ${viewport.width} px (${lang})`);
      await page.reload();
      await expect(card(page, lang, 3004)).toBeVisible();
      await expect(termLink(page, lang, 2)).toHaveAttribute('aria-current', 'true');

      await choosePackage(page, lang, 3004);
      // A phone folds the order summary under a button that says the total.
      const unfold = page.getByRole('button', {
        name: new RegExp(t(lang, 'checkout.summary.show')),
      });
      if (viewport.width < 1280) await unfold.click();
      const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
      await expect(summary.getByText(packageName(3004, lang), { exact: true })).toBeVisible();
    });
  }

  test(`the term switch works without JavaScript (${lang})`, async ({ browser, page }) => {
    await openJoin(page, lang);
    await completeStepsOneAndTwo(page, lang);
    await expect(card(page, lang, 3001)).toBeVisible();
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: lang === 'en' ? 'en-US' : lang,
    });
    await context.addCookies(await page.context().cookies());
    const withoutScripts = await context.newPage();
    await withoutScripts.goto('/app/join/step3');
    await expect(card(withoutScripts, lang, 3003)).toBeVisible();
    await termLink(withoutScripts, lang, 2).click();
    await expect(withoutScripts).toHaveURL(/\/step3\?term=2$/);
    await expect(withoutScripts.getByRole('heading', { level: 2 })).toHaveText(
      [3002, 3004, 3006].map((id) => packageName(id, lang)),
    );
    await expect(termLink(withoutScripts, lang, 2)).toHaveAttribute('aria-current', 'true');
    await context.close();
  });
}
