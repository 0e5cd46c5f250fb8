import { expect, type Page } from '@playwright/test';

/**
 * Records every Content-Security-Policy violation of the page: the `securitypolicyviolation`
 * events of each document and Chromium's console reports. Call before the first navigation;
 * `expectNone` fails the test when the app broke its own policy anywhere on the way.
 */
export async function watchCspViolations(page: Page) {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const store = window as unknown as { __cspViolations?: string[] };
    store.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      store.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return {
    async expectNone() {
      const events = await page.evaluate(
        () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      );
      expect({ events, console }, 'CSP violations').toEqual({ events: [], console: [] });
    },
  };
}
