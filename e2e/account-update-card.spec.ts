import { translateMessage } from '@coparent/domain';
import { loginViaApi, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// Updating the card on file from the billing page: the checkout's card fields (the sandbox's
// locally), a card the bank declines refused with nothing changed, then a good one saved; the
// billing and subscription pages show it, the renewal charges it, and an email says so.

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test(`update the card in the sandbox (${lang})`, async ({ page }) => {
    await openJoin(page, lang);
    const parent = await paidParentViaApi(page.request, { language: lang });
    await loginViaApi(page.request, parent);
    const visa = t(lang, 'accountBilling.paymentMethod.card', { brand: 'Visa', lastFour: '1881' });
    const mastercard = t(lang, 'accountBilling.paymentMethod.card', {
      brand: 'MasterCard',
      lastFour: '4444',
    });

    await page.goto('/app/account/billing');
    const section = page.getByRole('region', {
      name: t(lang, 'accountBilling.paymentMethod.heading'),
    });
    await expect(section.getByText(visa)).toBeVisible();

    // Keyboard: the button opens the form, and focus moves to it.
    await section.getByRole('button', { name: t(lang, 'accountBilling.update.open') }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 3, name: t(lang, 'accountBilling.update.heading') }),
    ).toBeFocused();
    const number = page.getByLabel(t(lang, 'checkout.card.number'));
    const expiry = page.getByLabel(t(lang, 'checkout.card.expiry'));
    const cvv = page.getByLabel(t(lang, 'checkout.card.cvv'));
    const save = page.getByRole('button', { name: t(lang, 'accountBilling.update.submit') });
    await expect(save).toBeDisabled();
    await expectNoSeriousA11yViolations(page, `card update form (${lang})`);

    // The sandbox's declined test card fails the verification: said, and nothing changes.
    await number.fill('4000 1111 1111 1115');
    await expiry.fill('11/34');
    await cvv.fill('123');
    await save.click();
    const declined = translateMessage('payment_declined_error', lang);
    const summary = page.getByRole('alert').filter({ hasText: declined });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link', { name: declined })).toHaveAttribute(
      'href',
      '#card-number',
    );
    await expect(page.getByText(declined)).toHaveCount(2);
    await expect(section.getByText(visa)).toBeVisible();
    await expectNoSeriousA11yViolations(page, `card refused (${lang})`);

    // A good card: saved, confirmed, shown.
    await number.fill('5555 5555 5555 4444');
    await expiry.fill('11/34');
    await cvv.fill('123');
    await save.click();
    const done = page
      .getByRole('status')
      .filter({ hasText: t(lang, 'accountBilling.update.done') });
    await expect(done).toContainText(mastercard);
    await expect(done.locator('p')).toBeFocused();
    await expect(section.getByText(mastercard).first()).toBeVisible();
    await expect(section.getByText(visa)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, `card updated (${lang})`);

    // What the renewal charges: the subscription page shows the new card.
    await page.goto('/app/account/subscription');
    await expect(page.getByText(mastercard).first()).toBeVisible();

    // The confirmation email, in the account's language: brand and last four, nothing more.
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
          .map((m) => `${m.locale}: ${m.text.includes('4444') && !m.text.includes('5555 5555')}`);
      })
      .toEqual([`${lang}: true`]);
  });
}
