import { translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName } from './support/catalog';
import { openJoin } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The invited co-parent's first steps: welcome → step 1 → packages → (build your own) → the
// payment's address. Each test makes its own invitation (Parent A pays for themselves only, the
// co-parent's invitation email goes to the development mailbox), so the runs never share a token.

type MailboxMessage = { to: string; text: string };

/** A save, then the next screen (a lazy one for the payment): slower than a plain check. */
const SAVED = { timeout: 30_000 };

/** The invitation link emailed to the co-parent, as a person would open it. */
async function invitationPath(page: Page, coParentEmail: string): Promise<string> {
  const answer = await page.request.get(
    `/v2/dev/mailbox?to=${encodeURIComponent(coParentEmail)}&limit=10`,
  );
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
  for (const message of messages) {
    const path = /\/app\/join\/invite\?token=[A-Za-z0-9_%-]+/.exec(message.text)?.[0];
    if (path) return path;
  }
  throw new Error(`no invitation for ${coParentEmail} in the mailbox`);
}

const chooseButton = (page: Page, lang: Language, id: number) =>
  page.getByRole('button', {
    name: t(lang, 'packages.choose', { name: packageName(id, lang) }),
    exact: true,
  });

/** A fresh invitation, opened in the language: the welcome, then Get Started and step 1 done. */
async function throughStepOne(page: Page, lang: Language) {
  await openJoin(page, lang);
  const parent = await paidParentViaApi(page.request, { language: lang });
  await page.goto(await invitationPath(page, parent.coParentEmail));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'invite.welcome.title'));
  await expect(page).toHaveURL(/\/app\/join\/invite$/);
  await expectNoSeriousA11yViolations(page, `invite welcome (${lang})`);
  await page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }).click();

  // Step 1 starts with what Parent A typed; the phone is the co-parent's to give.
  await expect(page).toHaveURL(/\/app\/join\/invite\/step1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'invite.stepOne.title'));
  await expect(page.getByLabel(t(lang, 'stepOne.firstName'))).toHaveValue('Bruno');
  await expect(page.getByLabel(t(lang, 'stepOne.email'))).toHaveValue(parent.coParentEmail);
  await expectNoSeriousA11yViolations(page, `invite step 1 (${lang})`);

  const phone = page.getByLabel(t(lang, 'phone.number'));
  await phone.fill('21255');
  await page.getByRole('button', { name: t(lang, 'common.continue'), exact: true }).click();
  const summary = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
  await expect(summary).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, `invite step 1 with an error (${lang})`);

  // What was typed survives a reload.
  await page.reload();
  await expect(phone).toHaveValue('21255');
  await phone.fill('2125559876');
  await page.getByRole('button', { name: t(lang, 'common.continue'), exact: true }).click();

  await expect(page).toHaveURL(/\/app\/join\/invite\/packages$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'invitePackages.title'));
  await expect(chooseButton(page, lang, 3003)).toBeVisible();
  // The public SPRING20 promotion is offered to the co-parent too.
  await expect(page.getByText(/SPRING20/).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, `invite packages (${lang})`);
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`invite steps (${lang})`, () => {
    test('welcome → step 1 → a package → the payment', async ({ page }) => {
      await throughStepOne(page, lang);
      await chooseButton(page, lang, 3003).click();
      await expect(page).toHaveURL(/\/app\/join\/invite\/payment$/, SAVED);
    });

    test('build your own → choose-your-own → the payment', async ({ page }) => {
      await throughStepOne(page, lang);
      await chooseButton(page, lang, 3005).click();
      await expect(page).toHaveURL(/\/app\/join\/invite\/choose-your-own$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'alacarte.title'));
      const tonemeter = page.getByRole('checkbox', {
        name: translateMessage('pricing_option_tonemeter', lang),
      });
      await tonemeter.check();
      await expect(
        page.getByRole('button', {
          name: t(lang, 'inviteChooseYourOwn.upgrade', { name: packageName(3003, lang) }),
        }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `invite choose-your-own (${lang})`);

      // Back to the packages and in again: the build-your-own choice is still there.
      await page.getByRole('button', { name: t(lang, 'common.back') }).click();
      await expect(page).toHaveURL(/\/app\/join\/invite\/packages$/);
      await chooseButton(page, lang, 3005).click();
      await expect(page).toHaveURL(/\/app\/join\/invite\/choose-your-own$/);
      await expect(tonemeter).toBeChecked();

      await page.getByRole('button', { name: t(lang, 'common.continue'), exact: true }).click();
      await expect(page).toHaveURL(/\/app\/join\/invite\/payment$/, SAVED);
    });
  });
}
