import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { choosePackage, fillReferral, fillTexasAddress } from './support/checkout';
import { completeStepsOneAndTwo, openJoin, unique } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// No parent is stranded: one who paid and then lost the tab (closed it, or opens the site in
// another browser) finishes the username and password from the link in the receipt email; and
// /credentials opened without the paying tab says that link was emailed, instead of sending the
// person to a login they cannot use yet.

const GOOD_CARD = '4111 1111 1111 1111';
const PASSWORD = 'Quiet-Harbor-7421!';

type MailboxMessage = { to: string; template: string; text: string };

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Pays for Premium · 1 year by card through the screens; ends on /credentials. */
async function payThroughTheScreens(page: Page, lang: Language): Promise<string> {
  await openJoin(page, lang);
  const { parentEmail } = await completeStepsOneAndTwo(page, lang);
  await choosePackage(page, lang);
  await fillTexasAddress(page, lang);
  await fillReferral(page, lang);
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  await page.getByLabel(t(lang, 'checkout.card.number')).fill(GOOD_CARD);
  await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
  await page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') }).click();
  await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();
  await expect(page).toHaveURL(/\/credentials$/, { timeout: 30_000 });
  await expect(h1(page)).toHaveText(t(lang, 'credentials.title'));
  return parentEmail;
}

/** The credentials link of the receipt email to `email`, read from the local mailbox. */
async function emailedCredentialsLink(page: Page, email: string): Promise<string> {
  const answer = await page.request.get(`/v2/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
  const receipt = messages.find((message) => message.template === 'payment-receipt');
  const link = /https?:\/\/\S+\/app\/join\/credentials\?token=[A-Za-z0-9_%-]+/.exec(
    receipt?.text ?? '',
  )?.[0];
  if (!link) throw new Error(`no credentials link in the receipt to ${email}`);
  // The email's origin is PUBLIC_URL; the test server listens on its own port.
  const { pathname, search } = new URL(link);
  return `${pathname}${search}`;
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`the emailed credentials link (${lang})`, () => {
    test('/credentials without the paying tab says the link was emailed', async ({ browser }) => {
      const context = await browser.newContext({ locale: lang });
      const page = await context.newPage();
      await page.goto('/app/join/credentials');
      await expect(h1(page)).toHaveText(t(lang, 'credentials.emailedLink.title'));
      await expect(page.getByText(t(lang, 'credentials.emailedLink.body'))).toBeVisible();
      // Not sent to the login page: the parent has no username yet.
      await expect(page).toHaveURL(/\/app\/join\/credentials$/);
      await expectNoSeriousA11yViolations(page, '/credentials without state');
      await context.close();
    });

    test('a parent who paid and closed the page finishes in another browser', async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      // The paying browser picks the language on the page; the other one speaks it already.
      const paying = await browser.newContext();
      const email = await payThroughTheScreens(await paying.newPage(), lang);
      await paying.close();

      const elsewhere = await browser.newContext({ locale: lang });
      const page = await elsewhere.newPage();
      const link = await emailedCredentialsLink(page, email);
      await page.goto(link);
      await expect(h1(page)).toHaveText(t(lang, 'credentials.title'));
      // The token leaves the address bar (and so the history and any Referer).
      await expect(page).toHaveURL(/\/app\/join\/credentials$/);
      await expectNoSeriousA11yViolations(page, '/credentials from the emailed link');

      await page.getByLabel(t(lang, 'credentials.username')).fill(`ana_${unique()}`.slice(0, 30));
      await page.getByLabel(t(lang, 'credentials.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
      await expect(h1(page)).toHaveText(t(lang, 'credentials.success.title'));
      await expectNoSeriousA11yViolations(page, '/credentials (all set, emailed link)');
      // Logged in by the login post: the account home opens after five seconds.
      await expect(page).toHaveURL(/\/app\/account\/$/, { timeout: 20_000 });
      await expect(h1(page)).toHaveText(t(lang, 'accountHome.greeting', { name: 'Ana' }));

      // The link worked once: opened again, it is refused with a way forward.
      await page.goto(link);
      await page.getByLabel(t(lang, 'credentials.username')).fill(`ana_${unique()}`.slice(0, 30));
      await page.getByLabel(t(lang, 'credentials.password'), { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
      await expect(page.getByRole('alert')).toContainText(t(lang, 'credentials.linkInvalid'));
      await expectNoSeriousA11yViolations(page, '/credentials with a used link');
      await elsewhere.close();
    });
  });
}
