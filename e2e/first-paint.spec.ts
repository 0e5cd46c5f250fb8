import { openJoin } from './support/funnel';
import { expect, test } from './support/test';

// Issue [F8]: on a slow phone the app's JavaScript takes seconds to arrive; until it runs the page
// shows its header frame (index.html, styled by the stylesheet in the head), not a blank screen.

test('before its JavaScript runs, a join page shows the styled header frame', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/app/join/step1');
  const brand = page.getByRole('banner').getByText('CoParent Hub');
  await expect(brand).toBeVisible();
  // The global stylesheet applies before any script: the brand has the header's weight.
  expect(await brand.evaluate((element) => getComputedStyle(element).fontWeight)).toBe('700');
  await context.close();
});

test('once the app renders, its own header replaces the frame', async ({ page }) => {
  await openJoin(page, 'en', '/step1');
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});
