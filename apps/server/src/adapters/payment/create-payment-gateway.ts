import type { PaymentConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createBraintreeGateway } from './braintree.js';
import type { PaymentGateway } from './payment-gateway.js';
import { createSandboxGateway, type SandboxPaymentGateway } from './sandbox.js';

/** The one place the payment adapter is chosen (config.ts decided which). */
export function createPaymentGateway(
  config: PaymentConfig,
  deps: { db: Db; now: () => Date },
): PaymentGateway | SandboxPaymentGateway {
  switch (config.kind) {
    case 'sandbox':
      return createSandboxGateway(deps);
    case 'braintree':
      return createBraintreeGateway(config);
  }
}

export function isSandboxGateway(
  gateway: PaymentGateway | SandboxPaymentGateway,
): gateway is SandboxPaymentGateway {
  return gateway.provider === 'sandbox' && 'tokenizeCard' in gateway;
}
