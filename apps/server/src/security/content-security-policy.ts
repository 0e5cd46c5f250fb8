import type { PaymentConfig } from '../config.js';

type Directives = Record<string, string[]>;

/** The strict policy: the join app, the API and the Swagger UI load only their own files. */
const STRICT: Directives = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * The hosts braintree-web 3.x reaches from the payment page (Braintree's CSP guide and the SDK's
 * own constants): its client API and GraphQL API, the hosted-fields and Venmo frames on
 * assets.braintreegateway.com, the PayPal JS SDK with its buttons, popups and analytics, and the
 * data collector (fraudnet on c.paypal.com, its pixel on b.stats.paypal.com). Apple Pay on the web
 * is Safari's own ApplePaySession (merchant validation goes through Braintree's client API), so it
 * needs no host of its own.
 */
function braintreeHosts(environment: 'sandbox' | 'production'): Directives {
  const sandbox = environment === 'sandbox';
  const clientApi = sandbox
    ? 'https://api.sandbox.braintreegateway.com'
    : 'https://api.braintreegateway.com';
  const graphQl = sandbox
    ? 'https://payments.sandbox.braintree-api.com'
    : 'https://payments.braintree-api.com';
  const analytics = sandbox
    ? 'https://client-analytics.sandbox.braintreegateway.com'
    : 'https://client-analytics.braintreegateway.com';
  return {
    scriptSrc: [
      'https://js.braintreegateway.com',
      'https://assets.braintreegateway.com',
      'https://www.paypalobjects.com',
      'https://*.paypal.com',
    ],
    frameSrc: ['https://assets.braintreegateway.com', 'https://*.paypal.com'],
    connectSrc: [clientApi, graphQl, analytics, 'https://*.paypal.com'],
    imgSrc: [
      'https://assets.braintreegateway.com',
      'https://www.paypalobjects.com',
      'https://*.paypal.com',
    ],
  };
}

/**
 * Helmet's CSP directives: the strict 'self' policy, plus the Braintree and PayPal hosts only when
 * the Braintree gateway is configured (the local sandbox's page loads nothing from elsewhere).
 */
export function contentSecurityPolicyDirectives(payment: PaymentConfig): Directives {
  if (payment.kind !== 'braintree') return STRICT;
  const extra = braintreeHosts(payment.environment);
  const directives: Directives = { ...STRICT, frameSrc: ["'self'"] };
  for (const [name, hosts] of Object.entries(extra)) {
    directives[name] = [...(directives[name] ?? ["'self'"]), ...hosts];
  }
  return directives;
}
