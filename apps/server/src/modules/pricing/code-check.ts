import {
  type CodeCheckRequest,
  type CodeCheckResponse,
  codeRefusalKey,
  type Locale,
  normalizeCode,
  type PricingRequest,
  PricingRequestSchema,
  type PricingResponse,
  subscriptionCodeRejection,
  termForYears,
  translateMessage,
} from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import { FieldValidationError } from '../../errors.js';
import { type Catalog, type CatalogPackage, saleCurrency } from './catalog.js';
import { packageNamesOfCode } from './payment-codes.js';
import { findSubscriptionCodes } from './repo.js';
import type { PricedSignup, SavedOrder, SignupAccess } from './signup-access.js';

type CodeCheckDeps = {
  db: Executor;
  now: () => Date;
  signups: SignupAccess;
  readCatalog: () => Promise<Catalog>;
  /** The packages a signup is offered, and the country they are sold in. */
  offeredTo: (
    row: PricedSignup,
    catalog: Catalog,
  ) => { country: string | null; packages: CatalogPackage[] };
  /** The pricing call's computation (service.ts), for what the code covers of each package. */
  quote: (
    row: PricedSignup,
    saved: SavedOrder | undefined,
    body: PricingRequest,
    ctx: { locale: Locale },
  ) => Promise<PricingResponse>;
};

/**
 * POST /v2/signups/{id}/codes/check: one subscription code against every package the signup is
 * offered, in one call: the packages it pays for and how much of each, or 422 at `code` saying
 * why it pays for none (unknown, already used, expired, another country or currency, other
 * packages, named).
 */
export function createCodeCheck({
  db,
  now,
  signups,
  readCatalog,
  offeredTo,
  quote,
}: CodeCheckDeps) {
  return async function checkCode(
    signupId: string,
    registrationKey: string | undefined,
    body: CodeCheckRequest,
    ctx: { locale: Locale },
  ): Promise<CodeCheckResponse> {
    const { row, order: saved } = await signups.authorize(signupId, registrationKey);
    const catalog = await readCatalog();
    const code = normalizeCode(body.code);
    const [definition] = await findSubscriptionCodes(db, [code]);
    const { country, packages } = offeredTo(row, catalog);
    const instant = now();
    const rejections = definition
      ? packages.map((pkg) => {
          const currency = saleCurrency(pkg, country);
          if (!currency) return 'CURRENCY' as const;
          return subscriptionCodeRejection(definition, {
            now: instant,
            packageCode: pkg.code,
            currency,
          });
        })
      : undefined;
    const covered = packages.filter((_, index) => rejections?.[index] === null);
    if (covered.length === 0) {
      const text = translateMessage(codeRefusalKey(rejections), ctx.locale, {
        packages: packageNamesOfCode(catalog, definition?.packageCode, ctx.locale),
      });
      throw new FieldValidationError([{ field: 'code', text, type: 'ERROR' }]);
    }
    const priced = await Promise.all(
      covered.map(async (pkg) => {
        const request = PricingRequestSchema.parse({
          orderDetail: pkg.buildYourOwn
            ? { packageId: pkg.id, productId: termForYears(pkg.subDurationInYears), services: [] }
            : { packageId: pkg.id },
          paymentCodes: [code],
        });
        const { totals, paymentCodeDetails } = await quote(row, saved, request, ctx);
        const detail = paymentCodeDetails.find((d) => normalizeCode(d.code) === code);
        return {
          packageId: pkg.id,
          isFullyCovered: totals.subTotalAfterDiscount - totals.paymentCodeTotal <= 0,
          amountFormatted: detail?.amountFormatted ?? '',
        };
      }),
    );
    return { code, packages: priced };
  };
}
