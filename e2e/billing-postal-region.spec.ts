import { translateMessage } from '@coparent/domain';
import { expectNoSeriousA11yViolations } from './support/axe';
import { choosePackage, fillReferral, fillTexasAddress } from './support/checkout';
import { completeStepsOneAndTwo, openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// Taxes follow the billing state, so its ZIP code must be one of that state's: a Texas address
// with a Beverly Hills ZIP is refused beside the postal code (the server's ZIP database), and the
// address goes on once the ZIP is Austin's.

for (const lang of LANGUAGES) {
  test(`a ZIP code of another state is refused on Billing, then the right one goes on (${lang})`, async ({
    page,
  }) => {
    await openJoin(page, lang);
    await completeStepsOneAndTwo(page, lang);
    await choosePackage(page, lang);

    await fillTexasAddress(page, lang, { postalCode: '90210' });
    await fillReferral(page, lang);
    await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();

    const message = translateMessage('payment_postalCodeState_error', lang);
    const summary = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
    await expect(summary.getByRole('link', { name: message })).toBeVisible();
    const postal = page.getByLabel(t(lang, 'checkout.billing.postalCode'));
    await expect(postal).toHaveAttribute('aria-invalid', 'true');
    await expect(postal).toHaveAccessibleDescription(new RegExp(message));
    await expectNoSeriousA11yViolations(page, `/payment Billing, ZIP of another state (${lang})`);
    // The summary's link takes the keyboard to the field.
    await summary.getByRole('link', { name: message }).click();
    await expect(postal).toBeFocused();

    await postal.fill('78701');
    await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: t(lang, 'checkout.payment.heading') }),
    ).toBeVisible();
  });
}
