// Imported lazily by get-coupons.ts: keeps zod out of the layout's static imports.
export { CouponsResponseSchema } from '@coparent/domain';
