import type { Page } from '@playwright/test';
import { paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// Password retrieval (/app/account/recover): a paid Parent A forgets the password, finds the
// account by email, reads the code (English) or the link (Spanish) from the development mailbox,
// as a person would from their email, and sets a new password. The login proves it.
// Each language makes one lookup: the per-IP limit of the lookup (5 a minute) is left alone.

type MailboxMessage = { to: string; template: string; text: string };

const NEW_PASSWORD = 'Quiet-Meadow-97';

async function latestRecoveryEmail(page: Page, email: string): Promise<MailboxMessage> {
  const answer = await page.request.get(`/v2/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
  const message = messages.find((m) => m.template === 'password-reset');
  if (!message) throw new Error(`no password-reset email to ${email}`);
  return message;
}

function heading(page: Page, lang: Language, step: string) {
  return page.getByRole('heading', { level: 1, name: t(lang, `recover.title.${step}`) });
}

async function login(page: Page, username: string, password: string) {
  return page.request.post('/v2/login', {
    data: { username, password, submit: 'Sign In', eventId: 'submit' },
  });
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test(`reset a forgotten password from the mailbox (${lang})`, async ({ page }) => {
    // Seven screens, each checked with axe.
    test.slow();
    const parent = await paidParentViaApi(page.request, { language: lang });
    await page.goto('/app/account/recover');
    if (lang !== 'en') {
      await page.getByLabel(t('en', 'header.language')).selectOption(lang);
    }

    // INITIAL, with the error summary of an empty submit.
    await expect(heading(page, lang, 'INITIAL')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `recover INITIAL (${lang})`);
    await page.getByRole('button', { name: t(lang, 'recover.submit') }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `recover INITIAL with errors (${lang})`);

    await page.getByRole('textbox', { name: t(lang, 'recover.email') }).fill(parent.email);
    await page.getByRole('button', { name: t(lang, 'recover.submit') }).click();

    // CODE: the same words whether or not an account matched.
    await expect(heading(page, lang, 'CODE')).toBeVisible();
    await expect(heading(page, lang, 'CODE')).toBeFocused();
    await expect(page.getByText(t(lang, 'recover.codeSent'))).toBeVisible();
    await expectNoSeriousA11yViolations(page, `recover CODE (${lang})`);

    const mail = await latestRecoveryEmail(page, parent.email);
    const code = /: (\d{6})\n/.exec(mail.text)?.[1];
    const link = /\/app\/account\/recover\?token=[A-Za-z0-9_%-]+/.exec(mail.text)?.[0];
    if (!code || !link) throw new Error(`no code or link in: ${mail.text}`);

    if (lang === 'en') {
      // A wrong code first: the message sits at the field.
      const codeField = page.getByLabel(t(lang, 'recover.code'));
      await codeField.fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: t(lang, 'recover.verify') }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `recover CODE wrong (${lang})`);
      await codeField.fill(code);
      await page.getByRole('button', { name: t(lang, 'recover.verify') }).click();
    } else {
      // The emailed link works as well; its token leaves the address bar.
      await page.goto(link);
      await expect(page).toHaveURL(/\/app\/account\/recover$/);
    }

    // NEW_PASSWORD.
    await expect(heading(page, lang, 'NEW_PASSWORD')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `recover NEW_PASSWORD (${lang})`);
    await page.getByLabel(t(lang, 'recover.newPassword'), { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(t(lang, 'recover.confirmPassword')).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: t(lang, 'recover.save') }).click();

    // SUCCESS: a link to the login.
    await expect(heading(page, lang, 'SUCCESS')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: t(lang, 'recover.login') }),
    ).toHaveAttribute('href', '/app/account/login');
    await expectNoSeriousA11yViolations(page, `recover SUCCESS (${lang})`);

    expect((await login(page, parent.username, parent.password)).status()).toBe(401);
    expect((await login(page, parent.username, NEW_PASSWORD)).status()).toBe(200);

    // The link is single use.
    await page.goto(link);
    await page.getByLabel(t(lang, 'recover.newPassword'), { exact: true }).fill('Another-Field-58');
    await page.getByLabel(t(lang, 'recover.confirmPassword')).fill('Another-Field-58');
    await page.getByRole('button', { name: t(lang, 'recover.save') }).click();
    await expect(heading(page, lang, 'FAILURE')).toBeVisible();
    await expectNoSeriousA11yViolations(page, `recover FAILURE (${lang})`);
  });
}
