import { translateMessage } from '@coparent/domain';
import { expectNoSeriousA11yViolations } from './support/axe';
import { completeStepsOneAndTwo, openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// The subscription code box on /step3 says why a code is refused (the demo catalog's codes: one
// already used, one expired, one in pounds for a US parent, one that does not exist), and
// checks each code with one call, not a price per package.

for (const lang of LANGUAGES) {
  test(`each refused code says why, one call per code (${lang})`, async ({ page }) => {
    await openJoin(page, lang);
    await completeStepsOneAndTwo(page, lang);
    const pricingCalls: string[] = [];
    const codeChecks: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST') return;
      if (request.url().endsWith('/pricing')) pricingCalls.push(request.url());
      if (request.url().endsWith('/codes/check')) codeChecks.push(request.url());
    });

    await page.getByRole('button', { name: t(lang, 'packages.codeToggle') }).click();
    const field = page.getByRole('textbox', { name: t(lang, 'packages.codeLabel') });
    const apply = page.getByRole('button', { name: t(lang, 'packages.apply'), exact: true });
    for (const [code, key] of [
      ['PRO-NOPE-0', 'code_unknown_error'],
      ['PRO-USED-DEMO1', 'code_used_error'],
      ['PRO-OLD-DEMO1', 'code_expired_error'],
      ['PRO-GBP40-DEMO1', 'code_otherCountry_error'],
    ] as const) {
      await field.fill(code);
      await apply.click();
      await expect(field).toHaveAccessibleDescription(
        new RegExp(translateMessage(key, lang).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    }
    await expectNoSeriousA11yViolations(page, `/step3 with a refused code (${lang})`);

    await field.fill('PRO-USD50-DEMO1');
    await apply.click();
    await expect(
      page.getByText(t(lang, 'packages.codeApplied', { code: 'PRO-USD50-DEMO1' })),
    ).toBeVisible();
    expect(codeChecks).toHaveLength(5);
    expect(pricingCalls).toEqual([]);
  });
}
