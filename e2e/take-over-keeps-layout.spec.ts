import type { Page, Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName } from './support/catalog';
import { choosePackage, openPaymentView, reviewWithGoodCard } from './support/checkout';
import { fillStepOne, fillStepTwo, openJoin, unique } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// A page the server wrote keeps its layout when the app takes it over: nothing the person is
// reading moves (no spinner in between, no late part pushing the rest down). Read on a phone's
// screen, where the footer and the buttons are in view.

test.use({ viewport: { width: 412, height: 823 } });

type Shift = { value: number; moved: string[] };
type Recorded = {
  layoutShifts: Shift[];
  writtenHeadings?: Record<string, number>;
  headingTops: () => Record<string, number>;
};

/**
 * Keeps every layout shift the page makes that no input caused, from its very start, and where
 * each heading in view stands on the page as the server wrote it: once the document is parsed,
 * before any of its scripts runs. A part the app draws anew is a new element, which the shifts
 * do not count: the headings say whether it moved what the person reads.
 */
function recordLayout() {
  const recorded = window as unknown as Recorded;
  recorded.layoutShifts = [];
  // Each heading shown on the page: its text and how far down the page it starts.
  recorded.headingTops = () => {
    const tops: Record<string, number> = {};
    for (const heading of document.querySelectorAll('h1, h2')) {
      const box = heading.getBoundingClientRect();
      if (box.height > 0) tops[heading.textContent ?? ''] = Math.round(box.top + window.scrollY);
    }
    return tops;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as LayoutShiftEntry[]) {
      if (entry.hadRecentInput) continue;
      const moved = entry.sources.map(({ node }) =>
        node instanceof Element
          ? `${node.tagName.toLowerCase()} "${(node.textContent ?? '').slice(0, 40)}"`
          : String(node?.nodeName),
      );
      recorded.layoutShifts.push({ value: entry.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    if (!document.querySelector('#root[data-server-rendered]')) return;
    recorded.writtenHeadings = recorded.headingTops();
  });
}

type LayoutShiftEntry = PerformanceEntry & {
  value: number;
  hadRecentInput: boolean;
  sources: { node: Node | null }[];
};

/**
 * Reloads the page, checks the server wrote it, and waits until the app has it and, on a screen
 * that reads the signup itself (the package it shows), until that read answered: the moments a
 * screen could swap in its own. Nothing else reads the signup then: the server's page was
 * written with it. Answers the shifts it made and, for each heading the server's page showed,
 * where it started and where it is now.
 */
async function reloadAndMeasure(
  page: Page,
  screenShows: () => Promise<void>,
  { screenReadsSignup = false } = {},
) {
  const isSignupRead = (request: Request) =>
    request.method() === 'GET' && /\/v2\/signups\/[\w-]+$/.test(request.url());
  const signupReads: string[] = [];
  const onRequest = (request: Request) => {
    if (isSignupRead(request)) signupReads.push(request.url());
  };
  page.on('request', onRequest);
  const screenRead = screenReadsSignup
    ? page.waitForResponse((response) => isSignupRead(response.request()))
    : undefined;
  const response = await page.reload();
  expect(await response?.text()).toContain('<div id="root" data-server-rendered');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await screenRead;
  await screenShows();
  // The answer's render is painted (and its shifts reported) by the second frame after it.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
      ),
  );
  page.off('request', onRequest);
  expect(signupReads, `signup reads after taking over ${page.url()}`).toHaveLength(
    screenReadsSignup ? 1 : 0,
  );
  const { layoutShifts, writtenHeadings, now } = await page.evaluate(() => {
    const recorded = window as unknown as Recorded;
    const { layoutShifts, writtenHeadings } = recorded;
    return { layoutShifts, writtenHeadings, now: recorded.headingTops() };
  });
  expect(writtenHeadings, 'the headings of the page as written').toBeDefined();
  const headings = Object.entries(writtenHeadings ?? {}).map(([text, top]) => ({
    text,
    written: top,
    now: now[text],
  }));
  return { layoutShifts, headings };
}

/** Nothing moved: no shift, and every heading of the written page where it was. */
function expectUnmoved({ layoutShifts, headings }: Awaited<ReturnType<typeof reloadAndMeasure>>) {
  expect(layoutShifts).toEqual([]);
  expect(headings.length).toBeGreaterThan(0);
  expect(headings.filter(({ written, now }) => written !== now)).toEqual([]);
}

/** The build-your-own package: choosing it on /step3 opens /alacarte. */
const BUILD_YOUR_OWN_1_YEAR = 3005;

const continueButton = (page: Page, lang: Language) =>
  page.getByRole('button', { name: t(lang, 'common.continue') });

