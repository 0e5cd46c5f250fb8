// Imported lazily by the package calls: keeps zod out of the layout's and the steps' static imports
// (the schemas load when an answer needs reading).
export {
  CodeCheckResponseSchema,
  CouponsResponseSchema,
  PackagesResponseSchema,
  PricingLookupResponseSchema,
} from '@coparent/domain';
