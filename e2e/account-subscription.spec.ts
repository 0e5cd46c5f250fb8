import type { Page } from '@playwright/test';
import { loginViaApi, type PaidParent, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin } from './support/funnel';
import { LANGUAGES, type Language, t } from './support/i18n';
import { expect, test } from './support/test';

// The account's subscription page: auto-renewal off (one confirmation) and back on, and canceling
// as easy as signing up, each confirmed on the page and by email in the account's language.

test.describe.configure({ mode: 'parallel' });

const DATE_LOCALES: Record<Language, string> = { en: 'en-US', 'es-MX': 'es-MX' };

/** The end of the paid term as the pages write it (the account's dates are read in UTC). */
async function endDate(page: Page, lang: Language): Promise<string> {
  const answer = await page.request.get('/v2/account/subscription');
  const { subscription } = (await answer.json()) as { subscription: { renewsAt: string } };
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(subscription.renewsAt),
  );
}

/** The templates of the emails sent to the parent, newest first, in the language they were sent. */
async function emailsTo(page: Page, parent: PaidParent) {
  const answer = await page.request.get(
    `/v2/dev/mailbox?to=${encodeURIComponent(parent.email)}&limit=20`,
  );
  const { messages } = (await answer.json()) as {
    messages: { template: string; locale: string; text: string }[];
  };
  return messages;
}

for (const lang of LANGUAGES) {
  test.describe(`account subscription (${lang})`, () => {
    test('auto-renewal off after one confirmation, then back on, each confirmed by email', async ({
      page,
    }) => {
      await openJoin(page, lang);
      const parent = await paidParentViaApi(page.request, { language: lang });
      await loginViaApi(page.request, parent);
      const date = await endDate(page, lang);

      await page.goto('/app/account/');
      await page.getByRole('link', { name: t(lang, 'accountSubscription.homeLink') }).click();
      await expect(page).toHaveURL(/\/app\/account\/subscription$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountSubscription.title'),
      );
      await expect(
        page.getByText(t(lang, 'accountSubscription.renewal.onText', { date })),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `account subscription (${lang})`);

      // The confirmation: Escape keeps it on; the keyboard confirms it.
      const turnOff = page.getByRole('button', {
        name: t(lang, 'accountSubscription.renewal.turnOff'),
      });
      await turnOff.click();
      const dialog = page.getByRole('dialog', {
        name: t(lang, 'accountSubscription.renewal.confirmTitle'),
      });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page, `auto-renewal confirmation (${lang})`);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(turnOff).toBeFocused();
      await page.keyboard.press('Enter');
      await dialog
        .getByRole('button', { name: t(lang, 'accountSubscription.renewal.confirm') })
        .press('Enter');
      const off = page.getByText(t(lang, 'accountSubscription.status.off', { date }));
      await expect(off).toBeVisible();
      await expect(
        page.getByText(t(lang, 'accountSubscription.renewal.offText', { date })),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `auto-renewal off (${lang})`);

      await page
        .getByRole('button', { name: t(lang, 'accountSubscription.renewal.turnOn') })
        .click();
      await expect(
        page.getByText(t(lang, 'accountSubscription.status.on', { date })),
      ).toBeVisible();
      await expect(turnOff).toBeVisible();

      await expect
        .poll(async () => (await emailsTo(page, parent)).map((m) => `${m.template}/${m.locale}`))
        .toEqual(
          expect.arrayContaining([
            `subscription-auto-renew-off/${lang}`,
            `subscription-auto-renew-on/${lang}`,
          ]),
        );
    });

    test('cancel from the home: what happens, said plainly; access until the end of the term', async ({
      page,
    }) => {
      await openJoin(page, lang);
      const parent = await paidParentViaApi(page.request, { language: lang });
      await loginViaApi(page.request, parent);
      const date = await endDate(page, lang);

      await page.goto('/app/account/');
      await page.getByRole('link', { name: t(lang, 'accountSubscription.homeCancelLink') }).click();
      await expect(page).toHaveURL(/\/app\/account\/subscription\/cancel$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        t(lang, 'accountSubscription.cancelTitle'),
      );
      await expect(
        page.getByText(t(lang, 'accountSubscription.cancel.access', { date })),
      ).toBeVisible();
      await expect(page.getByText(t(lang, 'accountSubscription.cancel.noRefund'))).toBeVisible();
      await expectNoSeriousA11yViolations(page, `cancel subscription (${lang})`);

      await page
        .getByRole('radio', { name: t(lang, 'accountSubscription.cancel.reasons.NOT_USING') })
        .check();
      await page
        .getByRole('button', { name: t(lang, 'accountSubscription.cancel.submit') })
        .click();
      await expect(page).toHaveURL(/\/app\/account\/subscription$/);
      await expect(
        page.getByText(t(lang, 'accountSubscription.status.canceled', { date })),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: t(lang, 'accountSubscription.renewal.turnOn') }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page, `subscription canceled (${lang})`);

      await expect
        .poll(async () => (await emailsTo(page, parent)).map((m) => `${m.template}/${m.locale}`))
        .toContain(`subscription-canceled/${lang}`);
    });
  });
}
