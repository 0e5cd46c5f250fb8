import { translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { ACCOUNT_TEST_PASSWORD, loginViaApi, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fillTexasAddress } from './support/checkout';
import { openJoin, unique } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { fillInviteCredentials, invitationViaApi, newestInviteLink } from './support/invite';
import { expect, test } from './support/test';

// After the invite: setting credentials signs the co-parent in, the link then only says "You're
// all set", and a later email change happens in the account: the password, a link to the new
// address that makes the change, and notices to the old one.

type MailboxMessage = { to: string; template: string; text: string };

/** The newest email of `template` the local mailbox holds for `to`. */
async function newestMail(page: Page, to: string, template: string) {
  const answer = await page.request.get(`/v2/dev/mailbox?to=${encodeURIComponent(to)}&limit=20`);
  const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
  return messages.find((m) => m.template === template);
}

/** The account's email as the session call reads it. */
async function sessionEmail(page: Page): Promise<string | undefined> {
  const answer = await page.request.get('/v2/account/session');
  return ((await answer.json()) as { email?: string }).email;
}

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

    test('the account email change needs the password, a link to the new address, and tells the old one', async ({
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

      // The right one: a link goes to the new address; the change waits for it.
      await newEmail.fill(moved);
      await password.fill(ACCOUNT_TEST_PASSWORD);
      await page.getByRole('button', { name: t(lang, 'accountEmail.submit') }).click();
      const waiting = page.getByRole('region', { name: t(lang, 'accountEmail.pending.heading') });
      await expect(waiting).toBeFocused();
      await expect(waiting).toContainText(moved);
      await expectNoSeriousA11yViolations(page, `account email waiting for the link (${lang})`);
      const requested = await newestMail(page, parent.email, 'email-change-requested');
      expect(requested?.text).toContain(moved);
      expect(await sessionEmail(page)).toBe(parent.email);

      // The link, opened where nobody is logged in (the phone that reads the new mailbox).
      const link = await newestMail(page, moved, 'email-change-confirm');
      const path = /\/app\/account\/email\/confirm\?token=[A-Za-z0-9_-]+/.exec(
        link?.text ?? '',
      )?.[0];
      expect(path).toBeDefined();
      await page.context().clearCookies({ name: 'cp_session' });
      await page.goto(path ?? '');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountEmailConfirm.title'),
      );
      // The token leaves the address bar at once.
      await expect(page).toHaveURL(/\/app\/account\/email\/confirm$/);
      await expectNoSeriousA11yViolations(page, `email change link (${lang})`);
      await page.getByRole('button', { name: t(lang, 'accountEmailConfirm.submit') }).click();
      const done = page.getByText(t(lang, 'accountEmailConfirm.done', { email: moved }));
      await expect(done).toBeVisible();
      await expectNoSeriousA11yViolations(page, `account email changed (${lang})`);

      // The notice went to the old address, in the account's language, naming the new one.
      const notice = await newestMail(page, parent.email, 'email-changed-notice');
      expect(notice?.text).toContain(moved);
      expect(notice?.text).toContain(lang === 'en' ? 'was changed to' : 'se cambió a');
      await loginViaApi(page.request, parent);
      expect(await sessionEmail(page)).toBe(moved);

      // The same link again: used, with a way to start again.
      await page.goto(path ?? '');
      await page.getByRole('button', { name: t(lang, 'accountEmailConfirm.submit') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountEmailConfirm.invalidTitle'),
      );
      await expect(page.getByText(t(lang, 'accountEmailConfirm.invalid'))).toBeVisible();
      await expect(
        page.getByRole('link', { name: t(lang, 'accountEmailConfirm.startAgain') }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `email change link used (${lang})`);
    });
  });
}
