import { translateMessage } from '@coparent/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { fillTexasAddress } from './support/checkout';
import { openJoin } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The invited co-parent pays for their own subscription on /invite/payment (the checkout page in
// its invited mode). Each test makes a fresh invitation: Parent A pays for themselves only
// through the API, and the co-parent's invitation is read from the development mailbox. Step 1
// and the package are saved through the API with the invite token (their screens are tested on
// their own).

const GOOD_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 1111 1111 1115';

type MailboxMessage = { to: string; template: string; text: string };
type Invitation = { token: string; userId: string; email: string };

const heading2 = (page: Page, lang: Language, key: string) =>
  page.getByRole('heading', { level: 2, name: t(lang, key) });

/** A fresh invitation whose co-parent has done step 1 and chosen Premium · 1 year. */
async function invitationReadyToPay(request: APIRequestContext): Promise<Invitation> {
  const parent = await paidParentViaApi(request);
  const email = parent.coParentEmail;
  const mailbox = await request.get(`/v2/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(mailbox.ok()).toBe(true);
  const { messages } = (await mailbox.json()) as { messages: MailboxMessage[] };
  const link = messages
    .map((m) => /\/app\/join\/invite\?token=[A-Za-z0-9_%-]+/.exec(m.text)?.[0])
    .find(Boolean);
  const token = link ? new URL(link, 'http://x').searchParams.get('token') : null;
  if (!token) throw new Error(`no invitation for ${email} in the mailbox`);
  const headers = { Authorization: `Bearer ${token}` };
  const context = await request.get('/v2/invites/current', { headers });
  expect(context.ok()).toBe(true);
  const { userId } = (await context.json()) as { userId: string };
  const url = `/v2/users/${userId}`;
  const stepOne = await request.patch(url, {
    headers,
    data: {
      sections: ['PARENT'],
      parent: {
        userId,
        firstName: 'Bruno',
        lastName: 'López',
        email,
        phoneCountryCode: 'US_CANADA',
        phoneNumber: '2125559876',
      },
    },
  });
  expect(stepOne.ok(), await stepOne.text()).toBe(true);
  const pkg = await request.patch(url, {
    headers,
    data: { sections: ['PACKAGE'], order: { packageId: 3003 } },
  });
  expect(pkg.ok(), await pkg.text()).toBe(true);
  return { token, userId, email };
}

/** The emailed link (the token goes into this tab), then the payment page. */
async function openInvitePayment(page: Page, lang: Language, invitation: Invitation) {
  await openJoin(page, lang, `/invite?token=${invitation.token}`);
  // The welcome takes the token out of the address bar once it has stored it.
  await expect(page).toHaveURL(/\/app\/join\/invite$/, { timeout: 15_000 });
  await page.goto('/app/join/invite/payment');
  await expect(heading2(page, lang, 'checkout.billing.heading')).toBeVisible();
}

/** Billing: the name and email are the co-parent's, read-only; no referral; a Texas address. */
async function fillBilling(page: Page, lang: Language, invitation: Invitation, checkA11y: boolean) {
  // Read as text, not as fields.
  await expect(page.getByRole('definition').filter({ hasText: invitation.email })).toBeVisible();
  await expect(page.getByLabel(t(lang, 'checkout.billing.email'))).toHaveCount(0);
  await expect(page.getByRole('definition').filter({ hasText: /^Bruno / })).toBeVisible();
  await expect(page.getByLabel(t(lang, 'checkout.billing.referral'))).toHaveCount(0);
  await expect(page.getByLabel(t(lang, 'checkout.billing.country'))).toHaveValue('US');
  const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
  await expect(summary).toBeVisible();
  if (checkA11y) await expectNoSeriousA11yViolations(page, `/invite/payment Billing (${lang})`);
  await fillTexasAddress(page, lang);
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  await expect(heading2(page, lang, 'checkout.payment.heading')).toBeVisible();
}

/** Payment (no pay-for-co-parent for an invited user), a card, then Review. */
async function payByCard(page: Page, lang: Language, number: string, checkA11y: boolean) {
  await expect(page.getByLabel(t(lang, 'checkout.payment.payForCoparent'))).toHaveCount(0);
  await page.getByLabel(t(lang, 'checkout.card.number')).fill(number);
  await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
  if (checkA11y) await expectNoSeriousA11yViolations(page, `/invite/payment Payment (${lang})`);
  await page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') }).click();
  await expect(heading2(page, lang, 'checkout.review.heading')).toBeVisible();
  await expect(page.getByText('100 Congress Ave')).toBeVisible();
  if (checkA11y) await expectNoSeriousA11yViolations(page, `/invite/payment Review (${lang})`);
  await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();
}

async function isSubscriptionCurrent(page: Page, invitation: Invitation): Promise<boolean> {
  const context = await page.request.get('/v2/invites/current', {
    headers: { Authorization: `Bearer ${invitation.token}` },
  });
  return ((await context.json()) as { isSubscriptionCurrent: boolean }).isSubscriptionCurrent;
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`invite payment (${lang})`, () => {
    test('the co-parent pays by card and goes on to set their credentials', async ({ page }) => {
      const invitation = await invitationReadyToPay(page.request);
      await openInvitePayment(page, lang, invitation);
      await fillBilling(page, lang, invitation, true);
      await payByCard(page, lang, GOOD_CARD, true);
      await expect(page).toHaveURL(/\/app\/join\/invite\/credentials$/, { timeout: 15_000 });
      expect(await isSubscriptionCurrent(page, invitation)).toBe(true);
    });

    test('a declined card shows the decline and nothing is charged', async ({ page }) => {
      const invitation = await invitationReadyToPay(page.request);
      await openInvitePayment(page, lang, invitation);
      await fillBilling(page, lang, invitation, false);
      await payByCard(page, lang, DECLINED_CARD, false);
      await expect(page.getByText(translateMessage('payment_declined_error', lang))).toBeVisible();
      await expect(page).toHaveURL(/\/app\/join\/invite\/payment$/);
      expect(await isSubscriptionCurrent(page, invitation)).toBe(false);
      await expectNoSeriousA11yViolations(page, `/invite/payment Review declined (${lang})`);
    });
  });
}
