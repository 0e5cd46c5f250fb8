import { translateMessage } from '@coparent/domain';
import { ACCOUNT_TEST_PASSWORD, loginViaApi, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fillTexasAddress } from './support/checkout';
import { openJoin, unique } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { fillInviteCredentials, invitationViaApi, newestInviteLink } from './support/invite';
import { expect, test } from './support/test';

// After the invite: setting credentials signs the co-parent in, the link then only says "You're
// all set", and a later email change happens in the account, with the password and a notice to
// the old address.

type MailboxMessage = { to: string; template: string; text: string };

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`after the invite (${lang})`, () => {
    test.describe.configure({ timeout: 120_000 });

    test('credentials sign the co-parent in; the link then says "You\'re all set"', async ({
      page,
    }) => {
      await openJoin(page, lang);
      const invitation = await invitationViaApi(page.request, { payForCoparent: true });
      const link = await newestInviteLink(page.request, invitation.coParentEmail);

      await page.goto(link.path);
      await page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }).click();
      await expect(page).toHaveURL(/\/app\/join\/invite\/step1$/);
      await page.getByLabel(t(lang, 'phone.number')).fill('2125559876');
      await page.getByRole('button', { name: t(lang, 'common.continue'), exact: true }).click();
      await expect(page).toHaveURL(/\/app\/join\/invite\/billing-info$/);
      await fillTexasAddress(page, lang);
      await page.getByRole('button', { name: t(lang, 'invitePayment.billingInfo.submit') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'credentials.title'),
        { timeout: 15_000 },
      );
      await fillInviteCredentials(page, lang, `bruno_${unique()}`.slice(0, 30));
      await page.locator('#consent-terms').check();
      await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, 'inviteCredentials.success.title') }),
      ).toBeVisible();

      // Signed in already: the account home, not the login page.
      await page.waitForURL(/\/app\/account\/$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountHome.greeting', { name: 'Bruno' }),
        { timeout: 15_000 },
      );

      // The same link again: the invitation is done; no welcome, no packages.
      await page.goto(link.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'inviteCompleted.title'),
      );
      await expect(page).toHaveURL(/\/app\/join\/invite$/);
      await expect(
        page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }),
      ).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `invite completed (${lang})`);
      await page
        .getByRole('main')
        .getByRole('link', { name: t(lang, 'inviteCompleted.login') })
        .click();
      await page.waitForURL(/\/app\/account\//);
      expect(
        await page.evaluate(() => window.sessionStorage.getItem('coparent.inviteToken')),
      ).toBeNull();
    });

    test('the account email change needs the password and tells the old address', async ({
      page,
    }) => {
      const parent = await paidParentViaApi(page.request, { language: lang });
      await openJoin(page, lang);
      await loginViaApi(page.request, parent);
      await page.goto('/app/account/');
      await page.getByRole('link', { name: t(lang, 'accountEmail.homeLink') }).click();
      await expect(page).toHaveURL(/\/app\/account\/email$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountEmail.title'),
      );
      const newEmail = page.getByRole('textbox', { name: t(lang, 'accountEmail.newEmail') });
      await expect(newEmail).toBeVisible({ timeout: 15_000 });
      await expectNoSeriousA11yViolations(page, `account email (${lang})`);

      // A wrong password: the summary takes focus and names it; nothing changes.
      const moved = `moved.${unique()}@example.com`;
      await newEmail.fill(moved);
      const password = page.getByLabel(t(lang, 'accountEmail.currentPassword'), { exact: false });
      await password.fill('Not-The-Password-1');
      await page.getByRole('button', { name: t(lang, 'accountEmail.submit') }).click();
      const summary = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
      await expect(summary).toBeFocused();
      await expect(summary).toContainText(
        translateMessage('accountEmail_currentPasswordWrong_error', lang),
      );
      await expectNoSeriousA11yViolations(page, `account email, wrong password (${lang})`);

      await password.fill(ACCOUNT_TEST_PASSWORD);
      await page.getByRole('button', { name: t(lang, 'accountEmail.submit') }).click();
      const done = page.getByText(t(lang, 'accountEmail.done', { email: moved }));
      await expect(done).toBeVisible();
      await expectNoSeriousA11yViolations(page, `account email changed (${lang})`);

      // The notice went to the old address, in the account's language, naming the new one.
      const answer = await page.request.get(
        `/v2/dev/mailbox?to=${encodeURIComponent(parent.email)}&limit=20`,
      );
      const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
      const notice = messages.find((m) => m.template === 'email-changed-notice');
      expect(notice?.text).toContain(moved);
      expect(notice?.text).toContain(lang === 'en' ? 'was changed to' : 'se cambió a');
    });
  });
}
