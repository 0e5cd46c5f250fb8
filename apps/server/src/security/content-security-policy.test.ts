import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestDatabase } from '../test/test-app.js';

const BRAINTREE_ENV = {
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
  BRAINTREE_ENVIRONMENT: 'sandbox',
};

function directives(header: unknown): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('Content-Security-Policy', () => {
  const db = useTestDatabase('pglite');

  it("keeps the strict 'self' policy with the local sandbox gateway", async () => {
    const app = await buildTestApp(db.database);
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      // No frame-src: frames fall back to default-src 'self'.
      expect(csp.has('frame-src')).toBe(false);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      await app.close();
    }
  });

  it('allows the Braintree and PayPal hosts when the Braintree gateway is configured', async () => {
    const app = await buildTestApp(db.database, { env: BRAINTREE_ENV });
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      const csp = directives(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual([
        "'self'",
        'https://js.braintreegateway.com',
        'https://assets.braintreegateway.com',
        'https://www.paypalobjects.com',
        'https://*.paypal.com',
      ]);
      expect(csp.get('frame-src')).toEqual([
        "'self'",
        'https://assets.braintreegateway.com',
        'https://*.paypal.com',
      ]);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://api.sandbox.braintreegateway.com',
        'https://payments.sandbox.braintree-api.com',
        'https://client-analytics.sandbox.braintreegateway.com',
        'https://*.paypal.com',
      ]);
      expect(csp.get('img-src')).toEqual(
        expect.arrayContaining(["'self'", 'data:', 'https://assets.braintreegateway.com']),
      );
      // Everything else stays strict.
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    } finally {
      await app.close();
    }
  });

  it("uses Braintree's production hosts in production", async () => {
    const app = await buildTestApp(db.database, {
      env: { ...BRAINTREE_ENV, BRAINTREE_ENVIRONMENT: 'production' },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      const connect = directives(res.headers['content-security-policy']).get('connect-src');
      expect(connect).toContain('https://api.braintreegateway.com');
      expect(connect).toContain('https://payments.braintree-api.com');
      expect(connect?.some((host) => host.includes('sandbox'))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
