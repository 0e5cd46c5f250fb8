import { translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName, packagePrice } from './support/catalog';
import { choosePackage, fillReferral, PREMIUM_1_YEAR } from './support/checkout';
import { completeStepsOneAndTwo, openJoin } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The country-criteria check on /payment's Billing view (spec 001 §2 and §4): a billing country
// the chosen package is not sold in asks in a modal; OK forgets the package, saves the billing and
// goes back to the packages, now those of the billing country. Against the built server and its
// demo catalog: Premium · 1 year (3003) is a US (P3) package; Canada is priced in group P2.

/** Premium · 1 year of group P2, in Canadian dollars: what /step3 offers a Canadian address. */
const CANADA_PREMIUM_1_YEAR = 2003;

/** A valid Canadian billing address (Ottawa, Ontario), with the country chosen first. */
async function fillOttawaAddress(page: Page, lang: Language) {
  await page.getByLabel(t(lang, 'checkout.billing.country')).selectOption('CA');
  await page
    .getByLabel(t(lang, 'checkout.billing.address'), { exact: true })
    .fill('24 Sussex Drive');
  await page.getByLabel(t(lang, 'checkout.billing.city')).fill('Ottawa');
  await page.getByLabel(t(lang, 'checkout.billing.region'), { exact: true }).selectOption('ON');
  await page.getByLabel(t(lang, 'checkout.billing.postalCode')).fill('K1M 1M4');
  await page.getByLabel(t(lang, 'checkout.billing.timezone')).selectOption('America/Toronto');
}

const packageCard = (page: Page, lang: Language, id: number) =>
  page.getByRole('article', { name: packageName(id, lang), exact: true });

for (const lang of LANGUAGES) {
  test.describe(`country mismatch on /payment (${lang})`, () => {
    test('a US package with a Canadian billing address: the modal, then OK goes back to the packages', async ({
      page,
    }) => {
      await openJoin(page, lang);
      await completeStepsOneAndTwo(page, lang);
      await choosePackage(page, lang, PREMIUM_1_YEAR);
      // The signup saves from here on (the package's own save is done).
      const isSignupSave = (method: string, url: string) =>
        method === 'PATCH' && /\/v2\/signups\/[^/?]+$/.test(url);
      const saves: string[] = [];
      page.on('request', (request) => {
        if (isSignupSave(request.method(), request.url())) saves.push(request.url());
      });
      const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
      await expect(
        summary.getByText(packagePrice(PREMIUM_1_YEAR, 'USD', lang, 'US'), { exact: true }).first(),
      ).toBeVisible();

      await fillOttawaAddress(page, lang);
      await fillReferral(page, lang);
      await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();

      const dialog = page.getByRole('dialog', { name: t(lang, 'checkout.mismatch.title') });
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByText(translateMessage('pricing_countryMismatch_error', lang)),
      ).toBeVisible();
      const ok = dialog.getByRole('button', { name: t(lang, 'checkout.mismatch.ok') });
      await expect(ok).toBeVisible();
      await expect(
        dialog.getByRole('button', { name: t(lang, 'checkout.mismatch.cancel') }),
      ).toBeVisible();
      // The modal holds the focus while it asks.
      await expect
        .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
        .toBe(true);
      // Nothing is saved before the answer: the question comes first.
      expect(saves, 'no billing save before OK').toEqual([]);
      await expect(page).toHaveURL(/\/app\/join\/payment$/);
      await expectNoSeriousA11yViolations(page, `/payment country-mismatch modal (${lang})`);

      // OK: the billing is saved (with the Canadian address), then back to the packages.
      const save = page.waitForResponse((response) =>
        isSignupSave(response.request().method(), response.url()),
      );
      await ok.click();
      const saved = await save;
      expect(saved.ok()).toBe(true);
      expect(saves).toHaveLength(1);
      expect(saved.request().postDataJSON()).toMatchObject({
        address: { country: 'CA', region: 'ON', city: 'Ottawa', postalCode: 'K1M 1M4' },
      });

      await expect(page).toHaveURL(/\/app\/join\/step3$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'stepThree.title'));
      await expect(dialog).toHaveCount(0);
      // No package is selected any more: no card is marked as the current choice, and the
      // packages are now those of the billing country (P2, in Canadian dollars), not the US ones.
      const canadian = packageCard(page, lang, CANADA_PREMIUM_1_YEAR);
      await expect(
        canadian.getByText(packagePrice(CANADA_PREMIUM_1_YEAR, 'CAD', lang, 'CA'), {
          exact: true,
        }),
      ).toBeVisible();
      await expect(page.getByText(t(lang, 'packages.currentChoice'))).toHaveCount(0);
      await expect(
        page.getByText(packagePrice(PREMIUM_1_YEAR, 'USD', lang, 'US'), { exact: true }),
      ).toHaveCount(0);
      const events = await page.evaluate(
        () =>
          (
            window as unknown as {
              __analyticsEvents?: { event?: string; properties?: Record<string, unknown> }[];
            }
          ).__analyticsEvents ?? [],
      );
      expect(events.filter((event) => event.event === 'Country Mismatch Confirmed')).toEqual([
        expect.objectContaining({ properties: { packageId: PREMIUM_1_YEAR } }),
      ]);
      await expectNoSeriousA11yViolations(page, `/step3 after the country mismatch (${lang})`);
    });
  });
}
