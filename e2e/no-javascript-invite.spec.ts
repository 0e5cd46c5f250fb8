import type { APIRequestContext, Browser } from '@playwright/test';
import { packageName } from './support/catalog';
import { PREMIUM_1_YEAR } from './support/checkout';
import { unique } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { fillInviteCredentials, invitationViaApi, newestInviteLink } from './support/invite';
import {
  browserWithoutScripts,
  expectAccessibleWithoutScripts,
  submitWithoutScript,
} from './support/no-script';
import { expect, test } from './support/test';

// The invited co-parent with a browser that runs no script: from the emailed link, every screen
// after the welcome (step 1, the packages, the build-your-own options, the billing info, the
// payment, the credentials) is written with the invite the HttpOnly cookie names, every form is
// posted to the server, and the receipt is written for the login the credentials open
// (docs/web.md, decision 061).

/**
 * A browser without scripts that opened the emailed link of a new invitation (Parent A paid for
 * the co-parent or not) and posted step 1 with a phone: what comes next is the test's.
 */
async function pastStepOneWithoutScripts(
  browser: Browser,
  request: APIRequestContext,
  lang: Language,
  { payForCoparent }: { payForCoparent: boolean },
) {
  const { coParentEmail } = await invitationViaApi(request, { payForCoparent });
  const link = await newestInviteLink(request, coParentEmail);
  const { context, page } = await browserWithoutScripts(browser, lang);
  await page.goto(link.path);
  await page.goto('/app/join/invite/step1');
  await page.getByLabel(t(lang, 'phone.countryCode')).selectOption('US_CANADA');
  await page.getByLabel(t(lang, 'phone.number')).fill('2125559876');
  await submitWithoutScript(page, t(lang, 'common.continue'));
  return { context, page, link };
}

