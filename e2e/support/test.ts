import { test as base, type ConsoleMessage } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The browser's own line for an API call that answered an error or did not answer ("Failed to
 * load resource: the server responded with a status of 401"): the screens make these calls and
 * handle their answers by design (a session probe, a form's validationErrors, an outage page), and
 * each spec asserts what the screen then shows. Any other resource that fails (a favicon, a
 * script, a style) counts.
 */
function isHandledApiAnswer(message: ConsoleMessage): boolean {
  const { pathname } = new URL(message.location().url || 'about:blank');
  return (
    message.text().startsWith('Failed to load resource') &&
    ['/v2/', '/ofrep/', '/pub/'].some((prefix) => pathname.startsWith(prefix))
  );
}

type ConsoleFixtures = {
  /** Messages a test expects (a spec that takes the server down): matched ones are not failures. */
  expectedConsoleMessages: RegExp[];
};

/**
 * Playwright's `test`, failing any test in which a page logs a console error or warning, or
 * throws an uncaught error: every screen stays quiet. Every spec imports `test` from here.
 * A page the server rendered is shown before its script runs, and its forms and links work
 * without it (the no-JavaScript spec walks them); a test that opens one waits until the app has
 * taken it over, so what it does next is what a person does with the app running.
 */
export const test = base.extend<ConsoleFixtures>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const serverRendered = page.locator('#root[data-server-rendered]');
      if (options?.waitUntil !== 'commit' && (await serverRendered.count()) > 0) {
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      }
      return response;
    };
    await use(page);
  },
  expectedConsoleMessages: [[], { option: true }],
  context: async ({ context, expectedConsoleMessages }, use, testInfo) => {
    const problems: string[] = [];
    const expected = (text: string) =>
      expectedConsoleMessages.some((pattern) => pattern.test(text));
    context.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      if (isHandledApiAnswer(message) || expected(message.text())) return;
      const page = message.page()?.url() ?? '';
      problems.push(`${message.type()} on ${page}: ${message.text()} (${message.location().url})`);
    });
    context.on('weberror', (error) => {
      const text = String(error.error());
      if (!expected(text)) problems.push(`uncaught on ${error.page()?.url() ?? ''}: ${text}`);
    });
    await use(context);
    if (problems.length > 0 && testInfo.status === testInfo.expectedStatus) {
      throw new Error(`The browser console was not quiet:\n${problems.join('\n')}`);
    }
  },
});