const h1 = (page: Page, lang: Language, key: string) => async () => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, key));
};

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test(`steps 2 and 3, /alacarte and /payment reloaded with scripts do not move when the app takes them over (${lang})`, async ({
    page,
  }) => {
    await page.addInitScript(recordLayout);
    await openJoin(page, lang, '/step1');
    await fillStepOne(page, lang);
    await continueButton(page, lang).click();
    await expect(page).toHaveURL(/\/step2$/);
    expectUnmoved(await reloadAndMeasure(page, h1(page, lang, 'stepTwo.title')));

    await fillStepTwo(page, lang);
    await continueButton(page, lang).click();
    await expect(page).toHaveURL(/\/step3$/);
    expectUnmoved(await reloadAndMeasure(page, h1(page, lang, 'stepThree.title')));

    const buildYourOwn = packageName(BUILD_YOUR_OWN_1_YEAR, lang);
    await page
      .getByRole('button', { name: t(lang, 'packages.choose', { name: buildYourOwn }) })
      .click();
    await expect(page).toHaveURL(/\/alacarte$/);
    const options = async () => {
      await h1(page, lang, 'alacarte.title')();
      await expect(
        page.getByRole('group', { name: t(lang, 'alacarte.optionsLegend') }),
      ).toBeVisible();
    };
    expectUnmoved(await reloadAndMeasure(page, options, { screenReadsSignup: true }));

    await page.goto('/app/join/step3');
    await choosePackage(page, lang);
    const billing = async () => {
      await expect(
        page.getByRole('heading', { level: 2, name: t(lang, 'checkout.billing.heading') }),
      ).toBeVisible();
    };
    expectUnmoved(await reloadAndMeasure(page, billing, { screenReadsSignup: true }));
  });
}

/**
 * Reloads the page with its scripts held back (a slow phone's connection): the server's page is
 * on screen and usable; `meanwhile` acts on it, then the scripts arrive and the app takes over.
 */
async function reloadWithLateScripts(page: Page, meanwhile: () => Promise<void>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  // Not 'domcontentloaded': that waits for the page's module scripts.
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('#root[data-server-rendered]')).toBeAttached();
  await meanwhile();
  release();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await page.unroute('**/*.js');
}

for (const lang of LANGUAGES) {
  test(`/credentials and /receipt reloaded with scripts are the server's pages, kept when the app takes them over (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.addInitScript(recordLayout);
    await openPaymentView(page, lang);
    await reviewWithGoodCard(page, lang);
    await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();
    await expect(page).toHaveURL(/\/credentials$/, { timeout: 20_000 });

    const credentialsShown = h1(page, lang, 'credentials.title');
    expectUnmoved(await reloadAndMeasure(page, credentialsShown));
    await expectNoSeriousA11yViolations(page, '/credentials reloaded');

    // Typed on the server's page before the app ran: kept, and the app goes on with it (its
    // username check on leaving the field, with the token this tab kept from paying).
    const usernameField = page.getByLabel(t(lang, 'credentials.username'));
    const username = `ana_${unique()}`.slice(0, 30);
    await reloadWithLateScripts(page, () => usernameField.fill(username));
    await expect(usernameField).toHaveValue(username);
    const checked = page.waitForResponse((response) =>
      response.url().includes('/v2/credentials/username?'),
    );
    const password = page.getByLabel(t(lang, 'credentials.password'), { exact: true });
    await password.click();
    expect((await checked).status()).toBe(200);
    await password.fill('Quiet-Harbor-7421!');
    await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t(lang, 'credentials.success.title'),
    );
    await page.getByRole('link', { name: t(lang, 'credentials.success.goNow') }).click();
    await expect(page).toHaveURL(/\/receipt$/);

    // The receipt reloaded: the server writes it for its owner (the credentials logged them in).
    const receiptShown = h1(page, lang, 'receipt.title');
    expectUnmoved(await reloadAndMeasure(page, receiptShown));
    const payment = page.getByRole('region', { name: t(lang, 'receipt.payment.heading') });
    await expect(payment).toContainText('1111');
    await expect(
      payment.getByRole('link', { name: t(lang, 'receipt.downloadPdf') }),
    ).toHaveAttribute('href', /\/v2\/signups\/[\w-]+\/receipt\/pdf\?lang=/);
    await expectNoSeriousA11yViolations(page, '/receipt reloaded');
  });
}

for (const lang of LANGUAGES) {
  test(`a step the person has scrolled and answered before the app arrives stays where it was (${lang})`, async ({
    page,
  }) => {
    await openJoin(page, lang, '/step1');
    const knowsEmail = page.getByRole('group', { name: t(lang, 'stepOne.knowsCoParentEmail') });
    const scrolled = await test.step('answer the page as the server wrote it', async () => {
      let scrollY = 0;
      await reloadWithLateScripts(page, async () => {
        await fillStepOne(page, lang);
        await knowsEmail.getByLabel(t(lang, 'common.no')).check();
        scrollY = await page.evaluate(() => window.scrollY);
      });
      return scrollY;
    });
    // The radio was below the fold: the person scrolled to it, and the app keeps them there.
    expect(scrolled).toBeGreaterThan(0);
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', /.*/);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(knowsEmail.getByLabel(t(lang, 'common.no'))).toBeChecked();
    await continueButton(page, lang).click();
    await expect(page).toHaveURL(/\/step2$/);
  });
}