for (const lang of LANGUAGES) {
  test(`without JavaScript (${lang}): the invited co-parent posts step 1, chooses a package, pays by card, sets their login and sees the receipt`, async ({
    browser,
    request,
  }) => {
    const { coParentEmail } = await invitationViaApi(request, { payForCoparent: false });
    const link = await newestInviteLink(request, coParentEmail);
    const { context, page } = await browserWithoutScripts(browser, lang);

    await page.goto(link.path);
    await page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }).click();

    // Step 1: written with what Parent A told of the co-parent, in the browser's language.
    await expect(page).toHaveURL(/\/app\/join\/invite\/step1$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t(lang, 'invite.stepOne.title'),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByLabel(t(lang, 'stepOne.firstName'))).toHaveValue('Bruno');
    await expect(page.getByLabel(t(lang, 'stepOne.email'))).toHaveValue(coParentEmail);
    expect(await page.content()).not.toContain(link.token);
    await expectAccessibleWithoutScripts(browser, page, lang, `/invite/step1 (${lang})`);

    // Sent without a phone: the page again, its problem listed, what was typed kept.
    await page.getByLabel(t(lang, 'stepOne.lastName')).fill('Garza');
    const refused = await submitWithoutScript(page, t(lang, 'common.continue'));
    expect(refused.status()).toBe(422);
    const problems = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
    await expect(problems.getByRole('link').first()).toBeVisible();
    await expect(page.getByLabel(t(lang, 'stepOne.lastName'))).toHaveValue('Garza');
    await expectAccessibleWithoutScripts(browser, page, lang, `/invite/step1 refused (${lang})`);

    await page.getByLabel(t(lang, 'phone.countryCode')).selectOption('US_CANADA');
    await page.getByLabel(t(lang, 'phone.number')).fill('2125559876');
    const saved = await submitWithoutScript(page, t(lang, 'common.continue'));
    expect(saved.status()).toBe(303);

    // The packages of the co-parent's pricing group, each Choose a post.
    await expect(page).toHaveURL(/\/app\/join\/invite\/packages$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t(lang, 'invitePackages.title'),
    );
    await expectAccessibleWithoutScripts(browser, page, lang, `/invite/packages (${lang})`);
    // Back without a script asks for step 1 again, as it was saved.
    await page.getByRole('button', { name: t(lang, 'common.back') }).click();
    await expect(page).toHaveURL(/\/app\/join\/invite\/step1$/);
    await expect(page.getByLabel(t(lang, 'stepOne.lastName'))).toHaveValue('Garza');
    await page.goBack();

    const name = packageName(PREMIUM_1_YEAR, lang);
    await submitWithoutScript(page, t(lang, 'packages.choose', { name }));

    // The payment, as the join's: Billing (no referral question), the sandbox card, Review.
    await expect(page).toHaveURL(/\/app\/join\/invite\/payment$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'paymentStep.title'));
    const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
    await expect(summary.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByLabel(t(lang, 'checkout.billing.referral'))).toHaveCount(0);
    await expectAccessibleWithoutScripts(browser, page, lang, `/invite/payment (${lang})`);
    await page
      .getByLabel(t(lang, 'checkout.billing.address'), { exact: true })
      .fill('100 Congress Ave');
    await page.getByLabel(t(lang, 'checkout.billing.city')).fill('Austin');
    await page.getByLabel(t(lang, 'checkout.billing.region'), { exact: true }).selectOption('TX');
    await page.getByLabel(t(lang, 'checkout.billing.postalCode')).fill('78701');
    await page.getByLabel(t(lang, 'checkout.billing.timezone')).selectOption('America/Chicago');
    await submitWithoutScript(page, t(lang, 'checkout.billing.submit'));
    await expect(page).toHaveURL(/\/app\/join\/invite\/payment\?view=PAYMENT$/);

    await page.getByLabel(t(lang, 'checkout.card.number')).fill('4111 1111 1111 1111');
    await page.getByLabel(t(lang, 'checkout.card.expiry')).fill('12/34');
    await page.getByLabel(t(lang, 'checkout.card.cvv')).fill('123');
    const review = await submitWithoutScript(page, t(lang, 'checkout.payment.reviewOrder'));
    expect(review.status()).toBe(200);
    await expect(
      page.getByText(t(lang, 'checkout.review.card', { brand: 'Visa', lastFour: '1111' })),
    ).toBeVisible();
    expect(await page.content()).not.toContain(link.token);
    await expectAccessibleWithoutScripts(browser, page, lang, `/invite/payment Review (${lang})`);
    const paid = await submitWithoutScript(page, t(lang, 'checkout.review.pay'));
    expect(paid.status()).toBe(303);

    // The credentials, written for the cookie's paid invite: no credentials token in the page.
    await expect(page).toHaveURL(/\/app\/join\/invite\/credentials$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'credentials.title'));
    await expect(page.getByText(t(lang, 'inviteCredentials.paidIntro'))).toBeVisible();
    expect(await page.content()).not.toContain(link.token);
    await expectAccessibleWithoutScripts(browser, page, lang, `/invite/credentials (${lang})`);

    // Sent with a weak password and without the terms: the page again, every problem listed,
    // what was typed kept but the secrets.
    const username = `bruno_${unique()}`.slice(0, 30);
    await fillInviteCredentials(page, lang, username);
    const password = page.getByLabel(t(lang, 'credentials.password'), { exact: true });
    await password.fill('short1!');
    const refusedCredentials = await submitWithoutScript(page, t(lang, 'credentials.submit'));
    expect(refusedCredentials.status()).toBe(422);
    expect(await refusedCredentials.text()).not.toContain('short1!');
    const listed = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
    await expect(listed.getByRole('link')).toHaveCount(2);
    await expect(page.getByLabel(t(lang, 'credentials.username'), { exact: true })).toHaveValue(
      username,
    );
    await expect(password).toHaveValue('');
    await expect(
      page.getByLabel(t(lang, 'inviteCredentials.securityAnswer'), { exact: true }),
    ).toHaveValue('');
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/invite/credentials refused (${lang})`,
    );

    await fillInviteCredentials(page, lang, username);
    const terms = t(lang, 'inviteCredentials.consent.terms').split(' ').slice(0, 3).join(' ');
    await page.getByRole('checkbox', { name: new RegExp(`^${terms}`) }).check();
    const joined = await submitWithoutScript(page, t(lang, 'credentials.submit'));
    expect(joined.status()).toBe(303);

    // The receipt of their own payment, written for the login the credentials opened.
    await expect(page).toHaveURL(/\/app\/join\/invite\/receipt$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t(lang, 'inviteReceipt.title'),
    );
    const receipt = page.getByRole('main');
    await expect(receipt.getByText(coParentEmail)).toBeVisible();
    await expect(receipt).toContainText(name);
    await expect(
      receipt.getByRole('link', { name: t(lang, 'inviteReceipt.login') }),
    ).toHaveAttribute('href', '/app/account/login');
    const login = (await context.cookies()).find((cookie) => cookie.name === 'cp_session');
    expect(login?.httpOnly).toBe(true);
    expect(await page.content()).not.toContain(link.token);
    // Its PDF is a plain link, authorised by the login.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      receipt.getByRole('link', { name: t(lang, 'receipt.downloadPdf') }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^receipt-[0-9a-f-]{36}\.pdf$/);
    await expectAccessibleWithoutScripts(browser, page, lang, `/invite/receipt (${lang})`);
    await context.close();
  });

  test(`without JavaScript (${lang}): the invited co-parent builds their own package, or takes everything instead`, async ({
    browser,
    request,
  }) => {
    const { context, page, link } = await pastStepOneWithoutScripts(browser, request, lang, {
      payForCoparent: false,
    });
    await expect(page).toHaveURL(/\/app\/join\/invite\/packages$/);

    // A build-your-own card's Choose asks for its options, written for the cookie's invite.
    const own = page
      .getByRole('article')
      .filter({ hasText: t(lang, 'packages.buildYourOwnText') })
      .first();
    const name = (await own.getByRole('heading').first().textContent()) ?? '';
    await submitWithoutScript(page, t(lang, 'packages.choose', { name }));
    await expect(page).toHaveURL(/\/app\/join\/invite\/choose-your-own$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'alacarte.title'));
    expect(await page.content()).not.toContain(link.token);
    await expectAccessibleWithoutScripts(browser, page, lang, `/invite/choose-your-own (${lang})`);

    // Everything included instead: the Premium package, then its payment.
    const premium = packageName(PREMIUM_1_YEAR, lang);
    const upgraded = await submitWithoutScript(
      page,
      t(lang, 'inviteChooseYourOwn.upgrade', { name: premium }),
    );
    expect(upgraded.status()).toBe(303);
    await expect(page).toHaveURL(/\/app\/join\/invite\/payment$/);
    const summary = page.getByRole('region', { name: t(lang, 'orderSummary.heading') });
    await expect(summary.getByText(premium, { exact: true })).toBeVisible();

    // Back to the packages and the options again: one ticked, Continue saves them.
    await page.goto('/app/join/invite/packages');
    await submitWithoutScript(page, t(lang, 'packages.choose', { name }));
    await expect(page).toHaveURL(/\/app\/join\/invite\/choose-your-own$/);
    await page.getByRole('checkbox').first().check();
    const built = await submitWithoutScript(page, t(lang, 'common.continue'));
    expect(built.status()).toBe(303);
    await expect(page).toHaveURL(/\/app\/join\/invite\/payment$/);
    await expect(summary.getByText(name, { exact: true })).toBeVisible();
    await context.close();
  });

  test(`without JavaScript (${lang}): a co-parent whose subscription is paid goes from step 1 to the billing info`, async ({
    browser,
    request,
  }) => {
    const { context, page, link } = await pastStepOneWithoutScripts(browser, request, lang, {
      payForCoparent: true,
    });
    await expect(page).toHaveURL(/\/app\/join\/invite\/billing-info$/);

    // The billing info: the Billing view's form alone, written from the cookie's invite.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t(lang, 'invitePayment.billingInfo.title'),
    );
    await expect(page.getByLabel(t(lang, 'checkout.billing.country'))).toHaveValue('US');
    expect(await page.content()).not.toContain(link.token);
    await expectAccessibleWithoutScripts(browser, page, lang, `/invite/billing-info (${lang})`);

    // Sent without a city: the page again, its problem listed, what was typed kept.
    const address = page.getByLabel(t(lang, 'checkout.billing.address'), { exact: true });
    await address.fill('100 Congress Ave');
    await page.getByLabel(t(lang, 'checkout.billing.region'), { exact: true }).selectOption('TX');
    await page.getByLabel(t(lang, 'checkout.billing.postalCode')).fill('78701');
    const refused = await submitWithoutScript(page, t(lang, 'invitePayment.billingInfo.submit'));
    expect(refused.status()).toBe(422);
    const problems = page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') });
    await expect(problems.getByRole('link').first()).toBeVisible();
    await expect(address).toHaveValue('100 Congress Ave');
    await expectAccessibleWithoutScripts(
      browser,
      page,
      lang,
      `/invite/billing-info refused (${lang})`,
    );

    await page.getByLabel(t(lang, 'checkout.billing.city')).fill('Austin');
    await page.getByLabel(t(lang, 'checkout.billing.timezone')).selectOption('America/Chicago');
    const saved = await submitWithoutScript(page, t(lang, 'invitePayment.billingInfo.submit'));
    expect(saved.status()).toBe(303);
    await expect(page).toHaveURL(/\/app\/join\/invite\/credentials$/);
    await context.close();
  });
}
