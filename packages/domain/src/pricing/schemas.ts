import { z } from 'zod';
import { optionalInput, optionalText } from '../validation/blank.js';
import { errorKey } from '../validation/fields.js';
import { BUILD_YOUR_OWN_OPTION_CODES } from './build-your-own.js';
import { BuildYourOwnValuesSchema, SubscriptionTermSchema } from './build-your-own-schemas.js';
import { CurrencyCodeSchema } from './money-schemas.js';
import { PricingGroupSchema } from './pricing-group.js';
import { TAX_WORDINGS, TaxLineSchema } from './tax.js';

// The package codes' reading (no zod) is in package-code.ts, for the screens that only read codes.
export * from './package-code.js';

/**
 * Request and response schemas of the pricing calls (docs/pricing.md). Every
 * amount is an integer number of minor units; each has a `…Formatted` twin for display.
 */

export const PackageIdSchema = z
  .number(errorKey('pricing_package_error'))
  .int(errorKey('pricing_package_error'))
  .positive(errorKey('pricing_package_error'))
  .max(2_147_483_647, errorKey('pricing_package_error'));

const optionalTerm = optionalInput(SubscriptionTermSchema);

/**
 * An order: a package, and for build-your-own the term (`productId`) and the
 * options (`services`). Services are unique option codes.
 */
export const OrderSchema = z.object(
  {
    packageId: PackageIdSchema,
    productId: optionalTerm,
    services: z
      .array(
        z.enum(BUILD_YOUR_OWN_OPTION_CODES, errorKey('pricing_services_error')),
        errorKey('pricing_services_error'),
      )
      .max(BUILD_YOUR_OWN_OPTION_CODES.length, errorKey('pricing_services_error'))
      .refine((codes) => new Set(codes).size === codes.length, errorKey('pricing_services_error'))
      .nullish()
      .transform((codes) => codes ?? undefined),
  },
  errorKey('pricing_package_error'),
);
export type Order = z.infer<typeof OrderSchema>;

/** PATCH /v2/signups/{signupId} with sections ['PACKAGE']: the package choice, and BYO values. */
export const UpdatePackageSectionRequestSchema = z.object(
  {
    sections: z.tuple([z.literal('PACKAGE')], errorKey('invalidValue')),
    order: OrderSchema,
    buildYourOwn: BuildYourOwnValuesSchema.nullish().transform((v) => v ?? undefined),
  },
  errorKey('invalidValue'),
);
export type UpdatePackageSectionRequest = z.infer<typeof UpdatePackageSectionRequestSchema>;

/** The saved order of a signup (GET /v2/signups/{signupId}). */
export const SavedOrderSchema = z.object({
  packageId: z.number().int(),
  productId: SubscriptionTermSchema.nullable(),
  services: z.array(z.enum(BUILD_YOUR_OWN_OPTION_CODES)),
});
export type SavedOrder = z.infer<typeof SavedOrderSchema>;

/** A promo or subscription code as typed: trimmed; blank entries are dropped by the server. */
const codeInput = z.string(errorKey('invalidValue')).trim().max(64, errorKey('invalidValue'));

/** Up to five promo or subscription codes as typed; none when left out. */
export const EnteredCodesSchema = z
  .array(codeInput, errorKey('invalidValue'))
  .max(5, errorKey('invalidValue'))
  .nullish()
  .transform((v) => v ?? []);
const shortText = optionalText(100);

/** The billing address as far as pricing reads it (country and region decide currency and tax). */
export const PricingAddressSchema = z.object(
  {
    line1: shortText,
    line2: shortText,
    city: shortText,
    region: shortText,
    postalCode: shortText,
    country: shortText,
    type: shortText,
  },
  errorKey('invalidValue'),
);

/** Whether Parent A pays for the co-parent too; left out (or null) means no. */
export const PayForCoparentSchema = z
  .boolean(errorKey('invalidValue'))
  .nullish()
  .transform((v) => v === true);

/**
 * POST /v2/signups/{signupId}/pricing: the price of an order for this signup. Amounts in
 * the body are never read: unknown keys are dropped and the server prices from its catalog.
 */
