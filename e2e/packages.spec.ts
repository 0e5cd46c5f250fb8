import { translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { money, optionPrice, packageName, packagePrice } from './support/catalog';
import {
  completeStepsOneAndTwo,
  MX_PHONE,
  openJoin,
  UK_PHONE,
  US_PHONE,
  unique,
} from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { showTerm } from './support/packages';
import { expect, test } from './support/test';

// Step 3 (packages), /alacarte (build your own), the discount link and the pricing-page bypass,
// in each language, against the built app and its demo catalog (docs/pricing.md).

// One term at a time: the 1-year cards, then (after the switch) the 2-year ones.
const US_CARD_ORDER = [3001, 3003, 3005];
const US_TWO_YEAR_CARD_ORDER = [3002, 3004, 3006];

const card = (page: Page, lang: Language, id: number) =>
  page.getByRole('article', { name: packageName(id, lang), exact: true });

const chooseButton = (page: Page, lang: Language, id: number) =>
  page.getByRole('button', {
    name: t(lang, 'packages.choose', { name: packageName(id, lang) }),
    exact: true,
  });

const v = (key: string, lang: Language, params: Parameters<typeof translateMessage>[2] = {}) =>
  translateMessage(key, lang, params);

/** The arms of an experiment this page load tracked ('Experiment Viewed'), in order. */
async function exposuresOf(page: Page, experiment: string): Promise<unknown[]> {
  const events = await page.evaluate(
    () =>
      (
        window as unknown as {
          __analyticsEvents?: { event?: string; properties?: Record<string, unknown> }[];
        }
      ).__analyticsEvents ?? [],
  );
  return events
    .filter((e) => e.event === 'Experiment Viewed' && e.properties?.experiment === experiment)
    .map((e) => e.properties?.variant);
}

/** /payment opens on Billing with the saved package in the order summary (checkout.spec.ts pays). */
async function expectPaymentPage(page: Page, lang: Language, id: number) {
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'paymentStep.title'));
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'checkout.billing.heading') }),
  ).toBeVisible();
  const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
  await expect(summary.getByText(packageName(id, lang), { exact: true })).toBeVisible();
  return summary;
}

