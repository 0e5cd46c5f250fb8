import {
  type Coupon,
  type Package,
  type PackageOption,
  type PricingLookupResponse,
  type PricingRequestInput,
  packageSavePricingBody,
  SignupStateSchema,
} from '@coparent/domain';
import { type MockReply, on, type RecordedCall } from './fetch-mock';
import { SIGNUP_ID, signupState } from './join-fixtures';

// Packages as the server describes them (docs/pricing.md's demo catalog), for the package screens.

function option(
  code: PackageOption['code'],
  key: string,
  name: string,
  amount: number,
  freeInTreatment: boolean,
): PackageOption {
  return {
    code,
    key,
    name,
    amount,
    amountFormatted: `$${(amount / 100).toFixed(2)}`,
    freeInTreatment,
  };
}

type PackageInit = Pick<Package, 'id' | 'code' | 'displayName' | 'totalPrice' | 'sortOrder'> &
  Partial<Package>;

function makePackage(init: PackageInit): Package {
  const years = init.code.endsWith('2') ? 2 : 1;
  return {
    pricingGroup: 'P3',
    receiptText: init.displayName,
    features: init.code.startsWith('PREM')
      ? ['Everything in Essentials', 'ToneMeter']
      : ['Shared parenting calendar', 'Secure messages'],
    recommended: init.code.startsWith('PREM'),
    buildYourOwn: false,
    subDurationInYears: years,
    subscription: years === 2 ? 'SUB2YEAR' : 'SUB1YEAR',
    totalPriceFormatted: `$${(init.totalPrice / 100).toFixed(2)}`,
    currencyCode: 'USD',
    currencySymbol: '$',
    vatAmount: 0,
    vatAmountFormatted: '$0.00',
    pricesIncludeTax: false,
    taxWording: 'TAX',
    analyticsPackage: `P3 ${init.displayName}`,
    packageName: init.code.toLowerCase(),
    options: [],
    ...init,
  } as Package;
}

const BYO1_OPTIONS = [
  option('MYFILES', 'myfiles', 'My Files (1 GB file storage)', 1000, true),
  option('TONEMETER', 'tonemeter', 'ToneMeter', 1500, false),
  option('UNLIMITEDPAYMENTS', 'unlimitedPayments', 'Unlimited payments', 2000, false),
  option('CALLSBASIC', 'calls', 'Calls', 1000, true),
];
const BYO2_OPTIONS = [
  option('MYFILES', 'myfiles', 'My Files (1 GB file storage)', 1800, true),
  option('TONEMETER', 'tonemeter', 'ToneMeter', 2700, false),
  option('UNLIMITEDPAYMENTS', 'unlimitedPayments', 'Unlimited payments', 3600, false),
  option('CALLSBASIC', 'calls', 'Calls', 1800, true),
];

/** The United States (P3) packages. */
export const US_PACKAGES: Package[] = [
  makePackage({
    id: 3001,
    code: 'ESS1',
    displayName: 'Essentials · 1 year',
    totalPrice: 9999,
    sortOrder: 10,
  }),
  makePackage({
    id: 3002,
    code: 'ESS2',
    displayName: 'Essentials · 2 years',
    totalPrice: 17999,
    sortOrder: 11,
  }),
  makePackage({
    id: 3003,
    code: 'PREM1',
    displayName: 'Premium · 1 year',
    totalPrice: 14999,
    sortOrder: 20,
  }),
  makePackage({
    id: 3004,
    code: 'PREM2',
    displayName: 'Premium · 2 years',
    totalPrice: 24999,
    sortOrder: 21,
  }),
  makePackage({
    id: 3005,
    code: 'BYO1',
    displayName: 'Build your own · 1 year',
    totalPrice: 7999,
    sortOrder: 30,
    buildYourOwn: true,
    options: BYO1_OPTIONS,
  }),
  makePackage({
    id: 3006,
    code: 'BYO2',
    displayName: 'Build your own · 2 years',
    totalPrice: 13999,
    sortOrder: 31,
    buildYourOwn: true,
    options: BYO2_OPTIONS,
  }),
];

/** The United Kingdom's two Premium packages, with VAT wording. */
export const GB_PACKAGES: Package[] = [
  makePackage({
    id: 2061,
    code: 'PREM1',
    pricingGroup: 'P2',
    displayName: 'Premium · 1 year',
    totalPrice: 11999,
    totalPriceFormatted: '£119.99',
    currencyCode: 'GBP',
    currencySymbol: '£',
    vatAmount: 2000,
    vatAmountFormatted: '£20.00',
    pricesIncludeTax: true,
    taxWording: 'VAT',
    sortOrder: 20,
  }),
  makePackage({
    id: 2063,
    code: 'PREM2',
    pricingGroup: 'P2',
    displayName: 'Premium · 2 years',
    totalPrice: 19999,
    totalPriceFormatted: '£199.99',
    currencyCode: 'GBP',
    currencySymbol: '£',
    vatAmount: 3333,
    vatAmountFormatted: '£33.33',
    pricesIncludeTax: true,
    taxWording: 'VAT',
    sortOrder: 21,
  }),
];

