import type { APIRequestContext } from '@playwright/test';
import { loginViaApi, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin, waitForTheApp } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { E2E_STAFF } from './support/staff';
import { expect, test } from './support/test';

// Issue [F6]: the funnel's analytics events leave the browser (batched, and by sendBeacon when
// the page is left), the server stores them, and the staff-only report counts them. Staff is
// the e2e server's seeded staff account (E2E_STAFF; production: `npm run staff`). Other
// tests send events to the same server at the same time, so the report's counts are compared
// before and after: this visitor adds one at each step it reached.

type Report = { steps: { key: string; visitors: number }[] };

async function report(request: APIRequestContext): Promise<Report> {
  const res = await request.get('/v2/admin/funnel?since=24h');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Report;
}

const visitorsAt = (answer: Report, key: string) =>
  answer.steps.find((step) => step.key === key)?.visitors ?? 0;

for (const lang of LANGUAGES) {
  test(`the funnel's events reach the staff report (${lang})`, async ({ page }) => {
    await loginViaApi(page.request, E2E_STAFF);
    const before = await report(page.request);

    await openJoin(page, lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'landing.heading'));
    await page.getByRole('link', { name: t(lang, 'landing.parentsTitle') }).click();
    await expect(page).toHaveURL(/\/coparentstatus$/);
    await page.getByRole('button', { name: t(lang, 'coParentStatus.no') }).click();
    await expect(page).toHaveURL(/\/step1$/);
    // A page load from /coparentstatus (no script there): the app takes step 1 over.
    await waitForTheApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'stepOne.title'));
    const recorded = await page.evaluate(() =>
      (
        (window as unknown as { __analyticsEvents?: { type: string; name?: string }[] })
          .__analyticsEvents ?? []
      ).map((event) => event.name ?? event.type),
    );
    // The landing runs no script: the server recorded its view as it wrote the page (the report
    // below counts it); step 1's is the app's.
    expect(recorded).toEqual(expect.arrayContaining(['/app/join/step1']));

    // Leaving the funnel hands what is still queued to sendBeacon.
    await page.goto('/app/account/admin/funnel');
    await expect
      .poll(async () => visitorsAt(await report(page.request), 'step1'))
      .toBeGreaterThan(visitorsAt(before, 'step1'));
    const after = await report(page.request);
    expect(visitorsAt(after, 'landing')).toBeGreaterThan(visitorsAt(before, 'landing'));

    // The report page, in the language chosen in the funnel.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'adminFunnel.title'));
    const table = page.getByRole('table', { name: t(lang, 'adminFunnel.all.caption') });
    await expect(table.getByRole('row')).toHaveCount(9);
    await expect(
      table.getByRole('rowheader', { name: t(lang, 'adminFunnel.steps.step1') }),
    ).toBeVisible();
    await expect(
      page.getByRole('list', { name: t(lang, 'adminFunnel.chart.heading') }).getByRole('listitem'),
    ).toHaveCount(8);
    await expectNoSeriousA11yViolations(page, '/app/account/admin/funnel');
  });
}

test('a parent who is not staff is refused the report, politely', async ({ page }) => {
  const parent = await paidParentViaApi(page.request);
  await loginViaApi(page.request, parent);
  await page.goto('/app/account/admin/funnel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t('en', 'adminFunnel.staffOnly.title'),
  );
  expect((await page.request.get('/v2/admin/funnel')).status()).toBe(403);
  await expectNoSeriousA11yViolations(page, '/app/account/admin/funnel (not staff)');
});
