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
 * The affiliate network's receipt script: loaded from its origin, which also receives its
 * beacons (requests and images).
 */
function affiliateHosts(origin: string): Directives {
  return { scriptSrc: [origin], connectSrc: [origin], imgSrc: [origin] };
}

/**
 * Zendesk's messaging Web Widget (its CSP guide, "custom setup"): the snippet on
 * static.zdassets.com, its API and realtime socket on *.zendesk.com, assets on *.zdassets.com,
 * and the Sunshine Conversations (smooch.io) hosts the messenger talks to and shows media from.
 */
const ZENDESK_HOSTS: Directives = {
  scriptSrc: ['https://static.zdassets.com'],
  connectSrc: [
    'https://*.zendesk.com',
    'https://*.zdassets.com',
    'wss://*.zendesk.com',
    'https://*.smooch.io',
    'wss://api.smooch.io',
  ],
  imgSrc: ['https://static.zdassets.com', 'https://*.zendesk.com', 'https://media.smooch.io'],
};

/** Third parties the pages load when they are configured. */
export type ThirdParties = {
  /** AFFILIATE_SCRIPT_ORIGIN: the receipt's affiliate script. */
  affiliateScriptOrigin?: string | undefined;
  /** AFFILIATE_PIXEL_ORIGIN: the receipt's affiliate pixel (an image, nothing else). */
  affiliatePixelOrigin?: string | undefined;
  /** Zendesk's messaging widget (support chat) is configured. */
  zendesk?: boolean;
};

function addHosts(directives: Directives, extra: Directives): Directives {
  const merged = { ...directives };
  for (const [name, hosts] of Object.entries(extra)) {
    merged[name] = [...(merged[name] ?? ["'self'"]), ...hosts];
  }
  return merged;
}

/**
 * Helmet's CSP directives: the strict 'self' policy, plus the Braintree and PayPal hosts only when
 * the Braintree gateway is configured (the local sandbox's page loads nothing from elsewhere), and
 * the affiliate script's origin and the Zendesk hosts only when those are configured.
 */
export function contentSecurityPolicyDirectives(
  payment: PaymentConfig,
  thirdParties: ThirdParties = {},
): Directives {
  let directives = STRICT;
  if (payment.kind === 'braintree') {
    directives = addHosts({ ...STRICT, frameSrc: ["'self'"] }, braintreeHosts(payment.environment));
  }
  if (thirdParties.affiliateScriptOrigin) {
    directives = addHosts(directives, affiliateHosts(thirdParties.affiliateScriptOrigin));
  }
  if (thirdParties.affiliatePixelOrigin) {
    directives = addHosts(directives, { imgSrc: [thirdParties.affiliatePixelOrigin] });
  }
  if (thirdParties.zendesk) directives = addHosts(directives, ZENDESK_HOSTS);
  return directives;
}
