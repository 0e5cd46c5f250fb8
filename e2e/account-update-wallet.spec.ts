import { loginViaApi, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// A wallet as the method on file, from the billing page: under the checkout's PayPal experiment
// the page offers the checkout's wallets; PayPal's sandbox stand-in approves, the billing and
// subscription pages show PayPal, and the confirmation email names it.

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test(`switch to PayPal in the sandbox (${lang})`, async ({ page }) => {
    await openJoin(page, lang);
    const parent = await paidParentViaApi(page.request, { language: lang });
    await loginViaApi(page.request, parent);
    const visa = t(lang, 'accountBilling.paymentMethod.card', { brand: 'Visa', lastFour: '1881' });
    const paypal = t(lang, 'accountBilling.paymentMethod.types.PAYPAL');

    await page.goto('/app/account/billing?flags=paypal-in-join:Treatment');
    const section = page.getByRole('region', {
      name: t(lang, 'accountBilling.paymentMethod.heading'),
    });
    await expect(section.getByText(visa)).toBeVisible();

    // Keyboard only: open the form, choose PayPal, approve it in the stand-in's dialog.
    await section.getByRole('button', { name: t(lang, 'accountBilling.update.open') }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 3, name: t(lang, 'accountBilling.update.headingAny') }),
    ).toBeFocused();
    const card = page.getByRole('radio', { name: t(lang, 'checkout.methods.CREDIT_CARD') });
    await card.focus();
    await page.keyboard.press('ArrowDown');
    await expect(
      page.getByRole('radio', { name: t(lang, 'checkout.methods.PAYPAL') }),
    ).toBeChecked();
    const save = page.getByRole('button', {
      name: t(lang, 'accountBilling.update.submitWallet', { method: 'PayPal' }),
    });
    await expect(save).toBeDisabled();
    await expectNoSeriousA11yViolations(page, `wallet choice (${lang})`);

    await page
      .getByRole('button', { name: t(lang, 'checkout.wallet.continue', { method: 'PayPal' }) })
      .focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('button', { name: t(lang, 'checkout.wallet.approve', { method: 'PayPal' }) })
      .click();
    await expect(
      page.getByText(t(lang, 'checkout.wallet.ready', { method: 'PayPal' })),
    ).toBeVisible();
    await save.click();

    const done = page
      .getByRole('status')
      .filter({ hasText: t(lang, 'accountBilling.update.doneWallet') });
    await expect(done).toContainText(paypal);
    await expect(done.locator('p')).toBeFocused();
    await expect(section.getByText(visa)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `wallet saved (${lang})`);

    // What the renewal charges: the subscription page shows PayPal too.
    await page.goto('/app/account/subscription');
    await expect(page.getByText(paypal, { exact: true }).first()).toBeVisible();

    // The confirmation email names the wallet, in the account's language.
    await expect
      .poll(async () => {
        const answer = await page.request.get(
          `/v2/dev/mailbox?to=${encodeURIComponent(parent.email)}&limit=20`,
        );
        const { messages } = (await answer.json()) as {
          messages: { template: string; locale: string; text: string }[];
        };
        return messages
          .filter((m) => m.template === 'payment-method-updated')
          .map((m) => `${m.locale}: ${m.text.includes('PayPal')}`);
      })
      .toEqual([`${lang}: true`]);
  });
}
