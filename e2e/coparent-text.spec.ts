import { formatPhoneNumber, translateMessage } from '@coparent/domain';
import { loginViaApi, paidParentViaApi } from './support/account';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openJoin, unique } from './support/funnel';
import { LANGUAGES, t } from './support/i18n';
import { expect, test } from './support/test';

// Parent A's home when the co-parent's invitation text did not reach them (decision 045): the
// message, the number corrected, the invitation sent again, in both languages, with axe. The
// built server runs without Twilio, so no text ever fails: the test marks the home's answer as
// Twilio's failed status would, and everything else (the resend, its checks, the new text in the
// local mailbox) is the real server's.

test.describe.configure({ mode: 'parallel' });

/** A Mexican mobile number (national, 10 digits) no other test uses. */
function mexicanMobile(): string {
  return `55${unique().replace(/\D/g, '').slice(-8).padStart(8, '0')}`;
}

for (const lang of LANGUAGES) {
  test.describe(`the co-parent's invitation text (${lang})`, () => {
    test('Parent A reads that the text did not reach them, corrects the number and sends it again', async ({
      page,
    }) => {
      await openJoin(page, lang);
      const parent = await paidParentViaApi(page.request, {
        language: lang,
        coParentPhone: mexicanMobile(),
      });
      await loginViaApi(page.request, parent);
      let failed = true;
      await page.route('**/v2/account/home', async (route) => {
        const response = await route.fetch();
        const json = await response.json();
        if (failed && json.coParentText) json.coParentText.problem = 'NOT_DELIVERED';
        await route.fulfill({ response, json });
      });

      await page.goto('/app/account/');
      const card = page.getByRole('region', { name: t(lang, 'accountHome.coParentText.heading') });
      await expect(card).toContainText(t(lang, 'accountHome.coParentText.notReached'));
      await expectNoSeriousA11yViolations(page, `co-parent text not reached (${lang})`);

      // A number too short: the domain's rule, in the summary and beside the field.
      const number = card.getByLabel(t(lang, 'phone.number'));
      await number.fill('123');
      const send = card.getByRole('button', { name: t(lang, 'accountHome.coParentText.submit') });
      await send.click();
      const summary = page.getByRole('alert').filter({ has: page.getByRole('link') });
      await expect(
        summary.getByRole('link', { name: translateMessage('signup_phoneNumber_error', lang) }),
      ).toBeVisible();
      await expect(number).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousA11yViolations(page, `co-parent text errors (${lang})`);

      // Corrected and sent: the real server texts a new link (the local mailbox shows it).
      const corrected = mexicanMobile();
      await number.fill(corrected);
      failed = false;
      await send.click();
      const e164 = `+52${corrected}`;
      await expect(
        page.getByText(
          t(lang, 'accountHome.coParentText.sent', {
            number: formatPhoneNumber(e164, { international: true }),
          }),
        ),
      ).toBeVisible();
      await expect(card).toHaveCount(0);
      const mailbox = await page.request.get(`/v2/dev/mailbox?to=${encodeURIComponent(e164)}`);
      const { texts } = (await mailbox.json()) as { texts: { body: string }[] };
      expect(texts[0]?.body).toContain('/app/join/invite?token=');

      // Once a day: a second try is refused with when it can be done.
      failed = true;
      await page.reload();
      await card.getByRole('button', { name: t(lang, 'accountHome.coParentText.submit') }).click();
      const tooSoon = translateMessage('coParentText_resendTooSoon_error', lang, { when: '|' });
      // The refusal names no field: the summary lists it as text.
      await expect(page.getByRole('alert')).toContainText(tooSoon.split('|')[0] ?? tooSoon);
      await expectNoSeriousA11yViolations(page, `co-parent text once a day (${lang})`);
    });
  });
}
