import type { Page } from '@playwright/test';

/**
 * A browser that supports Apple Pay: Safari's ApplePaySession, defined before the page's scripts
 * run (Chromium has none, so without this the payment page offers no Apple Pay).
 */
export async function offerApplePay(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'ApplePaySession', {
      configurable: true,
      value: { canMakePayments: () => true },
    });
  });
}
