import { translateMessage } from '@coparent/domain';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { choosePackage, fillReferral, fillTexasAddress } from './support/checkout';
import { fillStepOne, openJoin } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The co-parent Parent A reaches by phone: after the payment the invitation is a text in the
// local mailbox, written in Parent A's language, and its link opens the invite flow. Against the
// built server with its local sandbox gateway and the local stand-in for Twilio (decision 044).

const GOOD_CARD = '4111 1111 1111 1111';

/** The text's first words in each language (the server's template), and where its link leads. */
const TEXT_OPENING: Record<Language, RegExp> = {
  en: /^CoParent Hub: Ana invited you to join as a co-parent\./,
  'es-MX': /^CoParent Hub: Ana te invitó a unirte como coparente\./,
};
const INVITE_LINK = /https?:\/\/\S+\/app\/join\/invite\?token=[\w-]+/;

/** A London landline (libphonenumber knows it is one) and a UK mobile. */
const UK_LANDLINE = '02079460000';
const UK_MOBILE = '07400123456';

/** A New York mobile-or-landline number no other run uses: national digits and E.164. */
function uniqueUsPhone(): { national: string; e164: string } {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1e3)}`.slice(-7);
  return { national: `646${digits}`, e164: `+1646${digits}` };
}

/** Step 1 (the parent doesn't know the co-parent's email) and step 2, landing on /step3. */
async function familyKnownByPhone(
  page: Page,
  lang: Language,
  coParent: { phone: string; email?: string; alsoText?: boolean },
) {
  await openJoin(page, lang, '/step1');
  await fillStepOne(page, lang);
  const knowsEmail = page.getByRole('group', { name: t(lang, 'stepOne.knowsCoParentEmail') });
  await knowsEmail.getByLabel(t(lang, coParent.email ? 'common.yes' : 'common.no')).check();
  await page.getByRole('button', { name: t(lang, 'common.continue') }).click();

  await expect(page).toHaveURL(/\/step2$/);
  const group = page.getByRole('group', { name: t(lang, 'stepTwo.coParentLegend') });
  await group.getByLabel(t(lang, 'stepTwo.firstName')).fill('Bruno');
  await group.getByLabel(t(lang, 'stepTwo.lastName')).fill('López');
  if (coParent.email) {
    await group.getByLabel(t(lang, 'stepTwo.email'), { exact: false }).fill(coParent.email);
  }
  await group.getByLabel(t(lang, 'phone.number')).fill(coParent.phone);
  if (coParent.alsoText) await group.getByLabel(t(lang, 'stepTwo.alsoText')).check();
  const child = page.getByRole('group', { name: t(lang, 'stepTwo.childLegend', { number: '1' }) });
  await child.getByLabel(t(lang, 'stepTwo.firstName')).fill('Carla');
  await child.getByLabel(t(lang, 'stepTwo.lastName')).fill('López');
  await expectNoSeriousA11yViolations(page, `/step2 with a phone (${lang})`);
  await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
  await expect(page).toHaveURL(/\/step3$/);
}

/** From /step3: Premium · 1 year, a Texas address, a good card, paid; lands on /credentials. */
async function payByCard(page: Page, lang: Language) {
  await choosePackage(page, lang);
  await fillTexasAddress(page, lang);
  await fillReferral(page, lang);
  await page.getByRole('button', { name: t(lang, 'checkout.billing.submit') }).click();
  const review = page.getByRole('button', { name: t(lang, 'checkout.payment.reviewOrder') });
  await page.getByLabel(t(lang, 'checkout.card.number')).fill(GOOD_CARD);
  await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
  await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
  await review.click();
  await expect(
    page.getByRole('heading', { level: 2, name: t(lang, 'checkout.review.heading') }),
  ).toBeVisible();
  await page.getByRole('button', { name: t(lang, 'checkout.review.pay'), exact: true }).click();
  await expect(page).toHaveURL(/\/credentials$/, { timeout: 30_000 });
}

type MailboxText = { to: string; template: string; locale: string; body: string };

/** The texts to `number` in the local mailbox, newest first. */
async function textsTo(request: APIRequestContext, number: string): Promise<MailboxText[]> {
  const answer = await request.get(`/v2/dev/mailbox?to=${encodeURIComponent(number)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { texts: MailboxText[] }).texts;
}

/** The invitation text to `number`: one, in `lang`, with its link. */
async function invitationText(page: Page, lang: Language, number: string) {
  const [text, ...others] = await textsTo(page.request, number);
  expect(others).toEqual([]);
  expect(text).toMatchObject({ to: number, template: 'coparent-invitation-text', locale: lang });
  expect(text?.body).toMatch(TEXT_OPENING[lang]);
  const link = text?.body.match(INVITE_LINK)?.[0];
  if (!link) throw new Error(`no invitation link in the text to ${number}`);
  return link;
}