export const PricingRequestSchema = z.object(
  {
    address: PricingAddressSchema.nullish().transform((v) => v ?? undefined),
    /** The signup id (the spec's "limboId"); when given it must be the one in the path. */
    limboId: optionalInput(z.string().max(64)),
    orderDetail: OrderSchema,
    payForCoparent: PayForCoparentSchema,
    /** Subscription (activation) codes. */
    paymentCodes: EnteredCodesSchema,
    promoCodes: EnteredCodesSchema,
    phoneCountryCode: optionalInput(z.string().max(16)),
    phoneNumber: optionalInput(z.string().max(32)),
  },
  errorKey('invalidValue'),
);
export type PricingRequest = z.infer<typeof PricingRequestSchema>;
export type PricingRequestInput = z.input<typeof PricingRequestSchema>;

const money = z.number().int();

export const CouponDetailSchema = z.object({
  couponCode: z.string(),
  description: z.string(),
  /** The discount in minor units. */
  discount: money,
  discountFormatted: z.string(),
  /** floor(discount / subTotal × 100). */
  percent: z.number().int(),
});
export type CouponDetail = z.infer<typeof CouponDetailSchema>;

export const PaymentCodeDetailSchema = z.object({
  code: z.string(),
  amount: money,
  amountFormatted: z.string(),
});
export type PaymentCodeDetail = z.infer<typeof PaymentCodeDetailSchema>;

export const PricingTotalsSchema = z.object({
  currencyCode: CurrencyCodeSchema,
  selectedPackageTotal: money,
  selectedPackageTotalFormatted: z.string(),
  subTotal: money,
  subTotalFormatted: z.string(),
  subTotalAfterDiscount: money,
  subTotalAfterDiscountFormatted: z.string(),
  paymentCodeTotal: money,
  paymentCodeTotalFormatted: z.string(),
  taxAmount: money,
  taxAmountFormatted: z.string(),
  total: money,
  totalFormatted: z.string(),
});
export type PricingTotals = z.infer<typeof PricingTotalsSchema>;

/** Pricing info, as `calculatePricing` computes it. */
export const PricingInfoSchema = z.object({
  couponDetail: CouponDetailSchema.nullable(),
  payForCoParent: z.boolean(),
  paymentCodeDetails: z.array(PaymentCodeDetailSchema),
  taxes: z.array(TaxLineSchema),
  taxId: z.string().nullable(),
  /** True when the total is what will be charged (taxes are known for the destination). */
  finalPrice: z.boolean(),
  taxesCalculated: z.boolean(),
  /** VAT-inclusive prices: the tax part is shown, not added. */
  pricesIncludeTax: z.boolean(),
  totals: PricingTotalsSchema,
});
export type PricingInfo = z.infer<typeof PricingInfoSchema>;

/** The server's answer: the pricing info and the request as it understood it. */
export const PricingResponseSchema = PricingInfoSchema.extend({
  request: z.object({
    orderDetail: SavedOrderSchema,
    payForCoparent: z.boolean(),
    paymentCodes: z.array(z.string()),
    promoCodes: z.array(z.string()),
    country: z.string().nullable(),
    region: z.string().nullable(),
    pricingGroupName: PricingGroupSchema,
  }),
});
export type PricingResponse = z.infer<typeof PricingResponseSchema>;

/** GET /v2/pricing query. */
export const PricingLookupQuerySchema = z.object({
  country: z.string().max(8).optional(),
  countryCode: z.string().max(16).optional(),
  phoneNumber: z.string().max(32).optional(),
});
export type PricingLookupQuery = z.infer<typeof PricingLookupQuerySchema>;

export const PricingLookupResponseSchema = z.object({
  pricingGroupName: PricingGroupSchema,
  packageIds: z.array(z.number().int()),
  /** The country the group was decided by (null when none was known). */
  country: z.string().nullable(),
  currencyCode: CurrencyCodeSchema,
});
export type PricingLookupResponse = z.infer<typeof PricingLookupResponseSchema>;

