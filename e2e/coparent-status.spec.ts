import type { Page } from '@playwright/test';
import { loginViaApi, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// Parent A's home says where the co-parent stands (invited, when, by email) and emails the
// invitation again with a new link, by keyboard, in both languages, with axe. The e2e server lets
// a new link follow at once (INVITE_REQUEST_INTERVAL_SECONDS=0).

test.describe.configure({ mode: 'parallel' });

/** The new-link emails the co-parent received, newest first. */
async function newLinksTo(page: Page, address: string) {
  const answer = await page.request.get(`/v2/dev/mailbox?to=${encodeURIComponent(address)}`);
  const { messages } = (await answer.json()) as {
    messages: { template: string; locale: string; text: string }[];
  };
  return messages.filter((message) => message.template === 'invite-new-link');
}

for (const lang of LANGUAGES) {
  test.describe(`the co-parent's status (${lang})`, () => {
    test('Parent A reads that the co-parent is invited by email and sends the invitation again', async ({
      page,
    }) => {
      await openJoin(page, lang);
      const parent = await paidParentViaApi(page.request, { language: lang, firstName: 'Ana' });
      await loginViaApi(page.request, parent);

      await page.goto('/app/account/');
      const card = page.getByRole('region', {
        name: t(lang, 'accountHome.coParentStatus.heading'),
      });
      await expect(card).toContainText(
        t(lang, 'accountHome.coParentStatus.invited', { name: 'Bruno' }),
      );
      await expect(card).toContainText(parent.coParentEmail);
      await expectNoSeriousA11yViolations(page, `co-parent status invited (${lang})`);

      const send = card.getByRole('button', {
        name: t(lang, 'accountHome.coParentStatus.resendByEmail'),
      });
      await send.focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByText(t(lang, 'accountHome.coParentStatus.sent', { email: parent.coParentEmail })),
      ).toBeVisible();
      await expect.poll(async () => (await newLinksTo(page, parent.coParentEmail)).length).toBe(1);
      const [mail] = await newLinksTo(page, parent.coParentEmail);
      expect(mail?.locale).toBe(lang);
      expect(mail?.text).toContain('/app/join/invite?token=');
      await expectNoSeriousA11yViolations(page, `co-parent status sent (${lang})`);
    });
  });
}
