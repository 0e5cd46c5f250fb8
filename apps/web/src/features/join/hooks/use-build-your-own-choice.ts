import {
  type BuildYourOwnValues,
  buildYourOwnChoiceOfSignup,
  type SignupState,
} from '@coparent/domain';
import { useFunnelStore, useSignupKey } from '@/stores/funnel-store';
import { useCurrentSignup } from '../api/get-signup';

export type BuildYourOwnChoice =
  | { status: 'loading' }
  /** No build-your-own package was chosen on /step3: /alacarte is not reachable. */
  | { status: 'none' }
  | { status: 'ready'; packageId: number; savedValues: BuildYourOwnValues | null };

/** A saved signup's build-your-own choice, as /alacarte's guard says it. */
export function buildYourOwnChoiceOf(signup: SignupState): BuildYourOwnChoice {
  const choice = buildYourOwnChoiceOfSignup(signup);
  return choice ? { status: 'ready', ...choice } : { status: 'none' };
}

/**
 * /alacarte's guard: the build-your-own package chosen on /step3, pending (values not submitted)
 * or already completed (the person came back to change the options). The server's signup state
 * decides (on a page the server wrote, the signup it was `written` with until it is read again);
 * when it cannot be read, the package recorded in this tab is used.
 */
export function useBuildYourOwnChoice(written?: SignupState): BuildYourOwnChoice {
  const localPackageId = useFunnelStore((s) => s.packageId);
  // Only an answer read for this screen, or the choice's save answer, counts: a copy cached
  // before the package was saved may not have the pending choice yet.
  const { signup, current } = useCurrentSignup(useSignupKey(), written);
  if (current) return buildYourOwnChoiceOf(current);
  if (signup.isError && localPackageId !== undefined) {
    return { status: 'ready', packageId: localPackageId, savedValues: null };
  }
  return signup.isError ? { status: 'none' } : { status: 'loading' };
}