/** A build-your-own option of a package, priced in the package's currency. */
export const PackageOptionSchema = z.object({
  code: z.enum(BUILD_YOUR_OWN_OPTION_CODES),
  /** The build-your-own values key (myfiles, tonemeter, unlimitedPayments, calls). */
  key: z.string(),
  name: z.string(),
  amount: money,
  amountFormatted: z.string(),
  /** Free in the treatment of show-price-in-build-your-own (MYFILES, CALLSBASIC). */
  freeInTreatment: z.boolean(),
});
export type PackageOption = z.infer<typeof PackageOptionSchema>;

/** A package as listed, localised and priced for the visitor. */
export const PackageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  pricingGroup: PricingGroupSchema,
  displayName: z.string(),
  receiptText: z.string(),
  /** What the package includes, one line each, in the visitor's language. */
  features: z.array(z.string()),
  /** The package the comparison recommends (one family per pricing group). */
  recommended: z.boolean(),
  buildYourOwn: z.boolean(),
  subDurationInYears: z.union([z.literal(1), z.literal(2)]),
  /** The build-your-own term product of this package (SUB1YEAR or SUB2YEAR). */
  subscription: SubscriptionTermSchema,
  /** One subscription; for build-your-own the base price without options. */
  totalPrice: money,
  totalPriceFormatted: z.string(),
  currencyCode: CurrencyCodeSchema,
  currencySymbol: z.string(),
  /** The VAT/GST part of totalPrice where prices include it; 0 where tax is added on top. */
  vatAmount: money,
  vatAmountFormatted: z.string(),
  pricesIncludeTax: z.boolean(),
  /** 'VAT' for packages 2061 and 2063, 'TAX' for the others. */
  taxWording: z.enum(TAX_WORDINGS),
  analyticsPackage: z.string(),
  packageName: z.string(),
  /** Cards are shown in ascending sortOrder. */
  sortOrder: z.number().int(),
  /** Build-your-own options (empty for other packages). */
  options: z.array(PackageOptionSchema),
});
export type Package = z.infer<typeof PackageSchema>;

export const PackagesQuerySchema = z.object({
  ids: z
    .string()
    .max(500)
    .regex(/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/, errorKey('pricing_package_error'))
    .optional()
    .describe('Comma-separated package ids; without it, the packages of the country'),
  country: z.string().max(8).optional(),
});

export const PackagesResponseSchema = z.object({ packages: z.array(PackageSchema) });
export type PackagesResponse = z.infer<typeof PackagesResponseSchema>;

export const COUPON_SOURCES = ['REFERRER', 'PROMOTION'] as const;

/** An available coupon (GET /v2/signups/{signupId}/coupons), shown as a banner on cards. */
export const CouponSchema = z.object({
  couponCode: z.string(),
  source: z.enum(COUPON_SOURCES),
  description: z.string(),
  bannerText: z.string(),
  /** Percent off, or null for an amount off. */
  percent: z.number().int().nullable(),
  /** Amount off in minor units of `currencyCode`, or null for a percent off. */
  amount: money.nullable(),
  amountFormatted: z.string().nullable(),
  currencyCode: CurrencyCodeSchema,
  /** Package codes it applies to (null: every package). */
  packageCodes: z.array(z.string()).nullable(),
  /** Applied without typing a code (a referrer's discount, an automatic promotion). */
  autoApply: z.boolean(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponsQuerySchema = z.object({ country: z.string().max(8).optional() });
export const CouponsResponseSchema = z.object({ coupons: z.array(CouponSchema) });
export type CouponsResponse = z.infer<typeof CouponsResponseSchema>;

export const CountryCriteriaSchema = z.object(
  {
    countryCode: optionalInput(z.string().max(16)),
    phoneNumber: optionalInput(z.string().max(32)),
    country: optionalInput(z.string().max(8)),
  },
  errorKey('invalidValue'),
);

/** POST /v2/signups/{signupId}/country-check. */
export const CountryCheckRequestSchema = z.object(
  { packageId: PackageIdSchema, countryCriteria: CountryCriteriaSchema },
  errorKey('invalidValue'),
);
export type CountryCheckRequest = z.infer<typeof CountryCheckRequestSchema>;

export const CountryCheckResponseSchema = PricingLookupResponseSchema;
