/** What /payment hands /step3 when the price could not be calculated: the package step again. */
export type StepThreeLocationState = { pricingFailed?: boolean };
