import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { packageName } from '../../e2e/support/catalog.js';
import { choosePackage, fillReferral, fillTexasAddress } from '../../e2e/support/checkout.js';
import { completeStepsOneAndTwo, fillStepOne, waitForTheApp } from '../../e2e/support/funnel.js';
import { t } from '../../e2e/support/i18n.js';
import { invitationViaApi, newestInviteLink } from '../../e2e/support/invite.js';

/**
 * The pages `npm run bench:web` scores, each with the real state a person has when they reach it:
 * the funnel is walked in the browser tab (as the browser tests walk it, in English), so the tab
 * holds exactly what the app keeps, and the page is then scored by reloading it in that tab. `ready`
 * is what the loaded page must show for the score to count: a page stuck on a spinner or sent
 * elsewhere is reported as not measured, never scored.
 */
export type ScoredPage = {
  path: string;
  /**
   * Walks the tab (its context has the server as base URL) to where the page can be opened; may
   * answer the address to load (under /app/join) when a person opens it with more than its path
   * (an emailed link's token).
   */
  prepare: (page: Page) => Promise<string | undefined | void>;
  ready: (page: Page) => Locator;
};

/** The build-your-own package: choosing it on /step3 opens /alacarte. */
const BUILD_YOUR_OWN_1_YEAR = 3005;

const heading = (page: Page, level: 1 | 2, key: string) =>
  page.getByRole('heading', { level, name: t('en', key), exact: true });

/** A page with no state to walk to: the tab only needs an address of its own to be found by. */
const fresh = async (page: Page) => {
  await page.goto('/healthz');
};

async function pay(page: Page) {
  await completeStepsOneAndTwo(page, 'en');
  await choosePackage(page, 'en');
  await fillTexasAddress(page, 'en');
  await fillReferral(page, 'en');
  await page.getByRole('button', { name: t('en', 'checkout.billing.submit') }).click();
  await page.getByLabel(t('en', 'checkout.card.number')).fill('4111 1111 1111 1111');
  await page.getByLabel(t('en', 'checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t('en', 'checkout.card.cvv')).fill('123');
  await page.getByRole('button', { name: t('en', 'checkout.payment.reviewOrder') }).click();
  await page.getByRole('button', { name: t('en', 'checkout.review.pay'), exact: true }).click();
  await expect(page).toHaveURL(/\/credentials$/, { timeout: 30_000 });
}

export const SCORED_PAGES: ScoredPage[] = [
  { path: '/signup', prepare: fresh, ready: (p) => heading(p, 1, 'landing.heading') },
  {
    path: '/coparentstatus',
    prepare: fresh,
    ready: (p) => heading(p, 1, 'coParentStatus.title'),
  },
  { path: '/step1', prepare: fresh, ready: (p) => heading(p, 1, 'stepOne.title') },
  {
    path: '/step2',
    prepare: async (page) => {
      await page.goto('/app/join/step1');
      // As the browser tests walk: with the app running, once it has taken the page over.
      await waitForTheApp(page);
      await fillStepOne(page, 'en');
      await page.getByRole('button', { name: t('en', 'common.continue') }).click();
      await expect(page).toHaveURL(/\/step2$/);
    },
    ready: (p) => heading(p, 1, 'stepTwo.title'),
  },
  {
    path: '/step3',
    prepare: async (page) => {
      await completeStepsOneAndTwo(page, 'en');
    },
    ready: (p) => heading(p, 1, 'stepThree.title'),
  },
  {
    path: '/alacarte',
    prepare: async (page) => {
      await completeStepsOneAndTwo(page, 'en');
      const buildYourOwn = packageName(BUILD_YOUR_OWN_1_YEAR, 'en');
      await page
        .getByRole('button', { name: t('en', 'packages.choose', { name: buildYourOwn }) })
        .click();
      await expect(page).toHaveURL(/\/alacarte$/);
    },
    ready: (p) => heading(p, 1, 'alacarte.title'),
  },
  {
    path: '/payment',
    prepare: async (page) => {
      await completeStepsOneAndTwo(page, 'en');
      await choosePackage(page, 'en');
    },
    ready: (p) => heading(p, 2, 'checkout.billing.heading'),
  },
  { path: '/credentials', prepare: pay, ready: (p) => heading(p, 1, 'credentials.title') },
  {
    path: '/invite',
    prepare: async (page) => {
      // The tab needs an address of its own to be found by, as for a fresh page: left blank, the
      // browser's first blank tab was the one loaded, and this one stayed where it was.
      await fresh(page);
      const { coParentEmail } = await invitationViaApi(page.request, { payForCoparent: false });
      const link = await newestInviteLink(page.request, coParentEmail);
      // The email's link is what a person opens (the token then leaves the address bar).
      return link.path.replace(/^\/app\/join/, '');
    },
    ready: (p) => heading(p, 1, 'invite.welcome.title'),
  },
  { path: '/pro', prepare: fresh, ready: (p) => heading(p, 1, 'pro.title') },
];
