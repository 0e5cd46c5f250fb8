import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin, unique } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { fillInviteCredentials } from './support/invite';
import { expect, test } from './support/test';

// A professional's family pays nothing (decision 032): a parent the professional invited goes from
// the welcome and step 1, which say so, straight to the username and password, and their account
// home shows the subscription the professional covers. The professional and the case are made
// through the API; the parent's link is read from the development mailbox.

type MailboxMessage = { to: string; template: string; text: string };

const PRO_PASSWORD = 'Quiet-Harbor-7421!';

async function mailboxText(page: Page, to: string, template: string): Promise<string> {
  const answer = await page.request.get(`/v2/dev/mailbox?to=${encodeURIComponent(to)}&limit=10`);
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
  const message = messages.find((m) => m.template === template);
  if (!message) throw new Error(`no ${template} email for ${to}`);
  return message.text;
}

/** Patricia Reyes registers, activates her account, and invites the Ramos family. */
async function professionalCase(page: Page, lang: Language, parentEmail: string) {
  const id = unique();
  const proEmail = `pro.family.${id}@example.com`;
  const created = await page.request.post('/v2/professional/users', {
    headers: { language: lang },
    data: {
      firstName: 'Patricia',
      lastName: 'Reyes',
      email: proEmail,
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '5551234567',
      hearAboutUs: 'SEARCH_ENGINE',
      practiceName: 'Reyes Family Law',
      addressLine1: '1 Court Sq',
      country: 'US',
      city: 'Denver',
      region: 'CO',
      postalCode: '80202',
      timezone: 'America/Denver',
      roles: ['FAMILY_LAW_ATTORNEY'],
      securityQuestion: 'What was the name of my first school?',
      securityAnswer: 'Benito Juarez',
      securityCode: '2468',
      securityCodeConfirm: '2468',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const welcome = await mailboxText(page, proEmail, 'professional-welcome');
  const token = /activate\?token=([A-Za-z0-9_%-]+)/.exec(welcome)?.[1] ?? '';
  const username = `pro_family_${id}`;
  const activated = await page.request.post('/v2/credentials', {
    headers: { authorization: `Bearer ${decodeURIComponent(token)}` },
    data: { username, password: PRO_PASSWORD },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  const login = await page.request.post('/v2/login', {
    data: { username, password: PRO_PASSWORD, submit: 'Sign In', eventId: 'submit' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const invited = await page.request.post('/v2/account/cases', {
    headers: { language: lang },
    data: {
      parent1: { firstName: 'Diego', lastName: 'Ramos', email: parentEmail },
      parent2: { firstName: 'Elena', lastName: 'Ramos' },
      children: [{ firstName: 'Félix', lastName: 'Ramos' }],
    },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  expect((await page.request.post('/v2/logout')).status()).toBe(204);
  const invitation = await mailboxText(page, parentEmail, 'professional-invitation');
  const link = /\/app\/join\/invite\?token=[A-Za-z0-9_%-]+/.exec(invitation)?.[0];
  if (!link) throw new Error(`no invitation link for ${parentEmail}`);
  return link;
}

for (const lang of LANGUAGES) {
  test(`a professional's family: welcome and step 1 say there is nothing to pay, then credentials and the covered subscription (${lang})`, async ({
    page,
  }) => {
    test.slow();
    const parentEmail = `pro.family.parent.${unique()}@example.com`;
    await openJoin(page, lang);
    const link = await professionalCase(page, lang, parentEmail);

    await page.goto(link);
    await expect(
      page.getByText(t(lang, 'invite.welcome.proCovered', { pro: 'Patricia Reyes' })),
    ).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(
      page,
      `invite welcome, covered by the professional (${lang})`,
    );
    await page.getByRole('link', { name: t(lang, 'invite.welcome.getStarted') }).click();

    await expect(page).toHaveURL(/\/app\/join\/invite\/step1$/);
    await expect(
      page.getByText(t(lang, 'inviteStepOne.proCovered', { pro: 'Patricia Reyes' })),
    ).toBeVisible();
    await expect(page.getByLabel(t(lang, 'stepOne.email'))).toHaveValue(parentEmail);
    await page.getByLabel(t(lang, 'phone.number')).fill('2125559876');
    await expectNoSeriousA11yViolations(page, `invite step 1, covered (${lang})`);
    await page.getByRole('button', { name: t(lang, 'common.continue'), exact: true }).click();

    // No packages, no payment: the username and password come next.
    await expect(page).toHaveURL(/\/app\/join\/invite\/credentials$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'credentials.title'), {
      timeout: 15_000,
    });
    const covered = t(lang, 'inviteCredentials.proCovered', { pro: 'Patricia Reyes' });
    await expect(page.getByText(covered)).toBeVisible();

    // The payment and the packages, opened by hand, send them back here (no 409 error page).
    for (const screen of ['payment', 'packages']) {
      await page.goto(`/app/join/invite/${screen}`);
      await expect(page).toHaveURL(/\/app\/join\/invite\/credentials$/, { timeout: 15_000 });
      await expect(page.getByText(covered)).toBeVisible({ timeout: 15_000 });
    }
    await fillInviteCredentials(page, lang, `diego_${unique()}`);
    await page.locator('#consent-terms').check();
    await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: t(lang, 'inviteCredentials.success.title') }),
    ).toBeVisible();

    // The account home: the subscription the professional covers.
    await page.waitForURL(/\/app\/account\//, { timeout: 15_000 });
    const subscription = page.getByRole('region', {
      name: t(lang, 'accountHome.subscription.heading'),
    });
    await expect(subscription).toContainText('Patricia Reyes', { timeout: 15_000 });
    await expect(subscription).toContainText(t(lang, 'accountHome.subscription.current'));
    await expectNoSeriousA11yViolations(page, `account home, covered subscription (${lang})`);
  });
}
