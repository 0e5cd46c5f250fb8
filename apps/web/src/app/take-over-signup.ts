import type { SignupState } from '@coparent/domain';
import { useFunnelStore } from '@/stores/funnel-store';

/**
 * The tab goes on with the unpaid signup the server wrote the page with (the one its key cookie
 * names). The same signup as the tab's: the tab's store, drafts included, goes on. None in the
 * tab: the tab takes it. Another: the cookie's is the live one (a signup made later in another tab
 * took the cookie over), so the tab forgets its own, drafts included, and takes the server's.
 */
export function takeOverSignup(signup: SignupState): void {
  if (signup.paid) return;
  const funnel = useFunnelStore.getState();
  if (funnel.signupId === signup.signupId) {
    funnel.syncFromServer(signup);
  } else {
    if (funnel.signupId !== undefined) funnel.reset();
    useFunnelStore.getState().adoptSignup(signup);
  }
}
