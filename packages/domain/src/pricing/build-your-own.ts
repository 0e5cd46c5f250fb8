import { SUBSCRIPTION_TERMS, type SubscriptionTerm } from '../constants/enums.js';
import type { BuildYourOwnValues } from './build-your-own-schemas.js';

/**
 * Build-your-own (/alacarte): a subscription term plus options. The values the
 * screen edits use the spec's names (myfiles, tonemeter, unlimitedPayments, calls); the order
 * sent to the server carries the term as `productId` and the options as `services` codes.
 */

export const BUILD_YOUR_OWN_OPTIONS = [
  /** 1 GB of file storage. */
  { field: 'myfiles', code: 'MYFILES' },
  { field: 'tonemeter', code: 'TONEMETER' },
  { field: 'unlimitedPayments', code: 'UNLIMITEDPAYMENTS' },
  { field: 'calls', code: 'CALLSBASIC' },
] as const;

export type BuildYourOwnOptionKey = (typeof BUILD_YOUR_OWN_OPTIONS)[number]['field'];
export const BUILD_YOUR_OWN_OPTION_CODES = [
  'MYFILES',
  'TONEMETER',
  'UNLIMITEDPAYMENTS',
  'CALLSBASIC',
] as const;
export type BuildYourOwnOptionCode = (typeof BUILD_YOUR_OWN_OPTION_CODES)[number];

export function isBuildYourOwnOptionCode(value: unknown): value is BuildYourOwnOptionCode {
  return (
    typeof value === 'string' && (BUILD_YOUR_OWN_OPTION_CODES as readonly string[]).includes(value)
  );
}

export function termForYears(years: number): SubscriptionTerm {
  return years === 1 ? 'SUB1YEAR' : 'SUB2YEAR';
}

/** The selected options as service codes, in the canonical order. */
export function buildYourOwnServices(values: BuildYourOwnValues): BuildYourOwnOptionCode[] {
  return BUILD_YOUR_OWN_OPTIONS.filter((option) => values[option.field]).map(
    (option) => option.code,
  );
}

/** Service codes (and a term) back to the form values. */
export function buildYourOwnValuesFrom(
  subscription: SubscriptionTerm,
  services: readonly string[],
): BuildYourOwnValues {
  const has = (code: BuildYourOwnOptionCode) => services.includes(code);
  return {
    subscription,
    myfiles: has('MYFILES'),
    tonemeter: has('TONEMETER'),
    unlimitedPayments: has('UNLIMITEDPAYMENTS'),
    calls: has('CALLSBASIC'),
  };
}

/** An option as priced for one currency. */
export type PricedOption = {
  code: BuildYourOwnOptionCode;
  /** Minor units for the package's term. */
  amount: number;
  /** Free in the treatment of the show-price-in-build-your-own experiment (MYFILES, CALLSBASIC). */
  freeInTreatment: boolean;
};

/** What an option costs in an arm: 0 when it is free in the treatment and the visitor is in it. */
export function optionAmount(option: PricedOption, treatment: boolean): number {
  return treatment && option.freeInTreatment ? 0 : option.amount;
}

/**
 * The build-your-own package amount: its base price plus each selected option (free options cost
 * nothing in the treatment). Unknown service codes are an error: validate the order first.
 */
export function buildYourOwnAmount(
  base: number,
  options: readonly PricedOption[],
  services: readonly string[],
  { treatment }: { treatment: boolean },
): number {
  let total = base;
  for (const code of new Set(services)) {
    const option = options.find((o) => o.code === code);
    if (!option) throw new RangeError(`unknown build-your-own option ${code}`);
    total += optionAmount(option, treatment);
  }
  return total;
}

/** Without a script, the build-your-own form posts each term's package id under this prefix. */
export const BUILD_YOUR_OWN_PACKAGE_FIELD = 'packageFor.';

/**
 * A posted build-your-own form (the term's radio, each option's checkbox sent as 'on' when ticked,
 * and the package id of each term) → the values and the chosen term's package, or undefined when
 * it names no term or package. The save checks the package is offered to the signup.
 */
export function buildYourOwnChoiceFromForm(
  form: Readonly<Record<string, unknown>>,
): { values: BuildYourOwnValues; packageId: number } | undefined {
  const subscription = SUBSCRIPTION_TERMS.find((term) => term === form.subscription);
  if (!subscription) return undefined;
  const packageId = Number(form[`${BUILD_YOUR_OWN_PACKAGE_FIELD}${subscription}`]);
  if (!Number.isSafeInteger(packageId) || packageId <= 0) return undefined;
  const values: BuildYourOwnValues = {
    subscription,
    myfiles: false,
    tonemeter: false,
    unlimitedPayments: false,
    calls: false,
  };
  for (const { field } of BUILD_YOUR_OWN_OPTIONS) values[field] = form[field] === 'on';
  return { values, packageId };
}
