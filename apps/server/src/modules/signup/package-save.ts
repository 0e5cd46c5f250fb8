import {
  BUILD_YOUR_OWN_OPTION_CODES,
  buildYourOwnServices,
  EXPERIMENTS,
  isTreatment,
  type Locale,
  lastCompletedStepAfterPackage,
  subscriptionYears,
  termForYears,
  type UpdatePackageSectionRequest,
} from '@coparent/domain';
import type { Executor } from '../../db/client.js';
import type { SignupRow } from '../../db/schema.js';
import { AppError, fieldError } from '../../errors.js';
import { type ExperimentFlags, experimentArm, signupFlagContext } from '../flags/experiment-arm.js';
import { type CatalogPackage, findPackage, termSibling } from '../pricing/catalog.js';
import type { PricingService } from '../pricing/service.js';
import {
  findSignupBillingCountry,
  type SignupOrderChoice,
  saveSignupOrder,
  updateSignup,
} from './repo.js';
import type { SaveClock, SectionSaved } from './save-context.js';

export type PackageSaveDeps = SaveClock & {
  /** Decides the show-price-in-build-your-own arm saved with a build-your-own order. */
  flags: ExperimentFlags;
  /** The catalog the choice is checked against. */
  pricing: Pick<PricingService, 'catalogNow'>;
};

/** The PACKAGE save (step 3 and /alacarte): the order, checked against the catalog. */
export function createPackageSave({ now, expiresFrom, flags, pricing }: PackageSaveDeps) {
  /** Checks build-your-own option codes against a package's options. */
  function assertOptions(
    pkg: CatalogPackage,
    services: readonly string[],
    field: string,
    locale: Locale,
  ): void {
    const offered = new Set(pkg.options.map((o) => o.code));
    if (!services.every((code) => offered.has(code as (typeof pkg.options)[number]['code']))) {
      throw fieldError(field, 'pricing_services_error', locale);
    }
  }

  /**
   * Saves the package choice (step 3 and /alacarte). A package other than build-your-own
   * completes step 3; a build-your-own package without its values is recorded as pending and
   * sets lastCompletedStep to 2 (the browser goes to /alacarte); its values complete step 3,
   * switching to the package of the chosen term (BYO1 ↔ BYO2). A confirmed duplicate Parent A
   * may only choose P0 packages (409 DUPLICATE_PARENT: the browser goes to /duplicate).
   */
  async function savePackage(
    tx: Executor,
    row: SignupRow,
    input: UpdatePackageSectionRequest,
    locale: Locale,
  ): Promise<SectionSaved> {
    const catalog = await pricing.catalogNow(tx);
    const pkg = findPackage(catalog, input.order.packageId);
    if (!pkg) throw fieldError('order.packageId', 'pricing_package_error', locale);
    if (row.parentDuplicateConfirmed && pkg.pricingGroup !== 'P0') {
      throw new AppError('DUPLICATE_PARENT');
    }
    const term = termForYears(pkg.subDurationInYears);
    // The arm the browser showed the options in, decided again here from the signup's context.
    const inTreatment = async () =>
      isTreatment(
        await experimentArm(
          flags,
          EXPERIMENTS.showPriceInBuildYourOwn,
          signupFlagContext(row, locale, await findSignupBillingCountry(tx, row.id)),
        ),
      );
    const { order, buildYourOwn } = input;
    const canonical = (codes: readonly string[]) =>
      BUILD_YOUR_OWN_OPTION_CODES.filter((code) => codes.includes(code));

    let choice: SignupOrderChoice;
    if (!pkg.buildYourOwn) {
      if (buildYourOwn) throw fieldError('buildYourOwn', 'pricing_services_error', locale);
      if ((order.services ?? []).length > 0) {
        throw fieldError('order.services', 'pricing_services_error', locale);
      }
      if (order.productId !== undefined && order.productId !== term) {
        throw fieldError('order.productId', 'pricing_subscription_error', locale);
      }
      choice = {
        packageId: pkg.id,
        productId: term,
        services: [],
        complete: true,
        freeOptionsTreatment: false,
      };
    } else if (buildYourOwn) {
      const target = termSibling(catalog, pkg, subscriptionYears(buildYourOwn.subscription));
      if (!target)
        throw fieldError('buildYourOwn.subscription', 'pricing_subscription_error', locale);
      const services = buildYourOwnServices(buildYourOwn);
      assertOptions(target, services, 'buildYourOwn', locale);
      choice = {
        packageId: target.id,
        productId: buildYourOwn.subscription,
        services,
        complete: true,
        freeOptionsTreatment: await inTreatment(),
      };
    } else if (order.productId !== undefined && order.services !== undefined) {
      if (order.productId !== term) {
        throw fieldError('order.productId', 'pricing_subscription_error', locale);
      }
      assertOptions(pkg, order.services, 'order.services', locale);
      choice = {
        packageId: pkg.id,
        productId: term,
        services: canonical(order.services),
        complete: true,
        freeOptionsTreatment: await inTreatment(),
      };
    } else {
      choice = {
        packageId: pkg.id,
        productId: null,
        services: [],
        complete: false,
        freeOptionsTreatment: false,
      };
    }

    const instant = now();
    await saveSignupOrder(tx, row.id, choice, instant);
    const lastCompletedStep = lastCompletedStepAfterPackage(row.lastCompletedStep, {
      complete: choice.complete,
    });
    await updateSignup(tx, row.id, {
      lastCompletedStep,
      locale,
      updatedAt: instant,
      expiresAt: expiresFrom(instant),
    });
    return { warnings: [], lastCompletedStep };
  }

  return { savePackage };
}
