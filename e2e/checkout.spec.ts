import { translateMessage } from '@coparent/domain';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { packageName } from './support/catalog';
import { choosePackage, fillReferral, fillTexasAddress, PREMIUM_1_YEAR } from './support/checkout';
import { watchCspViolations } from './support/csp';
import { completeStepsOneAndTwo, type FunnelPeople, openJoin, unique } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// Parent A pays on /payment (Billing, Payment, Review), sets a username and password, and sees the
// receipt; the co-parent's invitation and the receipt are in the development mailbox. Against the
// built server with its local sandbox gateway (docs/checkout.md).

const GOOD_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 1111 1111 1115';
const PASSWORD = 'Quiet-Harbor-7421!';

const v = (key: string, lang: Language, params: Parameters<typeof translateMessage>[2] = {}) =>
  translateMessage(key, lang, params);

const heading2 = (page: Page, lang: Language, key: string) =>
  page.getByRole('heading', { level: 2, name: t(lang, key) });

/** From /app/join/ to /payment with Premium · 1 year chosen (a US phone). */
async function startCheckout(page: Page, lang: Language, search = ''): Promise<FunnelPeople> {
  await openJoin(page, lang, `/signup${search}`);
  const people = await completeStepsOneAndTwo(page, lang);
  await choosePackage(page, lang);
  return people;
}

/** The Billing view: a Texas address; the country comes from the +1 phone. */
async function fillBilling(page: Page, lang: Language, { checkA11y = false } = {}) {
  // The email reads as text beside its label, not as a field.
  await expect(page.getByRole('definition').filter({ hasText: /@example\.com$/ })).toBeVisible();
  await expect(page.getByLabel(t(lang, 'checkout.billing.email'))).toHaveCount(0);
  await expect(page.getByLabel(t(lang, 'checkout.billing.country'))).toHaveValue('US');
  const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
  await expect(summary.getByText(packageName(PREMIUM_1_YEAR, lang), { exact: true })).toBeVisible();
  if (checkA11y) await expectNoSeriousA11yViolations(page, '/payment Billing');

  // Nothing filled in: the summary and the messages beside the fields.
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  const errorSummary = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
  await expect(errorSummary).toBeVisible();
  await expect(errorSummary.getByText(v('signup_billingAddress_error', lang))).toBeVisible();
  if (checkA11y) await expectNoSeriousA11yViolations(page, '/payment Billing with errors');

  await fillTexasAddress(page, lang, { postalCode: '7870' });
  await fillReferral(page, lang);
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  await expect(page.getByText(v('signup_postalCode_error', lang)).first()).toBeVisible();
  await page.getByLabel(t(lang, 'checkout.billing.postalCode')).fill('78701');
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  await expect(heading2(page, lang, 'checkout.payment.heading')).toBeVisible();
}

async function payByCard(page: Page, lang: Language, number: string) {
  const review = page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') });
  await expect(review).toBeDisabled();
  await page.getByLabel(t(lang, 'checkout.card.number')).fill(number);
  await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
  await expect(review).toBeEnabled();
  await review.click();
  await expect(heading2(page, lang, 'checkout.review.heading')).toBeVisible();
}

/** Review shows what will be paid; the summary sidebar is replaced by the summary in the page. */
async function expectReview(page: Page, lang: Language, people: FunnelPeople, method: string) {
  await expect(page.getByText(people.parentEmail, { exact: true })).toBeVisible();
  await expect(page.getByText('100 Congress Ave')).toBeVisible();
  await expect(page.getByText(method, { exact: true })).toBeVisible();
  const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
  await expect(summary).toHaveCount(1);
  // Texas sales tax in the demo tax table: 6.25 % of $149.99.
  await expect(summary).toContainText(v('tax_SALES_TAX', lang));
}

async function payNow(page: Page, lang: Language) {
  await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();
}