export function lookupFor(packages: readonly Package[], country: string): PricingLookupResponse {
  return {
    pricingGroupName: packages[0]?.pricingGroup ?? 'P0',
    // Deliberately not in card order: the screen sorts.
    packageIds: [...packages].reverse().map((pkg) => pkg.id),
    country,
    currencyCode: packages[0]?.currencyCode ?? 'USD',
  };
}

/** GET /v2/pricing and GET /v2/packages for a market (the packages answer unsorted). */
export function onPricingFor(packages: readonly Package[], country: string) {
  return [
    on('GET', /^\/v2\/pricing(\?|$)/, { body: lookupFor(packages, country) }),
    on('GET', /^\/v2\/packages\?/, (call) => {
      const ids = new URL(call.url, 'http://x').searchParams.get('ids')?.split(',').map(Number);
      return {
        body: {
          packages: [...packages].reverse().filter((pkg) => !ids || ids.includes(pkg.id)),
        },
      };
    }),
  ];
}

export function coupon(init: Partial<Coupon> & Pick<Coupon, 'couponCode' | 'bannerText'>): Coupon {
  return {
    source: 'PROMOTION',
    description: init.bannerText,
    percent: 20,
    amount: null,
    amountFormatted: null,
    currencyCode: 'USD',
    packageCodes: null,
    autoApply: false,
    ...init,
  };
}

export function onCoupons(coupons: Coupon[] = []) {
  return on('GET', `/v2/signups/${SIGNUP_ID}/coupons`, { body: { coupons } });
}

/** The signup as the server reads it, with a package choice. */
export function signupWithOrder(
  lastCompletedStep: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...signupState(lastCompletedStep),
    order: null,
    buildYourOwn: null,
    pendingBuildYourOwnPackageId: null,
    ...extra,
  };
}

/**
 * A small fake of the signup on the server: GET answers the current state, a PACKAGE PATCH
 * updates it the way the server does (3, or 2 for a build-your-own package without values).
 * With `price` (the pricing call's fake), the PACKAGE save answers like today's server: the
 * signup after the save and the price of its complete order for /payment's first body; without
 * it, like an older one (its warnings only).
 */
export function fakeSignupServer(
  initial: Record<string, unknown>,
  packages: readonly Package[],
  { price }: { price?: (body: PricingRequestInput) => unknown } = {},
) {
  let state = { ...initial };
  const packageAnswer = () => {
    if (!price) return { validationErrors: [] };
    const signup = SignupStateSchema.parse(state);
    const body = signup.order && packageSavePricingBody(signup.order, signup.parent);
    return { validationErrors: [], signup, pricing: body ? price(body) : null };
  };
  const patch = (call: RecordedCall): MockReply => {
    const body = call.body as {
      sections: string[];
      order?: { packageId: number };
      buildYourOwn?: { subscription: string; [key: string]: unknown };
    };
    if (body.sections[0] !== 'PACKAGE' || !body.order) return { body: { validationErrors: [] } };
    const pkg = packages.find((p) => p.id === body.order?.packageId);
    if (pkg?.buildYourOwn && !body.buildYourOwn) {
      state = { ...state, lastCompletedStep: 2, order: null, pendingBuildYourOwnPackageId: pkg.id };
    } else {
      const services = body.buildYourOwn
        ? Object.entries({
            MYFILES: body.buildYourOwn.myfiles,
            TONEMETER: body.buildYourOwn.tonemeter,
            UNLIMITEDPAYMENTS: body.buildYourOwn.unlimitedPayments,
            CALLSBASIC: body.buildYourOwn.calls,
          })
            .filter(([, on]) => on)
            .map(([code]) => code)
        : [];
      state = {
        ...state,
        lastCompletedStep: 3,
        pendingBuildYourOwnPackageId: null,
        order: { packageId: pkg?.id, productId: pkg?.subscription, services },
        buildYourOwn: body.buildYourOwn ?? null,
      };
    }
    return { body: packageAnswer() };
  };
  return {
    handlers: [
      on('GET', `/v2/signups/${SIGNUP_ID}`, () => ({ body: state })),
      on('PATCH', `/v2/signups/${SIGNUP_ID}`, patch),
    ],
    get state() {
      return state;
    },
  };
}
