/**
 * The database schema, one file per subject under schema/. Migrations are generated from it
 * (drizzle.config.ts), and `schema` gives Drizzle's relational queries every table.
 */

export * from './schema/analytics.js';
export * from './schema/catalog.js';
export * from './schema/email.js';
export * from './schema/families.js';
export * from './schema/payment-method-changes.js';
export * from './schema/payments.js';
export * from './schema/sandbox.js';
export * from './schema/signups.js';
export * from './schema/sms.js';
export * from './schema/users.js';

import { analyticsEvents } from './schema/analytics.js';
import {
  catalogPackageOptions,
  catalogPackagePrices,
  catalogPackages,
  pricingCountryGroups,
  promoCodeAmounts,
  promoCodes,
  referrers,
  subscriptionCodes,
} from './schema/catalog.js';
import { emailOutbox } from './schema/email.js';
import {
  families,
  familyMembers,
  inviteProgress,
  inviteReminders,
  invites,
} from './schema/families.js';
import { paymentMethodChanges } from './schema/payment-method-changes.js';
import {
  lateCharges,
  orders,
  payments,
  receipts,
  subscriptionChanges,
  subscriptionRenewals,
  subscriptions,
} from './schema/payments.js';
import { sandboxNonces, sandboxPaymentMethods, sandboxTransactions } from './schema/sandbox.js';
import { signupBilling, signupChildren, signupOrders, signups } from './schema/signups.js';
import { smsOptOuts, smsOutbox } from './schema/sms.js';
import {
  credentialsTokens,
  parentProfiles,
  passwordResets,
  professionalProfiles,
  sessions,
  userAddresses,
  userCredentials,
  users,
} from './schema/users.js';

export const schema = {
  signups,
  signupChildren,
  users,
  professionalProfiles,
  emailOutbox,
  smsOutbox,
  smsOptOuts,
  catalogPackages,
  catalogPackagePrices,
  catalogPackageOptions,
  pricingCountryGroups,
  promoCodes,
  promoCodeAmounts,
  subscriptionCodes,
  referrers,
  signupOrders,
  signupBilling,
  families,
  familyMembers,
  userAddresses,
  userCredentials,
  invites,
  parentProfiles,
  inviteProgress,
  inviteReminders,
  credentialsTokens,
  sessions,
  passwordResets,
  payments,
  lateCharges,
  orders,
  subscriptions,
  subscriptionChanges,
  subscriptionRenewals,
  receipts,
  paymentMethodChanges,
  sandboxTransactions,
  sandboxNonces,
  sandboxPaymentMethods,
  analyticsEvents,
};

export type Schema = typeof schema;
