import type { Page } from '@playwright/test';
import { packageName } from './support/catalog';
import { US_PHONE, unique, waitForTheApp } from './support/funnel';
import { t } from './support/i18n';
import { expect, test } from './support/test';

// Issue [F8]: each step transition of Parent A's funnel costs at most one blocking API round trip
// (docs/web.md, "Budgets and speed"). A call blocks a transition when it started
// after the click and both started and finished before the next screen was ready, read in the page's own
// clock (Resource Timing and a MutationObserver); answers from the browser's cache do not count,
// nor do calls the next screen starts once it is on the page (its prefetches for the step after:
// a wrapper around `fetch` notes them as they start, because the observer's timestamp comes only
// after the task that wrote the screen, and a fast answer can end before it).
// Only the order of these moments is compared, never their durations.

const PREMIUM_1_YEAR = 3003;

/** What shows that the next screen is ready: an element of `selector` with this text (or label). */
type Ready = { selector: string; text: string };
type Call = { path: string; startedAt: number; finishedAt: number };

/** Starts watching, in the page, for the next click and then for the next screen to be ready. */
async function armTransition(page: Page, ready: Ready) {
  await page.evaluate(({ selector, text }) => {
    const mark: { clickedAt?: number; readyAt?: number; startedOnScreen: string[] } = {
      startedOnScreen: [],
    };
    (window as unknown as { transition: typeof mark }).transition = mark;
    document.addEventListener(
      'click',
      () => {
        mark.clickedAt = performance.now();
      },
      { capture: true, once: true },
    );
    const isReady = () =>
      [...document.querySelectorAll(selector)].some(
        (el) => el.textContent?.includes(text) || el.getAttribute('aria-label') === text,
      );
    // The paths the next screen fetches once it is on the page.
    const win = window as unknown as { fetch: typeof fetch; originalFetch?: typeof fetch };
    const originalFetch = win.originalFetch ?? win.fetch;
    win.originalFetch = originalFetch;
    win.fetch = (input, init) => {
      if (mark.clickedAt !== undefined && isReady()) {
        const url = input instanceof Request ? input.url : String(input);
        mark.startedOnScreen.push(new URL(url, window.location.href).pathname);
      }
      return originalFetch(input, init);
    };
    // A mutation observer notes when React has written the screen.
    const observer = new MutationObserver(() => {
      if (mark.clickedAt === undefined || !isReady()) return;
      mark.readyAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, ready);
}

/**
 * The API calls the transition waited for. Excluded, as they block nothing: analytics events (sent
 * in the background) and the places check (`GET /v2/places`: the billing form shows at once and
 * its address line becomes a combobox only if the server answers it has a provider).
 */
async function blockingCalls(page: Page, ready: Ready): Promise<Call[]> {
  // A click that loaded a new document (a link from a page written with no script) leaves no
  // watch behind: the next screen came in that document's HTML, so no API call stood before it.
  await page.waitForFunction(
    () =>
      !(window as unknown as { transition?: unknown }).transition ||
      (window as unknown as { transition: { readyAt?: number } }).transition.readyAt,
  );
  if (!(await page.evaluate(() => 'transition' in window))) {
    await expect(
      page.locator(ready.selector).filter({ hasText: ready.text }).first(),
    ).toBeAttached();
    return [];
  }
  return page.evaluate(() => {
    const {
      clickedAt = 0,
      readyAt = 0,
      startedOnScreen,
    } = (
      window as unknown as {
        transition: { clickedAt?: number; readyAt?: number; startedOnScreen: string[] };
      }
    ).transition;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((e) => ({ e, path: new URL(e.name).pathname }))
      .filter(
        ({ e, path }) =>
          path.startsWith('/v2/') &&
          !path.startsWith('/v2/events') &&
          path !== '/v2/places' &&
          e.startTime >= clickedAt &&
          e.startTime < readyAt &&
          e.responseEnd <= readyAt &&
          !startedOnScreen.includes(path) &&
          !(e.transferSize === 0 && e.decodedBodySize > 0), // served from the HTTP cache
      )
      .map(({ e, path }) => ({ path, startedAt: e.startTime, finishedAt: e.responseEnd }));
  });
}

/** The longest chain of calls where each started only after the previous one had finished. */
function roundTrips(calls: Call[]): number {
  const sorted = [...calls].sort((a, b) => a.startedAt - b.startedAt);
  const depth = new Map<Call, number>();
  for (const call of sorted) {
    const before = sorted.filter((c) => c.finishedAt <= call.startedAt);
    depth.set(call, 1 + Math.max(0, ...before.map((c) => depth.get(c) ?? 0)));
  }
  return Math.max(0, ...depth.values());
}

test('each step transition from /signup to the billing form costs at most one API round trip', async ({
  page,
}) => {
  const continueButton = page.getByRole('button', { name: t('en', 'common.continue') });
  const transitions: { name: string; calls: string[]; rounds: number }[] = [];

  /** Clicks, waits for the next screen's marker, and keeps what was waited for. */
  async function transition(name: string, click: () => Promise<void>, ready: Ready) {
    await armTransition(page, ready);
    await click();
    const calls = await blockingCalls(page, ready);
    const rounds = roundTrips(calls);
    transitions.push({ name, calls: calls.map((c) => c.path), rounds });
    test.info().annotations.push({
      type: name,
      description: `${rounds} round trip(s): ${calls.map((c) => c.path).join(', ') || 'none'}`,
    });
  }
  const h1 = (key: string): Ready => ({ selector: 'h1', text: t('en', key) });

  // The treatment arm goes from the landing page straight to step 1.
  await page.goto('/app/join/signup?flags=remove-coparent-status:Treatment');
  await expect(
    page.getByRole('heading', { level: 1, name: t('en', 'landing.heading') }),
  ).toBeVisible();

  await transition(
    '/signup → /step1',
    () => page.getByRole('link', { name: t('en', 'landing.parentsTitle') }).click(),
    h1('stepOne.title'),
  );
  // That was a page load (the landing runs no script): the app takes step 1 over.
  await waitForTheApp(page);

  await page.getByLabel(t('en', 'stepOne.firstName')).fill('Ana');
  await page.getByLabel(t('en', 'stepOne.lastName')).fill('García');
  await page.getByLabel(t('en', 'stepOne.email')).fill(`parent.${unique()}@example.com`);
  await page.getByLabel(t('en', 'phone.countryCode')).selectOption(US_PHONE.code);
  await page.getByLabel(t('en', 'phone.number')).fill(US_PHONE.number);
  await page
    .getByRole('group', { name: t('en', 'stepOne.knowsCoParentEmail') })
    .getByLabel(t('en', 'common.yes'))
    .check();
  await transition('/step1 → /step2', () => continueButton.click(), h1('stepTwo.title'));

  const coParent = page.getByRole('group', { name: t('en', 'stepTwo.coParentLegend') });
  await coParent.getByLabel(t('en', 'stepTwo.firstName')).fill('Luis');
  await coParent.getByLabel(t('en', 'stepTwo.lastName')).fill('Pérez');
  await coParent
    .getByLabel(t('en', 'stepTwo.email'), { exact: false })
    .fill(`coparent.${unique()}@example.com`);
  const child = page.getByRole('group', { name: t('en', 'stepTwo.childLegend', { number: '1' }) });
  await child.getByLabel(t('en', 'stepTwo.firstName')).fill('Sofía');
  await child.getByLabel(t('en', 'stepTwo.lastName')).fill('Pérez');
  const premium = t('en', 'packages.choose', { name: packageName(PREMIUM_1_YEAR, 'en') });
  // Step 3 is ready once its packages (and their prices) are on screen.
  await transition('/step2 → /step3', () => continueButton.click(), {
    selector: 'button',
    text: premium,
  });

  // The payment page is ready once its billing form is.
  await transition(
    '/step3 → /payment billing',
    () => page.getByRole('button', { name: premium, exact: true }).click(),
    { selector: 'label', text: t('en', 'checkout.billing.country') },
  );

  // /payment opens from the package save's answer (the signup and its price): no second call.
  expect(transitions.filter(({ rounds }) => rounds > 1)).toEqual([]);
});
