import type { Page } from '@playwright/test';
import { packageName } from './support/catalog';
import { choosePackage } from './support/checkout';
import { fillStepOne, fillStepTwo, openJoin } from './support/funnel';
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
 * Reloads the page, checks the server wrote it, and waits until the app has it and has read the
 * signup as the step opens (the moment a screen could swap in its own). Answers the shifts it
 * made and, for each heading the server's page showed, where it started and where it is now.
 */
async function reloadAndMeasure(page: Page, screenShows: () => Promise<void>) {
  const signupRead = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && /\/v2\/signups\/[\w-]+$/.test(response.url()),
  );
  const response = await page.reload();
  expect(await response?.text()).toContain('<div id="root" data-server-rendered');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await signupRead;
  await screenShows();
  // The answer's render is painted (and its shifts reported) by the second frame after it.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
      ),
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
    expectUnmoved(await reloadAndMeasure(page, options));

    await page.goto('/app/join/step3');
    await choosePackage(page, lang);
    const billing = async () => {
      await expect(
        page.getByRole('heading', { level: 2, name: t(lang, 'checkout.billing.heading') }),
      ).toBeVisible();
    };
    expectUnmoved(await reloadAndMeasure(page, billing));
  });
}
