import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { invitationViaApi, newestInviteLink } from './support/invite';
import { expect, test } from './support/test';

// The invited co-parent's first screens, from an emailed link read in the development mailbox as
// a person would read it from their email (the professional's family: the one the server seeds).

type MailboxMessage = { to: string; template: string; text: string };

/**
 * A fresh co-parent invitation (Parent A, Ana López, paid without or with the co-parent, Bruno
 * López, as the demo's seeded ones): its link read from the development mailbox, as a person
 * reads their email. The seeded ones are not used: on a long run other emails push them out of
 * the mailbox's newest page.
 */
async function invitePath(page: Page, { paid }: { paid: boolean }): Promise<string> {
  const invitation = await invitationViaApi(page.request, { payForCoparent: paid });
  return (await newestInviteLink(page.request, invitation.coParentEmail)).path;
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`invite (${lang})`, () => {
    test('the emailed link opens the welcome; a bad link leads to a new-link request', async ({
      page,
    }) => {
      await openJoin(page, lang);
      const path = await invitePath(page, { paid: false });
      const token = new URL(path, 'http://x').searchParams.get('token') ?? '';

      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'invite.welcome.title'),
      );
      await expect(page.getByText(t(lang, 'invite.welcome.invited'))).toBeVisible();
      for (const name of ['Ana López', 'Bruno López', 'Carla López']) {
        await expect(page.getByText(name, { exact: true })).toBeVisible();
      }
      await expect(page.getByText(t(lang, 'invite.welcome.paid'))).toHaveCount(0);
      // The token left the address bar (and history) for a cookie no script of the page reads.
      await expect(page).toHaveURL(/\/app\/join\/invite$/);
      expect(
        await page.evaluate(() => JSON.stringify({ ...window.sessionStorage }) + document.cookie),
      ).not.toContain(token);
      const kept = (await page.context().cookies()).find((c) => c.name === 'coparent_invite');
      expect(kept).toMatchObject({ value: token, httpOnly: true });
      await page.getByText(t(lang, 'invite.faq.howItWorks.question')).click();
      await expect(page.getByText(t(lang, 'invite.faq.howItWorks.answer'))).toBeVisible();
      await expectNoSeriousA11yViolations(page, `invite welcome (${lang})`);

      await page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }).click();
      await expect(page).toHaveURL(/\/app\/join\/invite\/step1$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'invite.stepOne.title'),
      );
      await expectNoSeriousA11yViolations(page, `invite step 1 placeholder (${lang})`);

      // A token the server does not know: 403 INVITE_INVALID → /invite/request; asking with it
      // fails (404 INVITE_REQUEST_FAILED, the spec's 111).
      await page.goto('/app/join/invite?token=not-a-real-invite-token');
      await expect(page).toHaveURL(/\/app\/join\/invite\/request$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'invite.request.title'),
      );
      await expectNoSeriousA11yViolations(page, `invite request (${lang})`);
      await page.getByRole('button', { name: t(lang, 'invite.request.send') }).click();
      await expect(page.getByRole('alert')).toContainText(t(lang, 'invite.request.failed'));
      await expectNoSeriousA11yViolations(page, `invite request failed (${lang})`);
    });

    test('a paid co-parent is told the subscription is paid', async ({ page }) => {
      await openJoin(page, lang);
      await page.goto(await invitePath(page, { paid: true }));
      await expect(page.getByText(t(lang, 'invite.welcome.paid'))).toBeVisible();
      await expect(page).toHaveURL(/\/app\/join\/invite$/);
    });

    test('a family set up by a professional names the professional', async ({ page }) => {
      await openJoin(page, lang);
      // The professional invitations only: other emails of a long run would push it out.
      const answer = await page.request.get(
        '/v2/dev/mailbox?template=professional-invitation&limit=100',
      );
      const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
      const message = messages.find((m) => m.to.startsWith('demo.pro-coparent.'));
      const path = /\/app\/join\/invite\?token=[A-Za-z0-9_%-]+/.exec(message?.text ?? '')?.[0];
      if (!path) throw new Error('no seeded professional invitation in the mailbox');
      await page.goto(path);
      await expect(
        page.getByText(t(lang, 'invite.welcome.proInvited', { pro: 'Patricia Reyes' })),
      ).toBeVisible();
      for (const name of ['Diego Ramos', 'Elena Ramos']) {
        await expect(page.getByText(name, { exact: true })).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page, `invite welcome from a professional (${lang})`);
    });

    test('without a token: the steps and the support email', async ({ page }) => {
      await openJoin(page, lang);
      await page.goto('/app/join/invite/request');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'invite.request.noTokenTitle'),
      );
      await expect(page.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
      await expectNoSeriousA11yViolations(page, `invite request without a token (${lang})`);
    });

    test('a legacy co-parent path goes to the account billing page', async ({ page }) => {
      await page.goto('/app/join/payment/parentb');
      await page.waitForURL(/\/app\/account\/billing$/);
    });
  });
}