/** The co-parent's own phone: a new browser in `lang` follows the link to the invite's welcome. */
async function followOnTheirPhone(browser: Browser, baseURL: string, lang: Language, link: string) {
  const url = new URL(link);
  const context = await browser.newContext({ baseURL, locale: lang });
  try {
    const phone = await context.newPage();
    await phone.goto(`${url.pathname}${url.search}`);
    await expect(phone).toHaveURL(/\/app\/join\/invite$/);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText(
      t(lang, 'invite.welcome.title'),
    );
    await expect(
      phone.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(phone, `invite welcome from a text (${lang})`);
  } finally {
    await context.close();
  }
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test.describe(`the invitation by text (${lang})`, () => {
    test('a co-parent known only by phone gets a text whose link opens the invite flow', async ({
      page,
      browser,
    }, testInfo) => {
      const phone = uniqueUsPhone();
      await familyKnownByPhone(page, lang, { phone: phone.national });
      await payByCard(page, lang);

      await page.goto(`/app/dev/mailbox?to=${encodeURIComponent(phone.e164)}`);
      await expect(page.getByRole('article').filter({ hasText: phone.e164 })).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, `mailbox with the text (${lang})`);

      const link = await invitationText(page, lang, phone.e164);
      await followOnTheirPhone(browser, String(testInfo.project.use.baseURL), lang, link);
    });

    test('without JavaScript: a landline to be texted is refused by the phone, the box kept ticked', async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        locale: lang === 'en' ? 'en-US' : lang,
      });
      const page = await context.newPage();
      await page.goto('/app/join/step1');
      await page.getByLabel(t(lang, 'stepOne.firstName')).fill('Ana');
      await page.getByLabel(t(lang, 'stepOne.lastName')).fill('García');
      await page.getByLabel(t(lang, 'stepOne.email')).fill(`nojs.text.${Date.now()}@example.com`);
      await page.getByLabel(t(lang, 'phone.countryCode')).selectOption('MEXICO');
      await page.getByLabel(t(lang, 'phone.number')).fill('5512345678');
      await page
        .getByRole('group', { name: t(lang, 'stepOne.knowsCoParentEmail') })
        .getByLabel(t(lang, 'common.yes'))
        .check();
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
      await expect(page).toHaveURL(/\/app\/join\/step2$/);

      const group = page.getByRole('group', { name: t(lang, 'stepTwo.coParentLegend') });
      const alsoText = group.getByLabel(t(lang, 'stepTwo.alsoText'));
      const phone = group.getByLabel(t(lang, 'phone.number'));
      await group.getByLabel(t(lang, 'stepTwo.firstName')).fill('Luis');
      await group.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
      await group
        .getByLabel(t(lang, 'stepTwo.email'), { exact: false })
        .fill(`luis.${Date.now()}@example.com`);
      await group.getByLabel(t(lang, 'phone.countryCode')).selectOption('UNITED_KINGDOM');
      await phone.fill(UK_LANDLINE);
      await alsoText.check();
      const child = page.getByRole('group', {
        name: t(lang, 'stepTwo.childLegend', { number: '1' }),
      });
      await child.getByLabel(t(lang, 'stepTwo.firstName')).fill('Mateo');
      await child.getByLabel(t(lang, 'stepTwo.lastName')).fill('Pérez');
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();

      // The server's answer: the landline by the phone, what was typed (the box too) kept.
      const landline = translateMessage('signup_coParentPhoneLandline_error', lang);
      await expect(page.getByRole('alert').getByRole('link')).toHaveText(
        t(lang, 'stepTwo.summaryCoParent', { message: landline }),
      );
      await expect(phone).toHaveAccessibleDescription(new RegExp(landline));
      await expect(alsoText).toBeChecked();

      await phone.fill(UK_MOBILE);
      await page.getByRole('button', { name: t(lang, 'common.continue') }).click();
      await expect(page).toHaveURL(/\/app\/join\/step3$/);
      // Step 2 again, written with the saved family: the box is ticked.
      await page.goto('/app/join/step2');
      await expect(alsoText).toBeChecked();
      await context.close();
    });

    test('a co-parent with an email is texted too when "also text them" is ticked', async ({
      page,
    }) => {
      const phone = uniqueUsPhone();
      const email = `bruno.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`;
      await familyKnownByPhone(page, lang, { phone: phone.national, email, alsoText: true });
      await payByCard(page, lang);
      await invitationText(page, lang, phone.e164);
    });
  });
}
