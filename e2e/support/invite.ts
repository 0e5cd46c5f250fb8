import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { unique } from './funnel';
import { type Language, t } from './i18n';

// The invited co-parent's browser tests start from a FRESH invitation: Parent A signs up and pays
// through the API (as e2e/support/account.ts does, without setting Parent A's credentials), and
// the co-parent's link is read from the development mailbox, as a person reads their email.

type Answer = Awaited<ReturnType<APIRequestContext['get']>>;

async function ok(response: Answer): Promise<Record<string, unknown>> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
}

export type Invitation = { parentEmail: string; coParentEmail: string };

const TEXAS = {
  line1: '1 Main St',
  line2: null,
  city: 'Austin',
  region: 'TX',
  postalCode: '73301',
  country: 'US',
};

/**
 * Parent A (Ana López, Texas, Premium 1 year) pays with the sandbox's valid nonce, for themselves
 * only or also for the co-parent (Bruno López); the payment emails the co-parent an invitation.
 */
export async function invitationViaApi(
  request: APIRequestContext,
  { payForCoparent }: { payForCoparent: boolean },
): Promise<Invitation> {
  const id = unique();
  const parentEmail = `invite.parent.${id}@example.com`;
  const coParentEmail = `invite.coparent.${id}@example.com`;
  const created = await ok(
    await request.post('/v2/signups', {
      data: {
        sections: ['PARENT'],
        parent: {
          firstName: 'Ana',
          lastName: 'López',
          email: parentEmail,
          phoneCountryCode: 'US_CANADA',
          phoneNumber: '2125551234',
        },
        knowsCoParentEmail: true,
      },
    }),
  );
  const headers = { 'x-registration-key': String(created.registrationKey) };
  const url = `/v2/signups/${String(created.signupId)}`;
  await ok(
    await request.patch(url, {
      headers,
      data: {
        sections: ['FAMILY'],
        coParent: { firstName: 'Bruno', lastName: 'López', email: coParentEmail },
        children: [{ firstName: 'Carla', lastName: 'López' }],
      },
    }),
  );
  await ok(
    await request.patch(url, {
      headers,
      data: { sections: ['PACKAGE'], order: { packageId: 3003 } },
    }),
  );
  await ok(
    await request.patch(url, {
      headers,
      data: {
        sections: ['PARENT', 'ADDRESS'],
        parent: { timeZone: 'America/Chicago' },
        address: TEXAS,
      },
    }),
  );
  const price = (await ok(
    await request.post(`${url}/pricing`, {
      headers,
      data: { address: TEXAS, orderDetail: { packageId: 3003 }, payForCoparent },
    }),
  )) as { totals: { total: number; taxAmount: number } };
  await ok(
    await request.post(`${url}/payment`, {
      headers: { ...headers, 'idempotency-key': `e2e-invite-${id}` },
      data: {
        order: { packageId: 3003 },
        payForCoparent,
        payment: {
          amountDisplayed: price.totals.total,
          taxAmountDisplayed: price.totals.taxAmount,
          nonce: 'fake-valid-nonce',
        },
        promoCodes: null,
      },
    }),
  );
  return { parentEmail, coParentEmail };
}

type MailboxMessage = { to: string; template: string; text: string };

/** The newest invite link emailed to the address (`/app/join/invite?token=…`) and its token. */
export async function newestInviteLink(
  request: APIRequestContext,
  email: string,
): Promise<{ path: string; token: string }> {
  const { messages } = (await ok(
    await request.get(`/v2/dev/mailbox?to=${encodeURIComponent(email)}&limit=20`),
  )) as { messages: MailboxMessage[] };
  for (const message of messages) {
    const path = /\/app\/join\/invite\?token=[A-Za-z0-9_%-]+/.exec(message.text)?.[0];
    const token = path ? new URL(path, 'http://x').searchParams.get('token') : null;
    if (path && token) return { path, token };
  }
  throw new Error(`no invite link emailed to ${email}`);
}

/** Asks for a new link with a token (the old one stops working), as /invite/request does. */
export async function requestNewLinkViaApi(request: APIRequestContext, token: string) {
  await ok(
    await request.post('/v2/invites/request', { headers: { Authorization: `Bearer ${token}` } }),
  );
}

/** The invited co-parent's password in the browser tests. */
export const INVITE_PASSWORD = 'Quiet-Harbor-7421!';

/** Fills /invite/credentials (username, password, referral, security; the terms are the test's). */
export async function fillInviteCredentials(page: Page, lang: Language, username: string) {
  await page.getByLabel(t(lang, 'credentials.username'), { exact: true }).fill(username);
  await page.getByLabel(t(lang, 'credentials.password'), { exact: true }).fill(INVITE_PASSWORD);
  await page.getByLabel(t(lang, 'inviteCredentials.referral')).selectOption('FRIEND_OR_FAMILY');
  await page
    .getByLabel(t(lang, 'inviteCredentials.securityQuestion'), { exact: true })
    .fill(lang === 'en' ? 'What was my first pet called?' : '¿Cómo se llamaba mi primera mascota?');
  await page
    .getByLabel(t(lang, 'inviteCredentials.securityAnswer'), { exact: true })
    .fill('Rex the dog');
  await page.getByLabel(t(lang, 'inviteCredentials.securityCode'), { exact: true }).fill('4321');
  await page.getByLabel(t(lang, 'inviteCredentials.confirmCode'), { exact: true }).fill('4321');
}