/** /credentials: the checklist, the show/hide toggle, then Complete Signup. */
async function setCredentials(
  page: Page,
  lang: Language,
  people: FunnelPeople,
  checkA11y: boolean,
) {
  await expect(page).toHaveURL(/\/credentials$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'credentials.title'));
  await expect(
    page.getByText(t(lang, 'credentials.orderConfirmed', { email: people.parentEmail })),
  ).toBeVisible();
  const submit = page.getByRole('button', { name: t(lang, 'credentials.submit') });
  await expect(submit).toBeDisabled();
  await page.getByLabel(t(lang, 'credentials.username')).fill(`ana_${unique()}`.slice(0, 30));
  const password = page.getByLabel(t(lang, 'credentials.password'), { exact: true });
  await password.fill('short1!');
  await expect(
    page.getByRole('listitem').filter({ hasText: t(lang, 'credentials.checklist.rules.length') }),
  ).toContainText(t(lang, 'credentials.checklist.notMet'));
  await password.fill(PASSWORD);
  await expect(
    page.getByRole('listitem').filter({ hasText: t(lang, 'credentials.checklist.rules.length') }),
  ).toContainText(t(lang, 'credentials.checklist.met'));
  await page.getByRole('button', { name: t(lang, 'credentials.showPassword') }).click();
  // Pressed, the toggle says what it does next.
  const toggle = page.getByRole('button', { name: t(lang, 'credentials.hidePassword') });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(password).toHaveAttribute('type', 'text');
  if (checkA11y) await expectNoSeriousA11yViolations(page, '/credentials');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    t(lang, 'credentials.success.title'),
  );
  if (checkA11y) await expectNoSeriousA11yViolations(page, '/credentials (all set)');
}

async function expectReceipt(page: Page, lang: Language, people: FunnelPeople, checkA11y: boolean) {
  // CREDENTIALS_REDIRECT_DELAY_MS (5 s) after "You're all set!" when nobody clicks the link.
  await expect(page).toHaveURL(/\/receipt$/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'receipt.title'));
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'receipt.steps.app.title') }),
  ).toBeVisible();
  await expect(page.getByText(people.coParentEmail)).toBeVisible();
  const payment = page.getByRole('region', { name: t(lang, 'receipt.payment.heading') });
  await expect(payment).toBeVisible();
  if (checkA11y) await expectNoSeriousA11yViolations(page, '/receipt');
}

