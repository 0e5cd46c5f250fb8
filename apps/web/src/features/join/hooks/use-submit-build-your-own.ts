import {
  type BuildYourOwnValues,
  buildYourOwnServices,
  lastCompletedStepAfterPackage,
  type Package,
} from '@coparent/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from '@/lib/analytics';
import { readSignupKey, useFunnelStore } from '@/stores/funnel-store';
import { type PackageSaveAnswer, usePackageSaveErrors, useSavePackage } from './use-choose-package';

/**
 * /alacarte's submit: save the build-your-own values (PACKAGE section with `buildYourOwn`; the
 * server decides the show-price-in-build-your-own arm itself), then lastCompletedStep 3 and
 * /payment.
 */
export function useSubmitBuildYourOwn(
  options: { onPriced?: (answer: PackageSaveAnswer) => void } = {},
) {
  const navigate = useNavigate();
  const { save, isSaving } = useSavePackage(options);
  const errors = usePackageSaveErrors();
  const [hasProblem, setHasProblem] = useState(false);

  const submit = async (values: BuildYourOwnValues, pkg: Package) => {
    setHasProblem(false);
    const signupKey = readSignupKey();
    if (!signupKey) {
      errors.restart();
      return;
    }
    try {
      await save({
        ...signupKey,
        body: {
          sections: ['PACKAGE'],
          order: { packageId: pkg.id },
          buildYourOwn: values,
        },
      });
    } catch (error) {
      if (!errors.handle(error)) setHasProblem(true);
      return;
    }
    const store = useFunnelStore.getState();
    store.setBuildYourOwnValues(values);
    store.setPackageChoice({
      packageId: pkg.id,
      lastCompletedStep: lastCompletedStepAfterPackage(store.lastCompletedStep, { complete: true }),
    });
    track('Build Your Own Submitted', {
      packageId: pkg.id,
      analyticsPackage: pkg.analyticsPackage,
      subscription: values.subscription,
      services: buildYourOwnServices(values),
    });
    navigate('/payment');
  };

  return { submit, isSubmitting: isSaving, hasProblem };
}
