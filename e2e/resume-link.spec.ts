import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { completeStepsOneAndTwo, openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { RESUME_SERVER_URL, waitForResumeServer } from './support/resume-server';
import { expect, test } from './support/test';

// Back into an unfinished signup (decision 046): Parent A leaves after step 2, gets the resume
// email (seconds later on this spec's server, an hour in production), and continues at step 3 in
// another browser; the browser that left loses the signup (the link rotated its key).

test.use({ baseURL: RESUME_SERVER_URL });

test.beforeAll(async () => {
  test.setTimeout(200_000);
  await waitForResumeServer();
});

type MailboxMessage = { to: string; template: string; text: string };

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** The path of the resume email's link to `email`, read from the local mailbox once it is there. */
async function emailedResumePath(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/v2/dev/mailbox?to=${encodeURIComponent(email)}`);
        const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
        const resume = messages.find((message) => message.template === 'signup-resume');
        link = /https?:\/\/\S+\/app\/join\/resume\?token=[A-Za-z0-9_%-]+/.exec(
          resume?.text ?? '',
        )?.[0];
        return link !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // The email's origin is PUBLIC_URL; the test server listens on its own port.
  const { pathname, search } = new URL(link ?? '');
  return `${pathname}${search}`;
}

for (const lang of LANGUAGES) {
  test(`leave after step 2, then continue at step 3 from the resume email in another browser (${lang})`, async ({
    page,
    browser,
  }) => {
    await openJoin(page, lang);
    const { parentEmail } = await completeStepsOneAndTwo(page, lang);
    // Parent A leaves here; the email comes once the signup has been left alone.
    const path = await emailedResumePath(page.request, parentEmail);

    const other = await browser.newContext({ baseURL: RESUME_SERVER_URL, locale: lang });
    try {
      const resumed = await other.newPage();
      await resumed.goto(path);
      await expect(h1(resumed)).toHaveText(t(lang, 'resume.title'));
      // The token leaves the address bar before anything else happens.
      await expect(resumed).toHaveURL(/\/app\/join\/resume$/);
      await expectNoSeriousA11yViolations(resumed, '/resume');
      await resumed.getByRole('button', { name: t(lang, 'resume.continue') }).click();
      await expect(resumed).toHaveURL(/\/step3$/);
      await expect(h1(resumed)).toHaveText(t(lang, 'stepThree.title'));
      await expect(resumed.getByRole('article').first()).toBeVisible();
      await expectNoSeriousA11yViolations(resumed, '/step3 (resumed)');

      // The link works once: opened again, it says so.
      await resumed.goto(path);
      await resumed.getByRole('button', { name: t(lang, 'resume.continue') }).click();
      await expect(h1(resumed)).toHaveText(t(lang, 'resume.invalidTitle'));
      await expectNoSeriousA11yViolations(resumed, '/resume (used)');
    } finally {
      await other.close();
    }

    // The browser that left: its key no longer works, so its signup has ended.
    await page.reload();
    await expect(page).toHaveURL(/\/step1$/);
  });
}
