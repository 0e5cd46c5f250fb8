import { describe, expect, it } from 'vitest';
import { buildTestApp, useTestDatabase } from '../test/test-app.js';
import { contentSecurityPolicyDirectives } from './content-security-policy.js';

const BRAINTREE_ENV = {
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
  BRAINTREE_ENVIRONMENT: 'sandbox',
};

const BRAINTREE_SETTINGS = {
  merchantId: 'merchant',
  publicKey: 'public',
  privateKey: 'private',
  merchantAccounts: {},
  defaultCurrency: 'USD',
} as const;

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

describe('contentSecurityPolicyDirectives: third parties', () => {
  const sandbox = { kind: 'sandbox' } as const;

  it('allows the affiliate script origin (script, beacons, pixel) only when configured', () => {
    const strict = contentSecurityPolicyDirectives(sandbox);
    expect(strict.scriptSrc).toEqual(["'self'"]);

    const origin = 'https://affiliate.example.com';
    const open = contentSecurityPolicyDirectives(sandbox, { affiliateScriptOrigin: origin });
    expect(open.scriptSrc).toEqual(["'self'", origin]);
    expect(open.connectSrc).toEqual(["'self'", origin]);
    expect(open.imgSrc).toEqual(["'self'", 'data:', origin]);
    expect(open.defaultSrc).toEqual(["'self'"]);
  });

  it('allows the affiliate pixel origin as an image source only, when configured', () => {
    const origin = 'https://pixel.example.com';
    const open = contentSecurityPolicyDirectives(sandbox, { affiliatePixelOrigin: origin });
    expect(open.imgSrc).toEqual(["'self'", 'data:', origin]);
    expect(open.scriptSrc).toEqual(["'self'"]);
    expect(open.connectSrc).toEqual(["'self'"]);
  });

  it('allows the Zendesk messaging hosts only when Zendesk is configured', () => {
    const strict = contentSecurityPolicyDirectives(sandbox, { zendesk: false });
    expect(JSON.stringify(strict)).not.toMatch(/zendesk|zdassets/);

    const open = contentSecurityPolicyDirectives(sandbox, { zendesk: true });
    expect(open.scriptSrc).toEqual(["'self'", 'https://static.zdassets.com']);
    expect(open.connectSrc).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://*.zendesk.com',
        'https://*.zdassets.com',
        'wss://*.zendesk.com',
      ]),
    );
    expect(open.frameAncestors).toEqual(["'none'"]);
  });

  it('adds both beside the Braintree hosts', () => {
    const all = contentSecurityPolicyDirectives(
      { kind: 'braintree', environment: 'sandbox', ...BRAINTREE_SETTINGS },
      { affiliateScriptOrigin: 'https://affiliate.example.com', zendesk: true },
    );
    expect(all.scriptSrc).toEqual(
      expect.arrayContaining([
        'https://js.braintreegateway.com',
        'https://affiliate.example.com',
        'https://static.zdassets.com',
      ]),
    );
    expect(all.scriptSrc?.[0]).toBe("'self'");
  });
});
