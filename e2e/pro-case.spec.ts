import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin, unique } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The professional's first case, in each language, against the built app: a professional
// registered through the API opens the welcome email's activation link, chooses a username and
// password, logs in, invites a family from My Cases, and the invited parent's emailed link opens
// the welcome page that names the professional.

type MailboxMessage = { to: string; template: string; text: string };

const PASSWORD = 'Quiet-Harbor-7421!';

async function mailboxLink(page: Page, to: string, template: string, path: RegExp) {
  const answer = await page.request.get(`/v2/dev/mailbox?to=${encodeURIComponent(to)}&limit=10`);
  expect(answer.ok()).toBe(true);
  const { messages } = (await answer.json()) as { messages: MailboxMessage[] };
  const message = messages.find((m) => m.template === template);
  const link = path.exec(message?.text ?? '')?.[0];
  if (!link) throw new Error(`no ${template} email with a link for ${to}`);
  return link;
}

async function registerProfessional(page: Page, lang: Language, email: string) {
  const created = await page.request.post('/v2/professional/users', {
    headers: { language: lang },
    data: {
      firstName: 'Patricia',
      lastName: 'Reyes',
      email,
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
}

async function fillParent(page: Page, lang: Language, number: 1 | 2, first: string, email: string) {
  const group = page.getByRole('group', {
    name: t(lang, 'cases.form.parentLegend', { number: String(number) }),
  });
  await group.getByLabel(t(lang, 'cases.form.firstName'), { exact: true }).fill(first);
  await group.getByLabel(t(lang, 'cases.form.lastName'), { exact: true }).fill('Ramos');
  await group.getByRole('textbox', { name: new RegExp(t(lang, 'cases.form.email')) }).fill(email);
}

test.describe.configure({ mode: 'parallel' });

for (const lang of LANGUAGES) {
  test(`a professional activates, logs in, invites a family; the parent is told who invited them (${lang})`, async ({
    page,
  }) => {
    // A long journey (four screens, two emails): three times the usual time limit.
    test.slow();
    const id = unique();
    const proEmail = `pro.case.${id}@example.com`;
    const parentEmail = `pro.case.parent.${id}@example.com`;
    const coParentEmail = `pro.case.coparent.${id}@example.com`;
    const username = `pro_case_${id}`;

    await openJoin(page, lang);
    await registerProfessional(page, lang, proEmail);

    // The welcome email's activation link: the token leaves the address bar.
    const activate = await mailboxLink(
      page,
      proEmail,
      'professional-welcome',
      /\/app\/account\/activate\?token=[A-Za-z0-9_%-]+/,
    );
    await page.goto(activate);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'activate.title'), {
      timeout: 15_000,
    });
    await expect(page).toHaveURL(/\/app\/account\/activate$/);
    await expectNoSeriousA11yViolations(page, `activate (${lang})`);
    await page.getByRole('textbox', { name: t(lang, 'credentials.username') }).fill(username);
    await page.getByLabel(t(lang, 'credentials.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t(lang, 'credentials.submit') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'activate.doneTitle'));
    await expectNoSeriousA11yViolations(page, `activate done (${lang})`);

    // Log in (the session cookie lands in the browser), then My Cases.
    const login = await page.request.post('/v2/login', {
      data: { username, password: PASSWORD, submit: 'Sign In', eventId: 'submit' },
    });
    expect(login.ok(), await login.text()).toBe(true);
    await page.goto('/app/account/cases');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lang, 'cases.title'), {
      timeout: 15_000,
    });
    await expect(page.getByText(t(lang, 'cases.list.empty'))).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, `my cases, empty (${lang})`);

    // A submit with nothing filled in: the error summary.
    await page.getByRole('button', { name: t(lang, 'cases.form.submit') }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: t(lang, 'errorSummary.title') }),
    ).toBeFocused();
    await expectNoSeriousA11yViolations(page, `my cases, errors (${lang})`);

    await fillParent(page, lang, 1, 'Diego', parentEmail);
    await fillParent(page, lang, 2, 'Elena', coParentEmail);
    const child = page.getByRole('group', {
      name: t(lang, 'cases.form.childLegend', { number: '1' }),
    });
    await child.getByLabel(t(lang, 'cases.form.firstName'), { exact: true }).fill('Félix');
    await child.getByLabel(t(lang, 'cases.form.lastName'), { exact: true }).fill('Ramos');
    await page.getByRole('button', { name: t(lang, 'cases.form.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: coParentEmail })).toHaveText(
      t(lang, 'cases.success.two', {
        first: 'Diego Ramos',
        firstEmail: parentEmail,
        second: 'Elena Ramos',
        secondEmail: coParentEmail,
      }),
      { timeout: 15_000 },
    );
    await expect(
      page.getByRole('heading', { level: 3, name: 'Diego Ramos · Elena Ramos' }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, `my cases, one case (${lang})`);

    // The co-parent opens the emailed link: the welcome names the professional.
    const invite = await mailboxLink(
      page,
      coParentEmail,
      'professional-invitation',
      /\/app\/join\/invite\?token=[A-Za-z0-9_%-]+/,
    );
    await page.goto(invite);
    await expect(
      page.getByText(t(lang, 'invite.welcome.proInvited', { pro: 'Patricia Reyes' })),
    ).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, `invite welcome from my case (${lang})`);
  });
}
