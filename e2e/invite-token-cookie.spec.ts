import type { Page } from '@playwright/test';
import { paidParentViaApi } from './support/account';
import { openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// The invitation's token leaves the page's reach: the link's page keeps it in an HttpOnly cookie,
// the tab stores no copy, and a reload of a later screen still finds the invitation.

type MailboxMessage = { to: string; text: string };

async function invitationToken(page: Page, coParentEmail: string): Promise<string> {
  const answer = await page.request.get(
    `/v2/dev/mailbox?to=${encodeURIComponent(coParentEmail)}&limit=10`,
  );
  const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
  for (const message of messages) {
    const token = /\/app\/join\/invite\?token=([A-Za-z0-9_-]+)/.exec(message.text)?.[1];
    if (token) return token;
  }
  throw new Error(`no invitation for ${coParentEmail} in the mailbox`);
}

for (const lang of LANGUAGES) {
  test(`the invitation's token is kept where no script reads it (${lang})`, async ({ page }) => {
    await openJoin(page, lang);
    const parent = await paidParentViaApi(page.request, { language: lang });
    const token = await invitationToken(page, parent.coParentEmail);
    const welcome = await page.goto(`/app/join/invite?token=${token}`);
    // The page the link opens holds the token nowhere (its answer puts it in the cookie).
    expect(await welcome?.text()).not.toContain(token);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t(lang, 'invite.welcome.title'),
    );
    await expect(page).toHaveURL(/\/app\/join\/invite$/);
    await page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }).click();
    await expect(page.getByLabel(t(lang, 'stepOne.firstName'))).toHaveValue('Bruno');

    const cookie = (await page.context().cookies()).find((c) => c.name === 'coparent_invite');
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax' });
    const readable = await page.evaluate(() => ({
      cookies: document.cookie,
      session: JSON.stringify({ ...window.sessionStorage }),
      local: JSON.stringify({ ...window.localStorage }),
    }));
    expect(readable.cookies).not.toContain(token);
    expect(readable.session).not.toContain(token);
    expect(readable.local).not.toContain(token);

    // A reload: the app has no token, the cookie brings the invitation back.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t(lang, 'invite.stepOne.title'),
    );
    await expect(page.getByLabel(t(lang, 'stepOne.email'))).toHaveValue(parent.coParentEmail);
    await page.getByLabel(t(lang, 'phone.number')).fill('2125559876');
    await page.getByRole('button', { name: t(lang, 'common.continue'), exact: true }).click();
    await expect(page).toHaveURL(/\/app\/join\/invite\/packages$/, { timeout: 30_000 });
  });
}
