import type { Page } from '@playwright/test';
import { loginViaApi, type PaidParent, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// Changing the package or term at renewal from the subscription page: the catalog's plans for the
// payer, each with its renewal price; the change waits for the renewal date, is confirmed on the
// page and by email in the account's language, and can be undone.

test.describe.configure({ mode: 'parallel' });

const DATE_LOCALES: Record<Language, string> = { en: 'en-US', 'es-MX': 'es-MX' };

type Plan = {
  packageId: number;
  packageName: string;
  years: number;
  price: { totalFormatted: string; taxAmountFormatted: string };
};

/** The subscription's id and the end of its paid term as the pages write it (UTC). */
async function subscriptionOf(page: Page, lang: Language) {
  const answer = await page.request.get('/v2/account/subscription');
  const { subscription } = (await answer.json()) as {
    subscription: { subscriptionId: string; renewsAt: string };
  };
  const date = new Intl.DateTimeFormat(DATE_LOCALES[lang], {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(subscription.renewsAt));
  return { id: subscription.subscriptionId, date };
}

/** The plans as the page lists them, in the page's language. */
async function plansOf(page: Page, id: string, lang: Language): Promise<Plan[]> {
  const answer = await page.request.get(`/v2/account/subscriptions/${id}/plans`, {
    headers: { language: lang },
  });
  return ((await answer.json()) as { plans: Plan[] }).plans;
}

const term = (lang: Language, years: number) =>
  t(
    lang,
    years === 1 ? 'accountSubscription.details.term_one' : 'accountSubscription.details.term_other',
    {
      count: String(years),
    },
  );

async function emailsTo(page: Page, parent: PaidParent) {
  const answer = await page.request.get(
    `/v2/dev/mailbox?to=${encodeURIComponent(parent.email)}&limit=20`,
  );
  const { messages } = (await answer.json()) as {
    messages: { template: string; locale: string; subject: string; text: string }[];
  };
  return messages;
}

for (const lang of LANGUAGES) {
  test.describe(`plan change at renewal (${lang})`, () => {
    test('choose another plan, see it on the page and in the mailbox, then keep the current one', async ({
      page,
    }) => {
      await openJoin(page, lang);
      const parent = await paidParentViaApi(page.request, { language: lang });
      await loginViaApi(page.request, parent);
      const { id, date } = await subscriptionOf(page, lang);
      const plans = await plansOf(page, id, lang);
      const premium2 = plans.find((plan) => plan.packageId === 3004);
      if (!premium2) throw new Error('PREM2 is not offered');

      await page.goto('/app/account/subscription');
      const section = page.getByRole('region', {
        name: t(lang, 'accountSubscription.plan.heading'),
      });
      await expect(section).toContainText(t(lang, 'accountSubscription.plan.same', { date }));
      await section.getByRole('link', { name: t(lang, 'accountSubscription.plan.change') }).click();
      await expect(page).toHaveURL(/\/app\/account\/subscription\/plan$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountSubscription.planTitle'),
      );
      await expect(
        page.getByText(t(lang, 'accountSubscription.plan.noProration', { date })),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `change your plan (${lang})`);

      // The keyboard chooses the two-year Premium and confirms.
      const option = page.getByRole('radio', {
        name: t(lang, 'accountSubscription.plan.option', {
          package: premium2.packageName,
          term: term(lang, 2),
          price: premium2.price.totalFormatted,
          tax: premium2.price.taxAmountFormatted,
        }),
      });
      await option.focus();
      await page.keyboard.press('Space');
      await expect(option).toBeChecked();
      await page
        .getByRole('button', { name: t(lang, 'accountSubscription.plan.submit') })
        .press('Enter');

      await expect(page).toHaveURL(/\/app\/account\/subscription$/);
      await expect(
        page.getByText(t(lang, 'accountSubscription.status.planChanged', { date })),
      ).toBeVisible();
      await expect(
        page.getByRole('region', { name: t(lang, 'accountSubscription.plan.heading') }),
      ).toContainText(
        t(lang, 'accountSubscription.plan.pending', {
          date,
          package: premium2.packageName,
          term: term(lang, 2),
          price: premium2.price.totalFormatted,
        }),
      );
      await expectNoSeriousA11yViolations(page, `plan changed (${lang})`);

      await expect
        .poll(async () => (await emailsTo(page, parent)).map((m) => `${m.template}/${m.locale}`))
        .toContain(`subscription-plan-changed/${lang}`);
      const [mail] = (await emailsTo(page, parent)).filter(
        (m) => m.template === 'subscription-plan-changed',
      );
      expect(mail?.subject).toContain(date);
      expect(mail?.text).toContain(premium2.price.totalFormatted);

      // Undone before the renewal: the same plan renews.
      await page.getByRole('button', { name: t(lang, 'accountSubscription.plan.keep') }).click();
      await expect(
        page.getByText(t(lang, 'accountSubscription.status.planUndone', { date })),
      ).toBeVisible();
      await expect(
        page.getByRole('region', { name: t(lang, 'accountSubscription.plan.heading') }),
      ).toContainText(t(lang, 'accountSubscription.plan.same', { date }));
      await expect
        .poll(async () => (await emailsTo(page, parent)).map((m) => `${m.template}/${m.locale}`))
        .toContain(`subscription-plan-change-undone/${lang}`);
    });
  });
}
