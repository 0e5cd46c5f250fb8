import { type APIRequestContext, expect } from '@playwright/test';
import { unique } from './funnel';

/**
 * Parent A made through the API, as the funnel would (signup → family → Premium 1 year → Texas
 * billing → paid with the sandbox's valid nonce → username and password), for the browser tests
 * of the account area. `page.request` shares the browser's cookies, so `login` leaves the page
 * logged in.
 */
export type PaidParent = {
  userId: string;
  email: string;
  /** '' for a co-parent known only by phone (`coParentPhone`), invited by text. */
  coParentEmail: string;
  username: string;
  password: string;
};

export const ACCOUNT_TEST_PASSWORD = 'Sunny-Harbor-42';

async function ok(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json().catch(() => ({}))) as Record<string, unknown>;
}

export async function paidParentViaApi(
  request: APIRequestContext,
  options: { language?: string; firstName?: string; coParentPhone?: string } = {},
): Promise<PaidParent> {
  const id = unique();
  const email = `account.${id}@example.com`;
  const byPhone = options.coParentPhone !== undefined;
  const coParentEmail = byPhone ? '' : `account.coparent.${id}@example.com`;
  // A co-parent known only by phone (a Mexican mobile number) is invited by text.
  const coParentContact = byPhone
    ? { email: '', phoneCountryCode: 'MEXICO', phoneNumber: options.coParentPhone }
    : { email: coParentEmail };
  const language = options.language ?? 'en';
  const created = await ok(
    await request.post('/v2/signups', {
      headers: { language },
      data: {
        sections: ['PARENT'],
        parent: {
          firstName: options.firstName ?? 'Ana',
          lastName: 'López',
          email,
          phoneCountryCode: 'US_CANADA',
          phoneNumber: '2125551234',
        },
        knowsCoParentEmail: !byPhone,
      },
    }),
  );
  const headers = { 'x-registration-key': String(created.registrationKey), language };
  const url = `/v2/signups/${String(created.signupId)}`;
  await ok(
    await request.patch(url, {
      headers,
      data: {
        sections: ['FAMILY'],
        coParent: { firstName: 'Bruno', lastName: 'López', ...coParentContact },
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
  const address = {
    line1: '1 Main St',
    line2: null,
    city: 'Austin',
    region: 'TX',
    postalCode: '73301',
    country: 'US',
  };
  await ok(
    await request.patch(url, {
      headers,
      data: { sections: ['PARENT', 'ADDRESS'], parent: { timeZone: 'America/Chicago' }, address },
    }),
  );
  const price = (await ok(
    await request.post(`${url}/pricing`, {
      headers,
      data: { address, orderDetail: { packageId: 3003 } },
    }),
  )) as { totals: { total: number; taxAmount: number } };
  const paid = (await ok(
    await request.post(`${url}/payment`, {
      headers: { ...headers, 'idempotency-key': `e2e-${id}` },
      data: {
        order: { packageId: 3003 },
        payment: {
          amountDisplayed: price.totals.total,
          taxAmountDisplayed: price.totals.taxAmount,
          nonce: 'fake-valid-nonce',
        },
        promoCodes: null,
      },
    }),
  )) as {
    clickToJoinToken: string;
    registration: { parent: { userId: string } };
  };
  const username = `ana_${id}`.slice(0, 30);
  await ok(
    await request.post('/v2/credentials', {
      headers: { authorization: `Bearer ${paid.clickToJoinToken}` },
      data: { username, password: ACCOUNT_TEST_PASSWORD },
    }),
  );
  return {
    userId: paid.registration.parent.userId,
    email,
    coParentEmail,
    username,
    password: ACCOUNT_TEST_PASSWORD,
  };
}

/** Logs in through the API: the session cookie lands in the browser context. */
export async function loginViaApi(
  request: APIRequestContext,
  parent: Pick<PaidParent, 'username' | 'password'>,
) {
  await ok(
    await request.post('/v2/login', {
      data: {
        username: parent.username,
        password: parent.password,
        submit: 'Sign In',
        eventId: 'submit',
      },
    }),
  );
}
