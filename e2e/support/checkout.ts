import { PARENT_REFERRAL_DETAIL_LABELS } from '@coparent/domain';
import { expect, type Page } from '@playwright/test';
import { packageName } from './catalog';
import { completeStepsOneAndTwo, openJoin } from './funnel';
import { type Language, t } from './i18n';
import { showTermOf } from './packages';

/** The package most walks buy: Premium, one year. */
export const PREMIUM_1_YEAR = 3003;

/** On /step3: chooses a package and waits for /payment's Billing view. */
export async function choosePackage(page: Page, lang: Language, packageId = PREMIUM_1_YEAR) {
  if (packageId !== PREMIUM_1_YEAR) await showTermOf(page, lang, packageId);
  await page
    .getByRole('button', {
      name: t(lang, 'packages.choose', { name: packageName(packageId, lang) }),
      exact: true,
    })
    .click();
  // The package save and /payment's chunk: the slowest step of a loaded two-core machine.
  await expect(page).toHaveURL(/\/payment$/, { timeout: 20_000 });
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'checkout.billing.heading') }),
  ).toBeVisible();
}

/**
 * The billing address every walk uses: Austin, Texas (sales tax in the demo table, two time
 * zones, so the time zone is a real choice). Leave the time zone out to see it required.
 */
export async function fillTexasAddress(
  page: Page,
  lang: Language,
  { postalCode = '78701', timeZone = true }: { postalCode?: string; timeZone?: boolean } = {},
) {
  await page
    .getByLabel(t(lang, 'checkout.billing.address'), { exact: true })
    .fill('100 Congress Ave');
  await page.getByLabel(t(lang, 'checkout.billing.city')).fill('Austin');
  await page.getByLabel(t(lang, 'checkout.billing.region'), { exact: true }).selectOption('TX');
  await page.getByLabel(t(lang, 'checkout.billing.postalCode')).fill(postalCode);
  if (timeZone) {
    await page.getByLabel(t(lang, 'checkout.billing.timezone')).selectOption('America/Chicago');
  }
}

/** The referral question Parent A answers (an invited co-parent is not asked). */
export async function fillReferral(page: Page, lang: Language) {
  await page.getByLabel(t(lang, 'checkout.billing.referral')).selectOption('OTHER');
  await page.getByLabel(PARENT_REFERRAL_DETAIL_LABELS[lang].OTHER).fill('A friend at work');
}

/**
 * From a new visit to /payment's Payment view: steps 1 and 2, Premium · 1 year, the Texas
 * billing address and the referral saved.
 */
export async function openPaymentView(page: Page, lang: Language) {
  await openJoin(page, lang);
  await completeStepsOneAndTwo(page, lang);
  await choosePackage(page, lang);
  await fillTexasAddress(page, lang);
  await fillReferral(page, lang);
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'checkout.payment.heading') }),
  ).toBeVisible();
}

/** On the Payment view: the sandbox's good Visa card, then Review Order, to Review. */
export async function reviewWithGoodCard(page: Page, lang: Language) {
  await page.getByLabel(t(lang, 'checkout.card.number')).fill('4111 1111 1111 1111');
  await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
  await page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'checkout.review.heading') }),
  ).toBeVisible();
}