/** The development mailbox: the co-parent's invitation (with its link) and Parent A's receipt. */
async function expectMailbox(page: Page, people: FunnelPeople) {
  await page.goto(`/app/dev/mailbox?to=${encodeURIComponent(people.coParentEmail)}`);
  const invitation = page.getByRole('article').filter({ hasText: 'coparent-invitation' });
  await expect(invitation).toHaveCount(1);
  await expect(invitation.getByRole('link', { name: /\/app\/join\/invite\?token=/ })).toBeVisible();
  await page.goto(`/app/dev/mailbox?to=${encodeURIComponent(people.parentEmail)}`);
  await expect(page.getByRole('article').filter({ hasText: 'payment-receipt' })).toHaveCount(1);
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`checkout (${lang})`, () => {
    test('pays by card, sets a username and password, and shows the receipt', async ({ page }) => {
      // The whole funnel runs under the server's strict CSP without breaking it.
      const csp = await watchCspViolations(page);
      const people = await startCheckout(page, lang);
      await fillBilling(page, lang, { checkA11y: true });
      await expectNoSeriousA11yViolations(page, '/payment Payment');

      // The tabs: Billing is clickable, Review is not yet.
      const steps = page.getByRole('navigation', { name: t(lang, 'checkout.steps.label') });
      await expect(
        steps.getByRole('button', { name: new RegExp(t(lang, 'checkout.steps.REVIEW')) }),
      ).toBeDisabled();

      // The code box: Apply waits for a code; an unknown one is refused beside the field.
      await page.getByRole('button', { name: t(lang, 'checkout.code.toggle') }).click();
      const apply = page.getByRole('button', { name: t(lang, 'checkout.code.apply'), exact: true });
      await expect(apply).toBeDisabled();
      await page.getByLabel(t(lang, 'checkout.code.label')).fill('  nope-0  ');
      await apply.click();
      await expect(page.getByText(v('payment_promoCode_error', lang))).toBeVisible();
      await page.getByLabel(t(lang, 'checkout.code.label')).fill('welcome10');
      await apply.click();
      await expect(page.getByText(/WELCOME10/).first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/payment Payment with a code');

      await payByCard(page, lang, GOOD_CARD);
      await expectReview(
        page,
        lang,
        people,
        t(lang, 'checkout.review.card', { brand: 'Visa', lastFour: '1111' }),
      );
      await expectNoSeriousA11yViolations(page, '/payment Review');
      await payNow(page, lang);

      await setCredentials(page, lang, people, true);
      // The receipt opens by itself after five seconds.
      await expectReceipt(page, lang, people, true);
      const events = await page.evaluate(
        () =>
          (window as unknown as { __analyticsEvents?: { event: string }[] }).__analyticsEvents ??
          [],
      );
      expect(events.map((event) => event.event)).toContain('Subscription Created');
      const dataLayer = await page.evaluate(
        () => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? [],
      );
      expect(dataLayer.some((entry) => entry.event === 'purchase')).toBe(true);
      await csp.expectNone();
      await expectMailbox(page, people);
    });

    test('pays with PayPal through the sandbox dialog', async ({ page }) => {
      const people = await startCheckout(page, lang, '?flags=paypal-in-join:Treatment');
      await fillBilling(page, lang);
      await page.getByRole('radio', { name: t(lang, 'checkout.methods.PAYPAL') }).check();
      const review = page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') });
      await expect(review).toBeDisabled();
      const connect = page.getByRole('button', {
        name: t(lang, 'checkout.wallet.continue', { method: 'PayPal' }),
      });
      // Cancelling the dialog leaves PayPal without a nonce.
      await connect.click();
      const dialog = page.getByRole('dialog', {
        name: t(lang, 'checkout.wallet.dialogTitle', { method: 'PayPal' }),
      });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page, '/payment PayPal dialog');
      await dialog.getByRole('button', { name: t(lang, 'checkout.wallet.cancel') }).click();
      await expect(review).toBeDisabled();
      await connect.click();
      await dialog
        .getByRole('button', { name: t(lang, 'checkout.wallet.approve', { method: 'PayPal' }) })
        .click();
      await expect(
        page.getByText(t(lang, 'checkout.wallet.ready', { method: 'PayPal' })),
      ).toBeVisible();
      await review.click();
      await expect(heading2(page, lang, 'checkout.review.heading')).toBeVisible();
      await expectReview(page, lang, people, 'PayPal');
      await payNow(page, lang);
      await setCredentials(page, lang, people, false);
      await page.getByRole('link', { name: t(lang, 'credentials.success.goNow') }).click();
      await expectReceipt(page, lang, people, false);
      await expect(
        page.getByRole('region', { name: t(lang, 'receipt.payment.heading') }),
      ).toContainText('PayPal');
    });

    test('a declined card shows the decline on Review; another card then pays', async ({
      page,
    }) => {
      const people = await startCheckout(page, lang);
      await fillBilling(page, lang);
      await payByCard(page, lang, DECLINED_CARD);
      await payNow(page, lang);
      await expect(page.getByText(v('payment_declined_error', lang))).toBeVisible();
      const pay = page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true });
      await expect(pay).toBeEnabled();
      await expectNoSeriousA11yViolations(page, '/payment Review (declined)');

      await page
        .getByRole('alert')
        .getByRole('button', { name: t(lang, 'checkout.review.changeMethod') })
        .click();
      await expect(heading2(page, lang, 'checkout.payment.heading')).toBeVisible();
      await page.getByRole('button', { name: t(lang, 'checkout.card.useAnother') }).click();
      await payByCard(page, lang, GOOD_CARD);
      await payNow(page, lang);
      await setCredentials(page, lang, people, false);
      await page.getByRole('link', { name: t(lang, 'credentials.success.goNow') }).click();
      await expectReceipt(page, lang, people, false);
    });

    test('the decline is said of the declined card only: back on Review with another, it is gone', async ({
      page,
    }) => {
      await startCheckout(page, lang);
      await fillBilling(page, lang);
      await payByCard(page, lang, DECLINED_CARD);
      await payNow(page, lang);
      const declined = page.getByText(v('payment_declined_error', lang));
      await expect(declined).toBeVisible();

      // Back to the same card without changing it: still the declined one.
      await page.getByRole('button', { name: t(lang, 'checkout.review.backToPayment') }).click();
      await page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') }).click();
      await expect(declined).toBeVisible();

      await page.getByRole('button', { name: t(lang, 'checkout.review.backToPayment') }).click();
      await page.getByRole('button', { name: t(lang, 'checkout.card.useAnother') }).click();
      await payByCard(page, lang, GOOD_CARD);
      await expect(
        page.getByText(t(lang, 'checkout.review.card', { brand: 'Visa', lastFour: '1111' })),
      ).toBeVisible();
      // Read at once: the banner would also hide by itself after a while.
      expect(await declined.count()).toBe(0);
      await expect(
        page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }),
      ).toBeEnabled();
    });
  });
}
