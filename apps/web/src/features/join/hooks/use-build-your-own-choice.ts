import type { BuildYourOwnValues } from '@coparent/domain';
import { useFunnelStore, useSignupKey } from '@/stores/funnel-store';
import { useCurrentSignup } from '../api/get-signup';

type BuildYourOwnChoice =
  | { status: 'loading' }
  /** No build-your-own package was chosen on /step3: /alacarte is not reachable. */
  | { status: 'none' }
  | { status: 'ready'; packageId: number; savedValues: BuildYourOwnValues | null };

/**
 * /alacarte's guard: the build-your-own package chosen on /step3, pending (values not submitted)
 * or already completed (the person came back to change the options). The server's signup state
 * decides; when it cannot be read, the package recorded in this tab is used.
 */
export function useBuildYourOwnChoice(): BuildYourOwnChoice {
  const localPackageId = useFunnelStore((s) => s.packageId);
  // Only an answer read for this screen, or the choice's save answer, counts: a copy cached
  // before the package was saved may not have the pending choice yet.
  const { signup, current } = useCurrentSignup(useSignupKey());
  if (current) {
    const { pendingBuildYourOwnPackageId, buildYourOwn, order } = current;
    if (pendingBuildYourOwnPackageId) {
      return { status: 'ready', packageId: pendingBuildYourOwnPackageId, savedValues: null };
    }
    if (buildYourOwn && order) {
      return { status: 'ready', packageId: order.packageId, savedValues: buildYourOwn };
    }
    return { status: 'none' };
  }
  if (signup.isError && localPackageId !== undefined) {
    return { status: 'ready', packageId: localPackageId, savedValues: null };
  }
  return signup.isError ? { status: 'none' } : { status: 'loading' };
}
