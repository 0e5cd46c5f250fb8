import { translateMessage } from '@coparent/domain';
import { loginViaApi, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// The account billing page, reached the way old bookmarks reach it (a legacy co-parent path of
// the join funnel), and the account setup page of an invited co-parent.

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`account billing (${lang})`, () => {
    test('a legacy path lands on the billing page; a bad postal code is refused, a good one saved', async ({
      page,
    }) => {
      await openJoin(page, lang);
      const parent = await paidParentViaApi(page.request, { language: lang });
      await loginViaApi(page.request, parent);

      await page.goto('/app/join/payment/parentb');
      await expect(page).toHaveURL(/\/app\/account\/billing$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountBilling.title'),
      );
      // The card of the sandbox's valid nonce, and the Texas billing address of the checkout.
      await expect(
        page.getByText(
          t(lang, 'accountBilling.paymentMethod.card', { brand: 'Visa', lastFour: '1881' }),
        ),
      ).toBeVisible();
      await expect(page.getByText(parent.email)).toBeVisible();
      const postal = page.getByLabel(t(lang, 'accountBilling.form.postalCode'));
      await expect(page.getByLabel(t(lang, 'accountBilling.form.address'))).toHaveValue(
        '1 Main St',
      );
      await expect(page.getByLabel(t(lang, 'accountBilling.form.region'))).toHaveValue('TX');
      await expect(postal).toHaveValue('73301');
      await expectNoSeriousA11yViolations(page, `account billing (${lang})`);

      // A postal code that is not a US one: the error beside the field and in the summary.
      const invalid = translateMessage('signup_postalCode_error', lang);
      await postal.fill('ABCDE');
      await page.getByRole('button', { name: t(lang, 'accountBilling.form.submit') }).click();
      const summary = page.getByRole('alert').filter({ has: page.getByRole('link') });
      await expect(summary.getByRole('link', { name: invalid })).toBeVisible();
      await expect(postal).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('#billing-postalCode-error')).toContainText(invalid);
      await expectNoSeriousA11yViolations(page, `account billing errors (${lang})`);

      // Fixed: saved, and a reload shows the saved value.
      await postal.fill('78701');
      await page.getByRole('button', { name: t(lang, 'accountBilling.form.submit') }).click();
      await expect(
        page.getByRole('status').filter({ hasText: t(lang, 'accountBilling.saved') }),
      ).toBeVisible();
      await expect(summary).toHaveCount(0);
      await page.reload();
      await expect(page.getByLabel(t(lang, 'accountBilling.form.postalCode'))).toHaveValue('78701');
      const saved = await page.request.get('/v2/account/billing');
      expect(((await saved.json()) as { address: { postalCode: string } }).address.postalCode).toBe(
        '78701',
      );
    });

    test('without a session the billing page asks to log in', async ({ page }) => {
      await openJoin(page, lang);
      await page.goto('/app/account/billing');
      await expect(page).toHaveURL(/\/app\/account\/login\?returnTo=%2Fbilling$/, {
        timeout: 15_000,
      });
    });

    test("the setup page lists an invited co-parent's steps from the invitation link", async ({
      page,
    }) => {
      await openJoin(page, lang);
      // A seeded invitation (Parent A paid without the co-parent): its link, as emailed.
      const answer = await page.request.get('/v2/dev/mailbox?limit=100');
      const { messages } = (await answer.json()) as { messages: { to: string; text: string }[] };
      const invitePath = messages
        .filter((m) => m.to.startsWith('demo.coparent.'))
        .map((m) => /\/app\/join\/invite\?token=[A-Za-z0-9_%-]+/.exec(m.text)?.[0])
        .find((path) => path !== undefined);
      if (!invitePath) throw new Error('no seeded co-parent invitation in the mailbox');

      // The welcome keeps the token for this tab; the setup page reads it.
      await page.goto(invitePath);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'invite.welcome.title'),
      );
      await page.goto('/app/account/setup');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountSetup.title'),
      );
      for (const item of ['credentials', 'terms', 'package']) {
        await expect(
          page.getByText(t(lang, `accountSetup.tasks.${item}`), { exact: true }),
        ).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page, `account setup checklist (${lang})`);
    });

    test('the setup page without an invitation explains where the setup continues', async ({
      page,
    }) => {
      await openJoin(page, lang);
      await page.goto('/app/account/setup');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountSetup.title'),
      );
      await expect(page.getByText(t(lang, 'accountSetup.noInvite.text'))).toBeVisible();
      await expect(
        page.getByRole('link', { name: t(lang, 'accountSetup.noInvite.request') }),
      ).toHaveAttribute('href', '/app/join/invite/request');
      await expect(page.getByRole('link', { name: t(lang, 'accountSetup.login') })).toHaveAttribute(
        'href',
        '/app/account/login',
      );
      await expectNoSeriousA11yViolations(page, `account setup (${lang})`);
    });
  });
}
