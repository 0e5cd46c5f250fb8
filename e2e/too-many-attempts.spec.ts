import { expectNoSeriousA11yViolations } from './support/axe';
import { openPaymentView, reviewWithGoodCard } from './support/checkout';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// A refusal for too many attempts (429) says how long to wait, from its Retry-After, and Pay now
// works again when the time is up. The server's limits are far above what a test can reach (the
// suite's own calls all come from 127.0.0.1), so the first payment call is answered 429 here as
// the limiter answers it: problem+json and Retry-After.

const WAIT_SECONDS = 3;

for (const lang of LANGUAGES) {
  test(`Pay now refused for too many attempts says how long to wait, then pays (${lang})`, async ({
    page,
  }) => {
    await openPaymentView(page, lang);
    await reviewWithGoodCard(page, lang);
    let refused = 0;
    await page.route('**/v2/signups/*/payment', async (route) => {
      if (refused > 0 || route.request().method() !== 'POST') return route.fallback();
      refused += 1;
      await route.fulfill({
        status: 429,
        headers: {
          'content-type': 'application/problem+json',
          'retry-after': String(WAIT_SECONDS),
        },
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Too many requests, try again later',
          status: 429,
          code: 'RATE_LIMITED',
        }),
      });
    });

    const pay = page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true });
    await pay.click();
    await expect(
      page.getByText(t(lang, 'common.waitSeconds_other', { count: String(WAIT_SECONDS) }), {
        exact: true,
      }),
    ).toBeVisible();
    await expect(pay).toBeDisabled();
    await expectNoSeriousA11yViolations(page, `Review, too many attempts (${lang})`);

    // The wait is over: the message goes and Pay now pays.
    await expect(pay).toBeEnabled({ timeout: (WAIT_SECONDS + 5) * 1000 });
    await expect(
      page.getByText(t(lang, 'common.waitSeconds_other', { count: String(WAIT_SECONDS) })),
    ).toHaveCount(0);
    await pay.click();
    await expect(page).toHaveURL(/\/credentials$/, { timeout: 20_000 });
    expect(refused).toBe(1);
  });
}
