import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName } from './support/catalog';
import { fillTexasAddress, PREMIUM_1_YEAR } from './support/checkout';
import { openJoin } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import {
  fillInviteCredentials,
  INVITE_PASSWORD,
  invitationViaApi,
  newestInviteLink,
  requestNewLinkViaApi,
} from './support/invite';
import { expect, test } from './support/test';

// The invited co-parent's whole way in, each test with a fresh invitation (Parent A pays through
// the API; the co-parent's link is read from the development mailbox).

const GOOD_CARD = '4111 1111 1111 1111';

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`invited co-parent (${lang})`, () => {
    // The whole app in a browser, several screens per test: more than the default minute.
    test.describe.configure({ timeout: 120_000 });
    test('Parent A paid for the co-parent: link → step 1 → billing info → credentials (no payment) → account home; the login works', async ({
      page,
    }) => {
      await openJoin(page, lang);
      const invitation = await invitationViaApi(page.request, { payForCoparent: true });
      const link = await newestInviteLink(page.request, invitation.coParentEmail);

      await page.goto(link.path);
      await expect(page.getByText(t(lang, 'invite.welcome.paid'))).toBeVisible();
      await page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }).click();

      // Step 1: what Parent A typed is there; the phone is the co-parent's to give.
      await expect(page).toHaveURL(/\/app\/join\/invite\/step1$/);
      await expect(page.getByLabel(t(lang, 'stepOne.email'))).toHaveValue(invitation.coParentEmail);
      await page.getByLabel(t(lang, 'phone.number')).fill('2125559876');
      await page.getByRole('button', { name: t(lang, 'common.continue'), exact: true }).click();

      // Paid already, but no billing address yet: the billing information only, no payment.
      await expect(page).toHaveURL(/\/app\/join\/invite\/billing-info$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'invitePayment.billingInfo.title'),
      );
      await expectNoSeriousA11yViolations(page, `invite billing info (${lang})`);
      await fillTexasAddress(page, lang);
      await page.getByRole('button', { name: t(lang, 'invitePayment.billingInfo.submit') }).click();

      await expect(page).toHaveURL(/\/app\/join\/invite\/credentials$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'credentials.title'),
        { timeout: 15_000 },
      );
      await expect(page.getByText(t(lang, 'inviteCredentials.paidIntro'))).toBeVisible();
      await expectNoSeriousA11yViolations(page, `invite credentials (${lang})`);

      // Nothing filled: Complete Signup is shown disabled (aria-disabled, with the reason beside
      // it) yet can still be pressed; the error summary takes focus and lists the problems.
      const completeSignup = page.getByRole('button', { name: t(lang, 'credentials.submit') });
      await expect(completeSignup).toBeDisabled();
      await completeSignup.click({ force: true });
      const summary = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
      await expect(summary).toBeFocused();
      await expectNoSeriousA11yViolations(page, `invite credentials with errors (${lang})`);

      const username = `bruno_${Date.now().toString(36)}${lang === 'en' ? 'e' : 's'}`;
      await fillInviteCredentials(page, lang, username);
      // Parent A's payment did not agree to the terms for the co-parent: the box is below the form
      // (a US address).
      await page.locator('#consent-terms').check();
      await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();

      const done = page.getByRole('heading', {
        level: 1,
        name: t(lang, 'inviteCredentials.success.title'),
      });
      await expect(done).toBeVisible();
      await expect(done).toBeFocused();
      await expectNoSeriousA11yViolations(page, `invite credentials done (${lang})`);

      // No payment here (the subscription was already paid): the account home, by a page load.
      await page.waitForURL(/\/app\/account\//, { timeout: 10_000 });
      expect(
        await page.evaluate(() => window.sessionStorage.getItem('coparent.inviteToken')),
      ).toBeNull();

      const login = await page.request.post('/v2/login', {
        data: { username, password: INVITE_PASSWORD, submit: 'Sign In', eventId: 'submit' },
      });
      expect(login.ok()).toBe(true);
      expect(((await login.json()) as { auth: boolean }).auth).toBe(true);
    });

    test('a replaced link → /invite/request → a new link arrives and opens the welcome', async ({
      page,
    }) => {
      // The browser tests' server allows new links back to back (INVITE_REQUEST_INTERVAL_SECONDS
      // is 0 in playwright.config.ts); the interval itself is tested by the server's tests.
      await openJoin(page, lang);
      const invitation = await invitationViaApi(page.request, { payForCoparent: false });
      const first = await newestInviteLink(page.request, invitation.coParentEmail);

      await requestNewLinkViaApi(page.request, first.token);
      const second = await newestInviteLink(page.request, invitation.coParentEmail);
      expect(second.token).not.toBe(first.token);

      // The first link no longer works.
      await page.goto(first.path);
      await expect(page).toHaveURL(/\/app\/join\/invite\/request$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'invite.request.title'),
      );
      await expectNoSeriousA11yViolations(page, `invite request, replaced link (${lang})`);

      await page.getByRole('button', { name: t(lang, 'invite.request.send') }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'invite.request.sentTitle'),
      );
      await expectNoSeriousA11yViolations(page, `invite request sent (${lang})`);

      const third = await newestInviteLink(page.request, invitation.coParentEmail);
      expect([first.token, second.token]).not.toContain(third.token);
      await page.goto(third.path);
      await expect(page).toHaveURL(/\/app\/join\/invite$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'invite.welcome.title'),
      );
      await expectNoSeriousA11yViolations(page, `invite welcome from a new link (${lang})`);
    });
    test('Parent A paid only for themselves: link → step 1 → packages → payment → credentials → receipt', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await openJoin(page, lang);
      const invitation = await invitationViaApi(page.request, { payForCoparent: false });
      const link = await newestInviteLink(page.request, invitation.coParentEmail);

      await page.goto(link.path);
      await page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }).click();
      await expect(page).toHaveURL(/\/app\/join\/invite\/step1$/);
      // Parent A typed the co-parent's name and email; the phone is the co-parent's to add.
      await expect(page.getByLabel(t(lang, 'stepOne.email'))).toHaveValue(invitation.coParentEmail);
      await page.getByLabel(t(lang, 'phone.countryCode')).selectOption('US_CANADA');
      await page.getByLabel(t(lang, 'phone.number')).fill('2125559876');
      await expectNoSeriousA11yViolations(page, `invite step 1 (${lang})`);
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();

      await expect(page).toHaveURL(/\/app\/join\/invite\/packages$/, { timeout: 15_000 });
      const choose = page.getByRole('button', {
        name: t(lang, 'packages.choose', { name: packageName(PREMIUM_1_YEAR, lang) }),
        exact: true,
      });
      await expectNoSeriousA11yViolations(page, `invite packages (${lang})`);
      await choose.click();

      await expect(page).toHaveURL(/\/app\/join\/invite\/payment$/, { timeout: 15_000 });
      const billingSubmit = page.getByRole('button', { name: t(lang, 'checkout.billing.submit') });
      await expect(billingSubmit).toBeVisible();
      await page.getByLabel(t(lang, 'checkout.billing.address'), { exact: true }).fill('9 Elm St');
      await page.getByLabel(t(lang, 'checkout.billing.city')).fill('Austin');
      await page.getByLabel(t(lang, 'checkout.billing.country')).selectOption('US');
      await page.getByLabel(t(lang, 'checkout.billing.region'), { exact: true }).selectOption('TX');
      await page.getByLabel(t(lang, 'checkout.billing.postalCode')).fill('78701');
      await page.getByLabel(t(lang, 'checkout.billing.timezone')).selectOption('America/Chicago');
      await expectNoSeriousA11yViolations(page, `invite payment billing (${lang})`);
      await billingSubmit.click();

      await page.getByLabel(t(lang, 'checkout.card.number')).fill(GOOD_CARD);
      await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
      await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
      await expectNoSeriousA11yViolations(page, `invite payment card (${lang})`);
      await page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') }).click();
      await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();

      await expect(page).toHaveURL(/\/app\/join\/invite\/credentials$/, { timeout: 15_000 });
      await expect(
        page.getByText(t(lang, 'credentials.orderConfirmed', { email: invitation.coParentEmail })),
      ).toBeVisible();
      const username = `bruno_${Date.now().toString(36)}${lang === 'en' ? 'e' : 's'}`;
      await fillInviteCredentials(page, lang, username);
      // The boxes show while the server has no agreement to the terms on record.
      const terms = page.locator('#consent-terms');
      if (await terms.count()) await terms.check();
      await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: t(lang, 'inviteCredentials.success.title') }),
      ).toBeFocused();

      await expect(page).toHaveURL(/\/app\/join\/invite\/receipt$/, { timeout: 10_000 });
      await expect(page.getByText(invitation.coParentEmail, { exact: true })).toBeVisible();
      await expect(
        page.getByRole('link', { name: t(lang, 'receipt.steps.app.appStore') }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `invite receipt (${lang})`);
      // Signed in by their credentials: their receipt downloads as a PDF.
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: t(lang, 'receipt.downloadPdf') }).click(),
      ]);
      expect(pdf.suggestedFilename()).toMatch(/^receipt-[0-9a-f-]{36}\.pdf$/);
      await page.getByRole('button', { name: t(lang, 'inviteReceipt.login') }).click();
      await page.waitForURL(/\/app\/account\/login/);
      expect(
        await page.evaluate(() => [
          window.sessionStorage.getItem('coparent.inviteToken'),
          window.sessionStorage.getItem('coparent.invitePaymentResult'),
        ]),
      ).toEqual([null, null]);
    });
  });
}
