/** Experiment flag values: Control, Treatment or Off. The default context has every experiment off. */
export const EXPERIMENT_VALUES = ['Control', 'Treatment', 'Off'] as const;
export type ExperimentValue = (typeof EXPERIMENT_VALUES)[number];
export const DEFAULT_EXPERIMENT_VALUE: ExperimentValue = 'Off';

/** Experiments of both spec documents: camelCase name → kebab-case flag key. */
export const EXPERIMENTS = {
  removeCoParentStatus: 'remove-coparent-status',
  showPriceInBuildYourOwn: 'show-price-in-build-your-own',
  discountOfferWording: 'discount-offer-wording',
  socialProof: 'social-proof',
  premiumPickMe: 'premium-pick-me',
  uglyDuckling: 'ugly-duckling',
  coParentEmailSpeedBump: 'coparent-email-speed-bump',
  applePay: 'apple-pay',
  venmo: 'venmo',
  paypalInJoin: 'paypal-in-join',
  ukCardProvider: 'uk-card-provider',
} as const;
export type ExperimentName = keyof typeof EXPERIMENTS;
export type ExperimentKey = (typeof EXPERIMENTS)[ExperimentName];
export const EXPERIMENT_KEYS = Object.values(EXPERIMENTS) as ExperimentKey[];

/** Active experiment epic keys, in priority order. */
export const ACTIVE_EXPERIMENT_KEYS = ['GROW-886', 'GROW-805', 'GROW-722', 'GROW-621'] as const;
export type ActiveExperimentKey = (typeof ACTIVE_EXPERIMENT_KEYS)[number];

/** Boolean restriction flags (hide a payment method or card brand; support chat). */
export const RESTRICTIONS = {
  hideApplePay: 'hide-apple-pay',
  hidePaypal: 'hide-paypal',
  hideVenmo: 'hide-venmo',
  hideAmex: 'hide-amex',
  hideDiscover: 'hide-discover',
  supportChat: 'support-chat',
} as const;
export type RestrictionName = keyof typeof RESTRICTIONS;
export type RestrictionKey = (typeof RESTRICTIONS)[RestrictionName];

/** The restriction that hides a wallet (cards are hidden by brand, not as a method). */
export const PAYMENT_TYPE_RESTRICTIONS = {
  PAYPAL: RESTRICTIONS.hidePaypal,
  VENMO: RESTRICTIONS.hideVenmo,
  APPLE_PAY: RESTRICTIONS.hideApplePay,
} as const;

/** Boolean look flags (the brand-refresh look): each swaps the design-token set. */
export const LOOKS = {
  brandRefresh: 'brand-refresh',
} as const;
export type LookName = keyof typeof LOOKS;
export type LookKey = (typeof LOOKS)[LookName];

/** Every flag that answers true or false (default false): the restrictions and the looks. */
export const BOOLEAN_FLAG_KEYS = [...Object.values(RESTRICTIONS), ...Object.values(LOOKS)] as (
  | RestrictionKey
  | LookKey
)[];

/** Is this experiment value the treatment? Anything else (Control, Off, unknown) is not. */
export function isTreatment(value: string | null | undefined): boolean {
  return value === 'Treatment';
}
