import type { Request } from './load.js';

let counter = 0;
/** A value no earlier request of this run used (emails, usernames, visitors). */
export const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The PARENT section of a new signup, with an email no other signup has. */
export function parentBody(): string {
  return JSON.stringify({
    sections: ['PARENT'],
    parent: {
      firstName: 'Ana',
      lastName: 'López',
      email: `bench.${unique()}@example.com`,
      phoneCountryCode: 'US_CANADA',
      phoneNumber: '2125551234',
    },
    knowsCoParentEmail: true,
  });
}

export const ADDRESS = {
  country: 'US',
  region: 'TX',
  city: 'Austin',
  line1: '1 Main St',
  postalCode: '73301',
};

/** One call of the API; anything but a 2xx stops the bench. */
export async function call(base: string, r: Request): Promise<Record<string, unknown>> {
  const res = await fetch(`${base}${r.path}`, {
    method: r.method,
    headers: { 'content-type': 'application/json', ...r.headers },
    body: r.body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${r.method} ${r.path} answered ${res.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export type Signup = { signupId: string; registrationKey: string };

/** Signups saved up to their package (PARENT, FAMILY, PACKAGE), twenty at a time. */
export async function createSignups(base: string, count: number): Promise<Signup[]> {
  const signups: Signup[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async () => {
        const s = (await call(base, {
          method: 'POST',
          path: '/v2/signups',
          body: parentBody(),
        })) as Signup;
        const headers = { 'x-registration-key': s.registrationKey };
        await call(base, {
          method: 'PATCH',
          path: `/v2/signups/${s.signupId}`,
          headers,
          body: familyBody(s),
        });
        await call(base, {
          method: 'PATCH',
          path: `/v2/signups/${s.signupId}`,
          headers,
          body: JSON.stringify({ sections: ['PACKAGE'], order: { packageId: 3003 } }),
        });
        return s;
      }),
    );
    signups.push(...batch);
  }
  return signups;
}

export function familyBody(s: Signup): string {
  return JSON.stringify({
    sections: ['FAMILY'],
    coParent: { firstName: 'Bruno', lastName: 'López', email: `co.${s.signupId}@example.com` },
    children: [{ firstName: 'Carla', lastName: 'López' }],
  });
}

/** A paid signup's single-use credentials token: the username check needs one (it is not used up by checks). */
export async function credentialsToken(base: string): Promise<string> {
  const [s] = await createSignups(base, 1);
  if (!s) throw new Error('no signup');
  const headers = { 'x-registration-key': s.registrationKey };
  await call(base, {
    method: 'PATCH',
    path: `/v2/signups/${s.signupId}`,
    headers,
    body: JSON.stringify({
      sections: ['PARENT', 'ADDRESS'],
      parent: { timeZone: 'America/Chicago' },
      address: { ...ADDRESS, line2: null },
    }),
  });
  const price = (await call(base, {
    method: 'POST',
    path: `/v2/signups/${s.signupId}/pricing`,
    headers,
    body: JSON.stringify({ address: ADDRESS, orderDetail: { packageId: 3003 } }),
  })) as { totals: { total: number; taxAmount: number } };
  const paid = await call(base, {
    method: 'POST',
    path: `/v2/signups/${s.signupId}/payment`,
    headers: { ...headers, 'idempotency-key': `bench-${s.signupId}` },
    body: JSON.stringify({
      order: { packageId: 3003 },
      payment: {
        amountDisplayed: price.totals.total,
        taxAmountDisplayed: price.totals.taxAmount,
        nonce: 'fake-valid-nonce',
      },
      promoCodes: null,
    }),
  });
  return String(paid.clickToJoinToken);
}