for (const lang of LANGUAGES) {
  test.describe(`packages (${lang})`, () => {
    test('a US phone (+1): sorted cards, tax wording, the code box, and a choice saved', async ({
      page,
    }) => {
      await openJoin(page, lang);
      await completeStepsOneAndTwo(page, lang, US_PHONE);

      await expect(card(page, lang, 3001)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(
        US_CARD_ORDER.map((id) => packageName(id, lang)),
      );
      const essentials = card(page, lang, 3001);
      await expect(
        essentials.getByText(packagePrice(3001, 'USD', lang, 'US'), { exact: true }),
      ).toBeVisible();
      await expect(essentials.getByText(t(lang, 'packages.billedEveryYear'))).toBeVisible();
      await expect(essentials.getByText(v('pricing_plusTax', lang), { exact: true })).toBeVisible();
      await showTerm(page, lang, 2);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText(
        US_TWO_YEAR_CARD_ORDER.map((id) => packageName(id, lang)),
      );
      await expect(
        card(page, lang, 3002).getByText(t(lang, 'packages.billedEveryTwoYears')),
      ).toBeVisible();
      await showTerm(page, lang, 1);
      await expect(
        card(page, lang, 3003).getByText(t(lang, 'packages.recommendedBadge')),
      ).toBeVisible();
      // The public SPRING20 promotion is a banner on the Premium cards only.
      await expect(card(page, lang, 3003).getByText(/SPRING20/)).toBeVisible();
      await expect(essentials.getByText(/SPRING20/)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, '/step3 (US)');

      // The subscription code: Apply waits for a code; an unknown one is refused beside the field.
      await page.getByRole('button', { name: t(lang, 'packages.codeToggle') }).click();
      const field = page.getByRole('textbox', { name: t(lang, 'packages.codeLabel') });
      const apply = page.getByRole('button', { name: t(lang, 'packages.apply'), exact: true });
      await expect(apply).toBeDisabled();
      await field.fill('   ');
      await expect(apply).toBeDisabled();
      await field.fill('  pro-nope-0  ');
      await apply.click();
      await expect(page.getByText(v('payment_activationCode_error', lang))).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousA11yViolations(page, '/step3 with an invalid code');

      if (lang === 'en') {
        await field.fill(' pro-prem1-demo1 ');
        await apply.click();
        await expect(
          page.getByText(t(lang, 'packages.codeApplied', { code: 'PRO-PREM1-DEMO1' })),
        ).toBeVisible();
        await expect(
          card(page, lang, 3003).getByText(t(lang, 'packages.codeCoversAll')),
        ).toBeVisible();
      }

      await chooseButton(page, lang, 3003).click();
      const summary = await expectPaymentPage(page, lang, 3003);
      await expect(
        summary.getByText(packagePrice(3003, 'USD', lang, 'US'), { exact: true }).first(),
      ).toBeVisible();
      const events = await page.evaluate(
        () =>
          (window as unknown as { __analyticsEvents?: { event: string; properties: unknown }[] })
            .__analyticsEvents ?? [],
      );
      expect(events.find((event) => event.event === 'Package Selected')?.properties).toMatchObject({
        packageId: 3003,
      });

      // Back on step 3 the saved choice is marked; step 4 of the indicator leads to /payment.
      await page.getByRole('button', { name: t(lang, 'checkout.billing.back') }).click();
      await expect(page).toHaveURL(/\/step3$/);
      await expect(
        card(page, lang, 3003).getByText(t(lang, 'packages.currentChoice')),
      ).toBeVisible();
      await page.getByRole('button', { name: new RegExp(t(lang, 'steps.names.4')) }).click();
      await expect(page).toHaveURL(/\/payment$/);
    });

    test('a UK phone (+44): the VAT wording of packages 2061 and 2063', async ({ page }) => {
      await openJoin(page, lang);
      await completeStepsOneAndTwo(page, lang, UK_PHONE);
      await expect(page.getByRole('heading', { level: 2 })).toHaveText([packageName(2061, lang)]);
      for (const [id, vat, years] of [
        [2061, 2000, 1],
        [2063, 3333, 2],
      ] as const) {
        await showTerm(page, lang, years);
        await expect(page.getByRole('heading', { level: 2 })).toHaveText([packageName(id, lang)]);
        const ukCard = card(page, lang, id);
        await expect(
          ukCard.getByText(packagePrice(id, 'GBP', lang, 'GB'), { exact: true }),
        ).toBeVisible();
        await expect(
          ukCard.getByText(
            v('pricing_vatIncluded', lang, { amount: money(vat, 'GBP', lang, 'GB') }),
          ),
        ).toBeVisible();
        await expect(ukCard.getByText(v('pricing_plusTax', lang), { exact: true })).toHaveCount(0);
      }
      await expectNoSeriousA11yViolations(page, '/step3 (UK)');
    });

    test('a Mexican phone (+52): prices in pesos', async ({ page }) => {
      await openJoin(page, lang);
      await completeStepsOneAndTwo(page, lang, MX_PHONE);
      const essentials = card(page, lang, 2001);
      await expect(
        essentials.getByText(packagePrice(2001, 'MXN', lang, 'MX'), { exact: true }),
      ).toBeVisible();
      await expect(essentials.getByText(v('pricing_plusTax', lang), { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/step3 (Mexico)');
    });

    // Control and Off both show today's /alacarte (decisions 020, 024); only Control is an
    // exposure. One arm per language: English forces Control through the flag file (an
    // "arm-control" anonymous id), Spanish is an ordinary visitor, Off.
    const arm = lang === 'en' ? 'Control' : 'Off';
    test(`build your own in ${arm}: no option prices, a live total, saved to /payment`, async ({
      page,
    }) => {
      if (arm === 'Control') {
        await page.addInitScript((id) => {
          window.localStorage.setItem('coparent.anonymousId', id);
        }, `arm-control-${unique()}`);
      }
      await openJoin(page, lang);
      await completeStepsOneAndTwo(page, lang, US_PHONE);
      await chooseButton(page, lang, 3005).click();
      await expect(page).toHaveURL(/\/alacarte$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'alacarte.title'));

      const total = page
        .locator('[aria-live="polite"]')
        .filter({ hasText: t(lang, 'alacarte.totalLabel') });
      await expect(total).toContainText(packagePrice(3005, 'USD', lang, 'US'));
      const tonemeter = page.getByRole('checkbox', { name: v('pricing_option_tonemeter', lang) });
      await expect(tonemeter).toBeVisible();
      await expect(page.getByText(v('pricing_option_free', lang), { exact: true })).toHaveCount(0);
      await tonemeter.check();
      await expect(total).toContainText(
        money(7999 + optionPrice(3005, 'TONEMETER', 'USD'), 'USD', lang, 'US'),
      );
      await expectNoSeriousA11yViolations(page, `/alacarte (${arm})`);

      await page.getByRole('button', { name: t(lang, 'common.continue'), exact: true }).click();
      const summary = await expectPaymentPage(page, lang, 3005);
      await expect(summary).toContainText(v('pricing_option_tonemeter', lang));
      // The arm the flag file gave this visitor: /alacarte tracked Control once; Off is no arm.
      await expect
        .poll(() => exposuresOf(page, 'show-price-in-build-your-own'))
        .toEqual(arm === 'Control' ? ['Control'] : []);
    });

    test('build your own in the treatment: prices shown, My Files and Calls free', async ({
      page,
    }) => {
      // The flag file gives this anonymous id Treatment: the browser shows it, the server prices it.
      await page.addInitScript((id) => {
        window.localStorage.setItem('coparent.anonymousId', id);
      }, `arm-treatment-${unique()}`);
      await openJoin(page, lang);
      await completeStepsOneAndTwo(page, lang, US_PHONE);
      await showTerm(page, lang, 2);
      await chooseButton(page, lang, 3006).click();
      await expect(page).toHaveURL(/\/alacarte$/);
      const free = v('pricing_option_free', lang);
      const myFiles = page.getByRole('checkbox', {
        name: `${v('pricing_option_myfiles', lang)} ${free}`,
      });
      const calls = page.getByRole('checkbox', {
        name: `${v('pricing_option_calls', lang)} ${free}`,
      });
      await expect(myFiles).toBeVisible();
      await expect(
        page.getByRole('radio', { name: new RegExp(t(lang, 'alacarte.term2Years')) }),
      ).toBeChecked();
      await myFiles.check();
      await calls.check();
      const total = page
        .locator('[aria-live="polite"]')
        .filter({ hasText: t(lang, 'alacarte.totalLabel') });
      await expect(total).toContainText(packagePrice(3006, 'USD', lang, 'US'));
      await expectNoSeriousA11yViolations(page, '/alacarte (treatment)');

      await page.getByRole('button', { name: t(lang, 'common.continue'), exact: true }).click();
      const summary = await expectPaymentPage(page, lang, 3006);
      await expect(
        summary.getByText(packagePrice(3006, 'USD', lang, 'US'), { exact: true }).first(),
      ).toBeVisible();
    });

    test('a discount link is kept, shown, and applied through the referrer key', async ({
      page,
    }) => {
      await openJoin(page, lang, '/signup?discount=1&referrerKey=demo-coach&percentage=MTU=');
      await expect(page.getByText(t(lang, 'discount.banner', { percent: '15' }))).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/signup with a discount');
      await completeStepsOneAndTwo(page, lang, US_PHONE);
      // The server attached the referrer on the family step: its coupon is on every card.
      await expect(page.getByText(t(lang, 'discount.banner', { percent: '15' }))).toBeVisible();
      await expect(
        card(page, lang, 3001).getByText(
          v('coupon_referrer_banner', lang, { percent: 15, name: 'Family Coach Demo' }),
        ),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/step3 with a discount');
    });

    test('a pricing-page selection is chosen automatically on /step3', async ({ page }) => {
      await openJoin(page, lang, '/pricing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'pricingPage.title'),
      );
      await page.getByLabel(t(lang, 'pricingPage.countryLabel')).selectOption('US');
      await showTerm(page, lang, 2);
      await expect(card(page, lang, 3004)).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/pricing');
      await chooseButton(page, lang, 3004).click();
      await expect(page).toHaveURL(/\/signup$/);

      await completeStepsOneAndTwo(page, lang, US_PHONE, { landsOn: /\/payment$/ });
      await expectPaymentPage(page, lang, 3004);
      expect(
        await page.evaluate(() => window.localStorage.getItem('coparent.pricingSelection')),
      ).toBeNull();
    });
  });
}

test('a tampered discount percentage is ignored, never shown as NaN', async ({ page }) => {
  await page.goto('/app/join/signup?discount=1&referrerKey=demo-coach&percentage=%25%25NaN');
  await expect(page.getByText(t('en', 'discount.bannerNoPercent'))).toBeVisible();
  await expect(page.getByText(/NaN/)).toHaveCount(0);
});

test('the package step does not move while its cards load (no layout shift)', async ({ page }) => {
  await completeStepsOneAndTwo(page, 'en');
  // The cards come after the packages answer; hold it back so the screen shows its loading state
  // first, as on a slow connection, then count every layout shift of the page's own load.
  await page.route('**/v2/packages?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.reload();
  await expect(page.getByRole('button', { name: /Choose/ }).first()).toBeVisible();
  // One more frame for a shift caused by the cards themselves to be reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))),
  );
  expect(
    await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts),
  ).toEqual([]);
});
